import Link from "next/link"
import { mayOpenAdminArea, signInPath } from "@/auth"
import type { Session } from "@/lib/auth"
import { buttonClass } from "@/components/ui"
import { SignOutButton } from "./sign-out-button"
import { SignedInMenu } from "./signed-in-menu"

/** The header's account area: sign-in links, or the user's menu (the kit's Menu; see SignedInMenu), with "Create organization" when asked. */
export function UserMenu({ session, createOrganization = false }: { session: Session | null; createOrganization?: boolean }) {
  const user = session?.user
  if (!user) {
    return (
      <div className="flex items-center gap-2">
        {/* A plain link: the sign-in page is served by the auth route handler, not the router,
            and a router prefetch of it never settles. */}
        <a href={signInPath()} className={buttonClass({ kind: "secondary", size: "sm" })}>
          Sign in
        </a>
        <Link href="/signup" className={buttonClass({ kind: "primary", size: "sm" })}>
          Sign up
        </Link>
      </div>
    )
  }
  const label = user.name || user.email || "Account"
  return <SignedInMenu label={label} email={user.email} signOut={<SignOutButton />} admin={mayOpenAdminArea(session)} createOrganization={createOrganization} />
}
