"use client"
/**
 * The settings' own navigation (General, and whatever sections follow):
 * a column beside the forms on a wide screen, a row above them on a phone.
 * Links only, so it works without JavaScript; hidden while there is one section.
 */
import Link from "next/link"
import { usePathname } from "next/navigation"
import { cx } from "@/components/ui"
import type { SettingsSection } from "@/server/organizations/settings-sections"

export function SettingsNav({ base, sections }: { base: string; sections: readonly SettingsSection[] }) {
  const pathname = usePathname() ?? ""
  if (sections.length < 2) return null
  return (
    <nav aria-label="Settings sections" className="md:w-44 md:shrink-0">
      <ul className="flex gap-1 overflow-x-auto md:flex-col">
        {sections.map(({ path, label }) => {
          const href = path ? `${base}/${path}` : base
          const current = path ? pathname === href || pathname.startsWith(`${href}/`) : pathname === base
          return (
            <li key={href} className="shrink-0">
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                className={cx(
                  "block rounded-control px-3 py-1.5 text-sm font-medium whitespace-nowrap",
                  current ? "bg-surface-muted text-fg" : "text-muted hover:bg-surface-muted hover:text-fg",
                )}
              >
                {label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
