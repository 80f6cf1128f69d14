// Runs once when the Next.js server starts (dev and `next start`). It checks the
// auth configuration before the first request: in production a missing or
// development-only AUTH_SECRET, or no public origin (AUTH_URL), stops the server
// with one line saying what to set. See lib/auth/next/startup.ts. It also
// installs the hook that records each request's socket address, which the
// per-client rate limits key on (see lib/auth/next/socket-address.ts).
export async function register(): Promise<void> {
  // The middleware runs on Node.js too, but the edge bundle of this file must not
  // pull in the database client; the check needs to run only once anyway.
  if (process.env.NEXT_RUNTIME !== "nodejs") return
  const [{ authConfig }, { checkAuthConfigAtStartup }, { installSocketAddressHook }] = await Promise.all([
    import("./auth"),
    import("./lib/auth/next/startup"),
    import("./lib/auth/next/socket-address-hook"),
  ])
  installSocketAddressHook()
  checkAuthConfigAtStartup(authConfig)
}
