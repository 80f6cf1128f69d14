/**
 * The request's session for a load function. A database outage is not
 * "signed out": it answers 503 with Retry-After (the library's
 * DatabaseUnavailable, told by its stable code).
 */
import { error } from "@sveltejs/kit"
import type { Session } from "$auth"

interface LoadEvent {
  locals: App.Locals
  setHeaders(headers: Record<string, string>): void
}

function isDatabaseUnavailable(cause: unknown): cause is { code: string; retryAfterSeconds?: number } {
  return typeof cause === "object" && cause !== null && (cause as { code?: unknown }).code === "database_unavailable"
}

export async function readSession(event: LoadEvent): Promise<Session | null> {
  try {
    return await event.locals.auth()
  } catch (cause) {
    if (!isDatabaseUnavailable(cause)) throw cause
    event.setHeaders({ "retry-after": String(cause.retryAfterSeconds ?? 5) })
    error(503, "The database cannot be reached right now. Try again in a moment.")
  }
}
