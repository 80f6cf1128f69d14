/**
 * Requests Next.js itself cannot represent, answered before it sees them
 * (from the Node.js server hook, ./socket-address-hook). Next turns each of
 * these into a 500 of its own before any route or middleware runs: a path
 * whose percent-escapes do not decode (`/api/auth/signin/%zz`, `%C0%AF`), and
 * the methods the Fetch API forbids (TRACE, TRACK, CONNECT), which its
 * Request constructor throws on. Neither can be a request the app serves.
 */

export interface ScreenVerdict {
  status: 400 | 405
  message: string
}

const FORBIDDEN_METHODS = new Set(["TRACE", "TRACK", "CONNECT"])

/** Undefined when the request may go on to Next.js. `url` is the raw request target. */
export function screenRequest(method: string | undefined, url: string | undefined): ScreenVerdict | undefined {
  if (method !== undefined && FORBIDDEN_METHODS.has(method.toUpperCase())) return { status: 405, message: "Method not allowed." }
  if (url === undefined) return undefined
  const query = url.indexOf("?")
  const path = query === -1 ? url : url.slice(0, query)
  if (!path.includes("%")) return undefined
  try {
    decodeURIComponent(path)
  } catch {
    return { status: 400, message: "Malformed request path." }
  }
  return undefined
}
