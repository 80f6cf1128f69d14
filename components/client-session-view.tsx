/**
 * What useSession() answered, as the dashboard shows it: the status, and the user's name once
 * there is a user. Markup only, so that bench:http's reference app shows it from next-auth's hook.
 */
export function ClientSessionView({ status, user }: { status: string; user: { name?: string | null } | null | undefined }) {
  return (
    <span data-testid="client-session">
      <span data-testid="client-session-status">{status}</span>
      {user ? (
        <>
          {" as "}
          <span data-testid="client-session-name">{user.name}</span>
        </>
      ) : null}
    </span>
  )
}
