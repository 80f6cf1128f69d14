import type { ReactNode } from "react"
import Link from "next/link"
import { AccountMenu } from "./account-menu"

/** The class of each item in the account menu (its links and the sign-out button). */
export const menuItemClass =
  "block w-full rounded px-3 py-2 text-left text-sm hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:outline-none dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800"

function initials(name: string): string {
  return name
    .split(" ")
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase()
}

/**
 * The header's menu for a signed-in user: initials, name, and a panel with
 * the address, Dashboard, Settings and the sign-out control it is given.
 * Markup only, with no auth import, so that bench:http's reference app
 * renders this very menu around next-auth's sign-out (bench/next-auth-app).
 */
export function SignedInMenu({ label, email, signOut }: { label: string; email: string | null | undefined; signOut: ReactNode }) {
  return (
    <AccountMenu
      label={label}
      trigger={
        <>
          <span
            aria-hidden="true"
            className="grid size-8 place-items-center rounded-full bg-indigo-600 text-xs font-semibold text-white"
          >
            {initials(label)}
          </span>
          <span className="hidden max-w-40 truncate sm:inline" data-testid="header-user-name">
            {label}
          </span>
        </>
      }
    >
      <div
        data-testid="account-menu-items"
        className="absolute right-0 z-10 mt-2 w-56 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
      >
        <p className="truncate px-3 py-2 text-xs text-zinc-500 dark:text-zinc-400">{email}</p>
        <Link href="/dashboard" className={menuItemClass}>
          Dashboard
        </Link>
        <Link href="/settings" className={menuItemClass}>
          Settings
        </Link>
        {signOut}
      </div>
    </AccountMenu>
  )
}
