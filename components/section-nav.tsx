"use client"
/**
 * A row (or, on a wide screen, a column) of links to the sections of one
 * area, the current one marked with aria-current. Links only, so it works
 * without JavaScript. An organization's tabs and its settings' sections use it.
 */
import Link from "next/link"
import { usePathname } from "next/navigation"
import { cx } from "@/components/ui"

export interface SectionLink {
  href: string
  label: string
  /** Current only on this very path, not below it (an area's home). */
  exact?: boolean
}

export function SectionNav({
  label,
  links,
  className,
  listClassName,
  currentClassName,
}: {
  label: string
  links: readonly SectionLink[]
  className?: string
  listClassName?: string
  currentClassName: string
}) {
  // Null outside the App Router (a test's static render): nothing is current then.
  const pathname = usePathname() ?? ""
  return (
    <nav aria-label={label} className={className}>
      <ul className={cx("flex gap-1 overflow-x-auto", listClassName)}>
        {links.map(({ href, label: text, exact }) => {
          const current = exact ? pathname === href : pathname === href || pathname.startsWith(`${href}/`)
          return (
            <li key={href} className="shrink-0">
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                className={cx(
                  "block rounded-control px-3 py-1.5 text-sm font-medium whitespace-nowrap",
                  current ? currentClassName : "text-muted hover:bg-surface-muted hover:text-fg",
                )}
              >
                {text}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
