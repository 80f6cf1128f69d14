import Link from "next/link"
import { signInPath } from "@/auth"
import type { Session } from "@/lib/auth"
import { SignOutButton } from "./sign-out-button"
import { SignedInMenu, menuItemClass } from "./signed-in-menu"

/** The header's account area: sign-in links, or the user's menu (a <details>, so it works without JavaScript; see AccountMenu). */
export function UserMenu({ session }: { session: Session | null }) {
  const user = session?.user
  if (!user) {
    return (
      <div className="flex items-center gap-2 text-sm">
        {/* A plain link: the sign-in page is served by the auth route handler, not the router,
            and a router prefetch of it never settles. */}
        <a href={signInPath()} className="rounded-md px-3 py-2 font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800">
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
  return <SignedInMenu label={label} email={user.email} signOut={<SignOutButton className={menuItemClass} />} />
}
