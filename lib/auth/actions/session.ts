/**
 * The session endpoint. GET reads the session, POST (CSRF-checked) runs the
 * update flow with body.data; both through the configured session strategy.
 */
import type { AuthContext } from "../context"
import { MissingCSRF } from "../errors"
import { noCacheHeaders, type ResponseInternal } from "../http/response"
import type { SessionRead } from "../session/strategy"
import type { Session } from "../types"

export async function session(ctx: AuthContext): Promise<ResponseInternal<Session | null>> {
  const strategy = ctx.config.sessionStrategy
  let read: SessionRead
  if (ctx.request.method === "POST") {
    if (!(await ctx.csrf()).verified) throw new MissingCSRF("CSRF token missing or invalid")
    read = await strategy.update(ctx, { data: ctx.request.body?.data })
  } else {
    read = await strategy.read(ctx)
  }
  return { status: 200, headers: noCacheHeaders, body: read.session, cookies: read.cookies }
}
