import { signOut } from "@/auth"
import { flash } from "@/server/flash"
import { SignOutForm } from "./sign-out-form"

/** The app's sign-out item: the action ends the session on the server, then goes home, where a toast says so. */
export function SignOutButton({ className }: { className?: string }) {
  async function signOutAction() {
    "use server"
    // Said on the page the sign-out lands on, so the user knows it worked (the header alone changes quietly).
    await flash("You are signed out")
    await signOut({ redirectTo: "/" })
  }
  return <SignOutForm action={signOutAction} className={className} />
}
