/**
 * The user the request's session cookie belongs to, for flows that act on
 * behalf of a signed-in user (adding a passkey to one's account). Reads only:
 * it never refreshes or clears the cookie, and any unreadable session counts
 * as signed out.
 */
import type { AuthContext } from "../context"
import type { AdapterUser } from "../types"
import { decodeSessionToken, sessionStoreFor } from "./jwt-session"

export async function currentSessionUser(ctx: AuthContext): Promise<AdapterUser | null> {
  const adapter = ctx.config.adapter
  if (!adapter) return null
  if (ctx.config.session.strategy === "database") {
    const sessionToken = ctx.request.cookies[ctx.cookies.sessionToken.name]
    if (!sessionToken) return null
    const found = await adapter.getSessionAndUser!(sessionToken)
    return found && found.session.expires.valueOf() > Date.now() ? found.user : null
  }
  const value = sessionStoreFor(ctx).value
  if (!value) return null
  let subject: unknown
  try {
    subject = (await decodeSessionToken(ctx, value))?.sub
  } catch {
    return null
  }
  return typeof subject === "string" && subject !== "" ? adapter.getUser!(subject) : null
}
