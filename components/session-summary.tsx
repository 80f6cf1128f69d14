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
  /** The expiry as the page shows it (a local time); the UTC string when absent. */
  expiresText?: ReactNode
}

/**
 * The dashboard's "Session details" for developers: a disclosure, closed by
 * default, so the session's internals are one click away for whoever builds
 * on the starter and out of sight for everyone else. Markup only, with no
 * auth import, so that bench:http's reference app renders this very block on
 * next-auth's session (bench/next-auth-app).
 */
export function SessionSummary({ user, expires, strategy, inBrowser, expiresText }: SessionSummaryProps) {
  return (
    <details className="group rounded-card border border-border bg-surface" data-testid="session-details">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-card px-5 py-4 text-sm font-medium sm:px-6 [&::-webkit-details-marker]:hidden">
        <span>
          Session details <span className="font-normal text-muted">· for developers</span>
        </span>
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 text-muted transition-transform group-open:rotate-180" fill="none" stroke="currentColor" strokeWidth="1.75">
          <path d="m4 6 4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <dl className="grid gap-4 border-t border-border px-5 py-5 text-sm sm:grid-cols-2 sm:px-6">
        <div>
          <dt className="text-muted">Session strategy</dt>
          <dd className="font-medium">
            <span data-testid="dashboard-strategy">{strategy}</span>
            <span className="block font-normal text-muted">{STRATEGY_NOTE[strategy]}</span>
          </dd>
        </div>
        <div>
          <dt className="text-muted">Session expires</dt>
          <dd className="font-medium">{expiresText ?? new Date(expires).toUTCString()}</dd>
        </div>
        <div>
          <dt className="text-muted">In the browser (useSession)</dt>
          <dd className="font-medium">{inBrowser}</dd>
        </div>
        <div>
          <dt className="text-muted">User id</dt>
          <dd className="truncate font-mono">{user.id}</dd>
        </div>
      </dl>
    </details>
  )
}
