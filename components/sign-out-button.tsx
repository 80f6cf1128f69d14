import { signOut } from "@/auth"
import { SignOutForm } from "./sign-out-form"

/** The app's sign-out item: the action ends the session on the server, then goes home. */
export function SignOutButton({ className }: { className?: string }) {
  async function signOutAction() {
    "use server"
    await signOut({ redirectTo: "/" })
  }
  return <SignOutForm action={signOutAction} className={className} />
}
