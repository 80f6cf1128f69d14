// Runs once when the Next.js server starts (dev and `next start`). It checks the
// configuration before the first request: a malformed AUTH_URL, AUTH_{ID}_ISSUER,
// DATABASE_URL or EMAIL_SERVER stops the server (dev too) with one line per
// variable and a correct example; in production a missing or development-only
// AUTH_SECRET, or no public origin (AUTH_URL), stops it too, and so do sign-in
// providers with variables still unset, all named in one line (development only
// warns and leaves those providers off). See
// lib/auth/next/startup.ts and server/startup-checks.ts. It says once which mail
// features are off without EMAIL_SERVER, and installs the hook that records each
// request's socket address, which the per-client rate limits key on (see
// lib/auth/next/socket-address.ts).
export async function register(): Promise<void> {
  // The middleware runs on Node.js too, but the edge bundle of this file must not
  // pull in the database client; the check needs to run only once anyway.
  if (process.env.NEXT_RUNTIME !== "nodejs") return
  const [startup, { appEnvironmentChecks, mailFeaturesNotice }, { incompleteOAuthProviders }] = await Promise.all([
    import("./lib/auth/next/instrumentation"),
    import("./server/startup-checks"),
    import("./server/accounts/oauth-providers"),
  ])
  // Before auth.ts is loaded: loading it creates the database client from DATABASE_URL.
  if (startup.checkEnvironmentAtStartup({ checks: appEnvironmentChecks }).length > 0) return
  const { authConfig } = await import("./auth")
  startup.installSocketAddressHook()
  startup.checkAuthConfigAtStartup(authConfig, { unconfiguredProviders: incompleteOAuthProviders() })
  // AUTH_ADAPTER=drizzle over rows the Prisma adapter wrote: second factors, bans and impersonation
  // sessions it cannot serve stop a production server (server/drizzle/switch-check.ts).
  if (process.env.AUTH_ADAPTER === "drizzle") {
    const [{ checkAdapterSwitchAtStartup }, { sqliteDatabaseFile }] = await Promise.all([import("./server/drizzle/switch-check"), import("./lib/db/client")])
    const file = sqliteDatabaseFile()
    if (file) checkAdapterSwitchAtStartup(file)
  }
  const mailNotice = mailFeaturesNotice()
  if (mailNotice) console.warn(mailNotice)
}
