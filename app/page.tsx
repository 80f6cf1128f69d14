export default function HomePage() {
  return (
    <div className="space-y-10">
      <section className="space-y-4">
        <h1 className="text-4xl font-bold tracking-tight">Next.js Auth Starter</h1>
        <p className="text-lg text-zinc-600 dark:text-zinc-400">
          A Next.js App Router template with its own authentication library. Sign in with OAuth
          providers, email links, passwords or passkeys, and keep sessions in the database or in an
          encrypted cookie. SQLite works out of the box; PostgreSQL is one environment variable
          away.
        </p>
      </section>

      <section
        aria-labelledby="session-state-heading"
        className="rounded-lg border border-zinc-200 bg-zinc-50 p-6 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <h2 id="session-state-heading" className="text-sm font-semibold uppercase tracking-wide text-zinc-500">
          Session state
        </h2>
        {/* Placeholder: reads nothing yet; the auth wiring replaces this with the live session. */}
        <p data-testid="session-state" className="mt-2 font-mono text-sm">
          Not connected to auth yet.
        </p>
      </section>
    </div>
  )
}
