"use client"
/**
 * The signed-in user's main navigation: Dashboard and Settings, and Admin for
 * those allowed (`admin`), the current one marked (aria-current), so a sighted
 * and a screen-reader user alike know where they are.
 */
import Link from "next/link"
import { usePathname } from "next/navigation"
import { cx } from "@/components/ui"
import { sectionLinks } from "./section-links"

export function MainNav({ admin = false }: { admin?: boolean }) {
  // Null outside the App Router (a test's static render): nothing is current then.
  const pathname = usePathname() ?? ""
  return (
    <nav aria-label="Main" className="flex items-center gap-1">
      {sectionLinks({ admin }).map(({ href, label }) => {
        const current = pathname === href || pathname.startsWith(`${href}/`)
        return (
          <Link
            key={href}
            href={href}
            aria-current={current ? "page" : undefined}
            className={cx(
              "rounded-control px-2.5 py-1.5 text-sm font-medium sm:px-3",
              current ? "bg-accent-soft text-accent-text" : "text-muted hover:bg-surface-muted hover:text-fg",
            )}
          >
            {label}
          </Link>
        )
      })}
    </nav>
  )
}
