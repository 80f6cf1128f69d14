import type { ReactNode } from "react"
import Link from "next/link"
import { appName } from "@/server/app-name"
import { MainNav } from "./main-nav"

/** The product's mark: a rounded key shape in the accent colour, beside the name (decorative). */
function Mark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7 shrink-0" fill="none">
      <rect width="24" height="24" rx="7" className="fill-accent" />
      <circle cx="10" cy="10.5" r="3.25" className="stroke-accent-fg" strokeWidth="2" />
      <path d="M12.4 12.9 17.5 18M15.2 15.7l1.6-1.6" className="stroke-accent-fg" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}

/**
 * The header of every page: the product's name (APP_NAME) and mark, the
 * organization switcher it is given (beside the mark, where the name of the
 * workspace sits in most products), the main navigation once signed in (with
 * Admin when `admin`: the caller checked the permission), and the account
 * area it is given. Markup only,
 * with no auth import, so that bench:http's reference app renders this very
 * header (bench/next-auth-app).
 */
export function SiteHeader({
  account,
  organizations,
  signedIn = false,
  admin = false,
}: {
  account: ReactNode
  organizations?: ReactNode
  signedIn?: boolean
  admin?: boolean
}) {
  return (
    <>
      {/* The first stop for the keyboard: past the header and its menus, straight to the page. */}
      <a
        href="#main"
        className="sr-only z-50 rounded-control bg-surface px-3 py-2 text-sm font-medium text-fg shadow-card focus:not-sr-only focus:fixed focus:top-2 focus:left-4"
      >
        Skip to content
      </a>
      {/* Opaque: text scrolling under a translucent bar makes both hard to read. */}
      <header className="sticky top-0 z-40 border-b border-border bg-surface">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-3 px-4 sm:gap-6 sm:px-6">
          <Link href="/" className="flex min-w-0 items-center gap-2 rounded-control font-semibold tracking-tight">
            <Mark />
            {/* On a phone, signed in, the navigation needs the room: the mark alone links home, the name stays for screen readers. */}
            <span className={signedIn ? "truncate max-sm:sr-only" : "truncate"}>{appName()}</span>
          </Link>
          {signedIn && organizations ? <div className="flex min-w-0 items-center">{organizations}</div> : null}
          {signedIn ? <MainNav admin={admin} /> : null}
          <nav aria-label="Account" className="ml-auto flex items-center" data-testid="header-account">
            {account}
          </nav>
        </div>
      </header>
    </>
  )
}
