/**
 * The TCP peer address of a request, for per-client rate limits. Next.js does
 * not hand it to route handlers or server actions, and the X-Forwarded-For it
 * fills in is kept when the client sent one itself. So a hook on Node's HTTP
 * server (installed from instrumentation.ts, see ./socket-address-hook)
 * writes the socket address into a header of its own on every request,
 * overwriting whatever the client put there. This module only reads it, and
 * only once the hook has marked the process, so the header is never trusted
 * where nothing overwrites it.
 */

export const SOCKET_ADDRESS_HEADER = "x-auth-socket-address"

const hookKey = Symbol.for("auth.next.socket-address-hook")
type HookedGlobal = typeof globalThis & { [hookKey]?: boolean }

export function markSocketAddressHookInstalled(): void {
  ;(globalThis as HookedGlobal)[hookKey] = true
}

export function socketAddressHookInstalled(): boolean {
  return (globalThis as HookedGlobal)[hookKey] === true
}

let warned = false

/**
 * The socket address the hook recorded. Without the hook (a server other than
 * `next start`/`next dev`), the last X-Forwarded-For entry that Next.js fills
 * in from the socket when the client sent none: spoofable, so say so once.
 */
export function socketAddressFromHeaders(headers: { get(name: string): string | null }): string | undefined {
  if (socketAddressHookInstalled()) return headers.get(SOCKET_ADDRESS_HEADER) ?? undefined
  if (!warned) {
    warned = true
    console.warn(
      "[auth][warn] socket-address-unknown: the client address hook is not installed (see instrumentation.ts); per-client rate limits key on X-Forwarded-For, which clients can set.",
    )
  }
  return headers.get("x-forwarded-for")?.split(",").at(-1)?.trim() || undefined
}
