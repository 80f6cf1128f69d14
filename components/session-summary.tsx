import type { ReactNode } from "react"

const STRATEGY_NOTE = {
  database: "a session row in the database, revocable, deleted on sign-out",
  jwt: "an encrypted cookie, no database read per request",
} as const

export interface SessionSummaryProps {
  user: { id?: string | null; email?: string | null }
  /** The session's expiry as the session object carries it (ISO 8601). */
  expires: string
  strategy: keyof typeof STRATEGY_NOTE
  /** What a client component reads through useSession(), rendered in the last row. */
  inBrowser: ReactNode
}

/**
 * The dashboard's "Your session" card. Markup only, with no auth import, so
 * that bench:http's reference app renders this very card on next-auth's
 * session (bench/next-auth-app).
 */
export function SessionSummary({ user, expires, strategy, inBrowser }: SessionSummaryProps) {
  return (
    <section
      aria-labelledby="account-heading"
      className="space-y-4 rounded-lg border border-zinc-200 p-6 dark:border-zinc-800"
    >
      <h2 id="account-heading" className="text-lg font-semibold">
        Your session
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-zinc-500 dark:text-zinc-400">Email</dt>
          <dd data-testid="dashboard-user-email" className="font-medium">{user.email}</dd>
        </div>
        <div>
          <dt className="text-sm text-zinc-500 dark:text-zinc-400">User id</dt>
          <dd className="truncate font-mono text-sm">{user.id}</dd>
        </div>
        <div>
          <dt className="text-sm text-zinc-500 dark:text-zinc-400">Session strategy</dt>
          <dd className="font-medium">
            <span data-testid="dashboard-strategy">{strategy}</span>
            <span className="block text-sm font-normal text-zinc-500 dark:text-zinc-400">{STRATEGY_NOTE[strategy]}</span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-zinc-500 dark:text-zinc-400">Session expires</dt>
          <dd className="font-medium">{new Date(expires).toUTCString()}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm text-zinc-500 dark:text-zinc-400">In the browser (useSession)</dt>
          <dd className="font-medium">{inBrowser}</dd>
        </div>
      </dl>
    </section>
  )
}
