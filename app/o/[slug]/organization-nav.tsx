"use client"
/**
 * An organization's sub-navigation: Home, Members, Teams, Settings and (for its
 * owners and admins, who alone may read it) Activity, the current page
 * marked with aria-current. Links only: it works without JavaScript.
 */
import Link from "next/link"
import { usePathname } from "next/navigation"
import { cx } from "@/components/ui"

export function OrganizationNav({ slug, activity }: { slug: string; activity: boolean }) {
  const pathname = usePathname() ?? ""
  const base = `/o/${slug}`
  const links = [
    { href: base, label: "Home" },
    { href: `${base}/members`, label: "Members" },
    { href: `${base}/teams`, label: "Teams" },
    { href: `${base}/settings`, label: "Settings" },
    ...(activity ? [{ href: `${base}/activity`, label: "Activity" }] : []),
  ]
  return (
    <nav aria-label="Organization" className="-mx-4 border-b border-border px-4 sm:-mx-6 sm:px-6">
      <ul className="flex gap-1 overflow-x-auto pb-2">
        {links.map(({ href, label }) => {
          const current = href === base ? pathname === base : pathname === href || pathname.startsWith(`${href}/`)
          return (
            <li key={href} className="shrink-0">
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                className={cx(
                  "block rounded-control px-3 py-1.5 text-sm font-medium whitespace-nowrap",
                  current ? "bg-accent-soft text-accent-text" : "text-muted hover:bg-surface-muted hover:text-fg",
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
