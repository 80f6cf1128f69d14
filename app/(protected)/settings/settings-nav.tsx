"use client"
/**
 * Settings' sub-navigation: Profile, Security, Sessions & activity, Data,
 * Danger zone, as in-page links. A column beside the sections on a wide
 * screen, a scrolling row under the header on a phone; both stay in view, and
 * the group being read is marked (aria-current="location"). Old anchors are
 * taken to the element they now mean (settings-sections.ts).
 */
import { useEffect, useState } from "react"
import { cx } from "@/components/ui"
import { movedAnchor, SETTINGS_SECTIONS, type SettingsSectionId } from "./settings-sections"

export function SettingsNav() {
  const [active, setActive] = useState<SettingsSectionId>(SETTINGS_SECTIONS[0].id)

  useEffect(() => {
    const target = movedAnchor(window.location.hash)
    if (target) document.getElementById(target)?.scrollIntoView({ block: "start" })
  }, [])

  useEffect(() => {
    const groups = SETTINGS_SECTIONS.map(({ id }) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null)
    let frame = 0
    // The group whose top has passed the upper third of the viewport is the one being read;
    // at the very bottom, the last one, however short it is.
    const update = () => {
      frame = 0
      const line = window.innerHeight / 3
      let current: string | undefined = groups[0]?.id
      for (const group of groups) if (group.getBoundingClientRect().top <= line) current = group.id
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) current = groups.at(-1)?.id
      if (current) setActive(current as SettingsSectionId)
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    frame = requestAnimationFrame(update)
    window.addEventListener("scroll", onScroll, { passive: true })
    window.addEventListener("resize", onScroll)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener("scroll", onScroll)
      window.removeEventListener("resize", onScroll)
    }
  }, [])

  return (
    <nav
      aria-label="Settings"
      className={cx(
        "sticky top-14 z-30 -mx-4 mb-6 border-b border-border bg-canvas/95 px-4 backdrop-blur sm:-mx-6 sm:px-6",
        "lg:top-20 lg:mx-0 lg:mb-0 lg:self-start lg:border-0 lg:bg-transparent lg:px-0 lg:backdrop-blur-none",
      )}
    >
      <ul className="flex gap-1 overflow-x-auto py-2 lg:flex-col lg:overflow-visible lg:py-0">
        {SETTINGS_SECTIONS.map(({ id, label }) => (
          <li key={id} className="shrink-0">
            <a
              href={`#${id}`}
              aria-current={active === id ? "location" : undefined}
              onClick={() => setActive(id)}
              className={cx(
                "block rounded-control px-3 py-1.5 text-sm font-medium whitespace-nowrap",
                active === id ? "bg-accent-soft text-accent-text" : "text-muted hover:bg-surface-muted hover:text-fg",
                id === "danger-zone" && active !== id && "text-danger-text",
              )}
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
