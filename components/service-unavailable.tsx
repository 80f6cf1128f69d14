/** Shown while the database is unreachable: the user is not signed out, the page just cannot be built now. */
export function ServiceUnavailable() {
  return (
    <section role="alert" data-testid="service-unavailable" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-6 dark:border-amber-700 dark:bg-amber-950">
      <h1 className="text-xl font-semibold">Temporarily unavailable</h1>
      <p className="text-fg">
        The server cannot reach its database right now. You have not been signed out. Try again in a moment.
      </p>
    </section>
  )
}
