import Link from "next/link"
import type { Session } from "next-auth"
import { signOut } from "@/auth"
// The starter's own disclosure menu: a client component with no auth in it.
import { AccountMenu } from "../../../components/account-menu"

// The starter's header menu (components/user-menu.tsx, sign-out-button.tsx) on next-auth's signOut.
const itemClass =
  "block w-full rounded px-3 py-2 text-left text-sm hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:outline-none dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800"

function initials(name: string): string {
  return name
    .split(" ")
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase()
}

function SignOutButton({ className }: { className?: string }) {
  async function signOutAction() {
    "use server"
    await signOut({ redirectTo: "/" })
  }
  return (
    <form action={signOutAction}>
      <button type="submit" className={className} data-testid="sign-out">
        Sign out
      </button>
    </form>
  )
}

export function UserMenu({ session }: { session: Session | null }) {
  const user = session?.user
  if (!user) {
    return (
      <div className="flex items-center gap-2 text-sm">
        <a href="/api/auth/signin" className="rounded-md px-3 py-2 font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800">
          Sign in
        </a>
        <Link
          href="/signup"
          className="rounded-md bg-indigo-600 px-3 py-2 font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          Sign up
        </Link>
      </div>
    )
  }
  const label = user.name || user.email || "Account"
  return (
    <AccountMenu
      label={label}
      trigger={
        <>
          <span aria-hidden="true" className="grid size-8 place-items-center rounded-full bg-indigo-600 text-xs font-semibold text-white">
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
        <p className="truncate px-3 py-2 text-xs text-zinc-500 dark:text-zinc-400">{user.email}</p>
        <Link href="/dashboard" className={itemClass}>
          Dashboard
        </Link>
        <Link href="/settings" className={itemClass}>
          Settings
        </Link>
        <SignOutButton className={itemClass} />
      </div>
    </AccountMenu>
  )
}
