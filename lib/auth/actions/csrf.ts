/**
 * GET /csrf: the double-submit CSRF token for forms and the client. It issues
 * tokens only; checking them is the job of the actions that accept a POST.
 */
import type { AuthContext } from "../context"
import { noCacheHeaders, type ResponseInternal } from "../http/response"

/** GET /csrf: the token for the double-submit check; sets its cookie when missing or invalid. */
export async function csrf(ctx: AuthContext): Promise<ResponseInternal> {
  const option = ctx.cookies.csrfToken
  if (ctx.config.skipCSRFCheck) {
    return {
      status: 404,
      body: { error: "CSRF protection is disabled" },
      cookies: [{ name: option.name, value: "", options: { ...option.options, maxAge: 0 } }],
    }
  }
  const { token } = await ctx.csrf()
  return { status: 200, headers: noCacheHeaders, body: { csrfToken: token }, cookies: ctx.outCookies }
}
