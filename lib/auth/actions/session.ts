/**
 * The session endpoint. GET reads the session, POST (CSRF-checked) runs the
 * update flow with body.data; both through the configured session strategy.
 */
import type { AuthContext } from "../context"
import { MissingCSRF } from "../errors"
import { noCacheHeaders, type ResponseInternal } from "../http/response"
import { unavailableResponse } from "./unavailable"
import { readSessionIn } from "../session/read"
import type { Session } from "../types"

export async function session(ctx: AuthContext): Promise<ResponseInternal<Session | null> | ResponseInternal> {
  if (ctx.request.method === "POST") {
    if (!(await ctx.csrf()).verified) throw new MissingCSRF("CSRF token missing or invalid")
    const updated = await ctx.config.sessionStrategy.update(ctx, { data: ctx.request.body?.data })
    return { status: 200, headers: noCacheHeaders, body: updated.session, cookies: updated.cookies }
  }
  // The same read as the server-side one (session/read.ts), which has logged any failure.
  const read = await readSessionIn(ctx)
  if (read.failure?.reason === "unavailable") {
    // A 503, never "signed out": the cookie stays and the client can tell an outage from a sign-out.
    const target = { authUrl: ctx.authUrl, homeUrl: ctx.origin, theme: ctx.config.theme, wantsPage: false }
    return { ...unavailableResponse(read.failure.error, target), cookies: ctx.outCookies }
  }
  // A failed read answers "no session" and keeps the cookie, so nobody is signed out by a fault.
  const cookies = read.failure ? ctx.outCookies : read.cookies
  return { status: 200, headers: noCacheHeaders, body: read.session, cookies }
}
