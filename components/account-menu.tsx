"use client"
/**
 * The header's account menu as a disclosure: a <details> element, so it opens
 * and its links work without JavaScript, enhanced here so that it behaves as
 * users expect of a menu: Escape closes it and puts focus back on the trigger,
 * a click or focus outside closes it, and so does any navigation.
 */
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react"
import { usePathname } from "next/navigation"

export function AccountMenu({ label, trigger, children }: { label: string; trigger: ReactNode; children: ReactNode }) {
  const detailsRef = useRef<HTMLDetailsElement>(null)
  const summaryRef = useRef<HTMLElement>(null)
  const [open, setOpen] = useState(false)
  const pathname = usePathname()

  const close = useCallback((returnFocus: boolean) => {
    const details = detailsRef.current
    if (!details?.open) return
    details.open = false
    if (returnFocus) summaryRef.current?.focus()
  }, [])

  // Opened before hydration (a click while the script loaded): take the element's state.
  useEffect(() => setOpen(detailsRef.current?.open ?? false), [])

  // A new page closes the menu; focus stays where the router puts it.
  useEffect(() => close(false), [pathname, close])

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!detailsRef.current?.contains(event.target as Node)) close(false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault()
        close(true)
      }
    }
    document.addEventListener("pointerdown", onPointerDown)
    document.addEventListener("keydown", onKeyDown)
    return () => {
      document.removeEventListener("pointerdown", onPointerDown)
      document.removeEventListener("keydown", onKeyDown)
    }
  }, [open, close])

  return (
    <details
      ref={detailsRef}
      className="relative"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      // Tabbing past the last item leaves the menu: it should not stay open behind the focus.
      onBlur={(event) => {
        if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) close(false)
      }}
      // A link followed to the page already shown is no navigation: close on any choice.
      onClick={(event) => {
        if ((event.target as Element).closest("a")) close(true)
      }}
    >
      <summary
        ref={summaryRef}
        aria-label={`Account menu for ${label}`}
        aria-expanded={open}
        className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1 text-sm font-medium hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:hover:bg-zinc-800 [&::-webkit-details-marker]:hidden"
      >
        {trigger}
      </summary>
      {children}
    </details>
  )
}
