/**
 * A client that goes away in the middle of sending a request (a closed tab, a
 * cancelled fetch, a dropped connection) makes Node destroy the request with
 * `Error: aborted` (code ECONNRESET). Next.js then fails that request
 * internally (reading the body for the middleware throws it) and logs the
 * error as if the server had a problem, once per aborted request: noise that
 * buries real errors and that a client can produce at will.
 *
 * So the socket-address hook marks the abort errors of incoming requests as
 * they happen, and the error log leaves out exactly those objects. Everything
 * else is logged as before, including an `aborted` error of an outgoing
 * request the app makes (a real upstream failure), which is never marked.
 * Node.js only.
 */
import type { IncomingMessage } from "node:http"

const marksKey = Symbol.for("auth.next.client-abort-errors")
const filterKey = Symbol.for("auth.next.client-abort-log-filter")
type MarkedGlobal = typeof globalThis & { [marksKey]?: WeakSet<object>; [filterKey]?: true }

function marks(): WeakSet<object> {
  const global = globalThis as MarkedGlobal
  return (global[marksKey] ??= new WeakSet())
}

/** Node's error for an incoming request whose client went away before it was complete. */
function isClientAbort(error: unknown): error is Error {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === "ECONNRESET"
}

/**
 * Watches one incoming request. Next.js listens for the request's errors
 * itself, so listening here changes nothing about when they are emitted.
 */
export function watchForClientAbort(request: IncomingMessage): void {
  request.on("error", (error: unknown) => {
    if (isClientAbort(error)) marks().add(error)
  })
}

export function isMarkedClientAbort(value: unknown): boolean {
  return typeof value === "object" && value !== null && marks().has(value)
}

/**
 * Leaves marked client aborts out of console.error, which is where Next.js
 * logs request errors (and uncaught exceptions) in both `next dev` and
 * `next start`. Installed once per process.
 */
export function quietClientAbortLogs(): void {
  const global = globalThis as MarkedGlobal
  if (global[filterKey]) return
  global[filterKey] = true
  const original = console.error
  console.error = function error(this: Console, ...args: unknown[]): void {
    if (args.some(isMarkedClientAbort)) return
    original.apply(this, args)
  }
}
