/**
 * Runs once when the server starts. On Node.js it installs the hook that
 * records each request's socket address, which the per-client rate limits key
 * on (lib/auth/next/socket-address.ts explains why Next.js needs it).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { installSocketAddressHook } = await import("@/lib/auth/next/socket-address-hook")
    installSocketAddressHook()
  }
}
