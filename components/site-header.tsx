import type { ReactNode } from "react"
import Link from "next/link"
import { appName } from "@/server/app-name"

/**
 * The header of every page: the home link and the account area it is given.
 * Markup only, with no auth import, so that bench:http's reference app renders
 * this very header (bench/next-auth-app).
 */
export function SiteHeader({ account }: { account: ReactNode }) {
  return (
    <header className="border-b border-zinc-200 dark:border-zinc-800">
      <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <Link href="/" className="font-semibold tracking-tight">
          {appName()}
        </Link>
        <nav aria-label="Account" data-testid="header-account">
          {account}
        </nav>
      </div>
    </header>
  )
}
