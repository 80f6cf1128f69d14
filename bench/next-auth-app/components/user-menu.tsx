import type { Session } from "next-auth"
import { signOut } from "@/auth"
// The starter's own menu and sign-out form: markup with no auth in it.
import { SignedInMenu } from "../../../components/signed-in-menu"
import { SignOutForm } from "../../../components/sign-out-form"

// The starter's header menu (components/user-menu.tsx) on next-auth's signOut. The bench is always
// signed in, so the signed-out branch is a plain link.
export function UserMenu({ session }: { session: Session | null }) {
  const user = session?.user
  if (!user) return <a href="/api/auth/signin">Sign in</a>
  async function signOutAction() {
    "use server"
    await signOut({ redirectTo: "/" })
  }
  const label = user.name || user.email || "Account"
  return <SignedInMenu label={label} email={user.email} signOut={<SignOutForm action={signOutAction} />} />
}
