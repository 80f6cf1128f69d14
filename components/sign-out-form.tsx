/**
 * The sign-out control: a form, so signing out works without JavaScript. The
 * action (the app's own, or in bench:http's reference app next-auth's) ends
 * the session on the server.
 */
export function SignOutForm({ action, className }: { action: () => Promise<void>; className?: string }) {
  return (
    <form action={action}>
      <button type="submit" className={className} data-testid="sign-out">
        Sign out
      </button>
    </form>
  )
}
