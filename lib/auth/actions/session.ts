import type { AuthContext } from "../context"
import { MissingCSRF } from "../errors"
import { noCacheHeaders, type ResponseInternal } from "../http/response"
import type { Session } from "../types"
import { databaseSession } from "../session/database-session"
import { jwtSession } from "../session/jwt-session"

/** GET /session reads the session; POST /session (CSRF-checked) runs the update flow with body.data. */
export async function session(ctx: AuthContext): Promise<ResponseInternal<Session | null>> {
  const isUpdate = ctx.request.method === "POST"
  if (isUpdate && !(await ctx.csrf()).verified) throw new MissingCSRF("CSRF token missing or invalid")
  const update = isUpdate ? { data: ctx.request.body?.data } : undefined
  const read = ctx.config.session.strategy === "jwt" ? jwtSession : databaseSession
  const { session, cookies } = await read(ctx, update)
  return { status: 200, headers: noCacheHeaders, body: session, cookies }
}
