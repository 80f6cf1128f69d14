import { signOut } from "@/auth"

/** A form, so signing out works without JavaScript; the action ends the session on the server. */
export function SignOutButton({ className }: { className?: string }) {
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
