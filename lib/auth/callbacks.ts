/**
 * Runs the app's signIn callback and turns its answer into go on, redirect
 * elsewhere, or AccessDenied. The callback's own error never reaches the user
 * beyond its message on the error page.
 */
import { AccessDenied, AuthError } from "./errors"
import type { AuthContext } from "./context"
import type { CallbacksOptions } from "./config/types"
import { isAcceptableCallbackUrl } from "./redirect"

/**
 * Runs the signIn callback. true → go on; a string → the URL to redirect to
 * instead; false, or a throw → AccessDenied carrying the callback's message.
 */
export async function runSignInCallback(
  ctx: AuthContext,
  params: Parameters<CallbacksOptions["signIn"]>[0],
): Promise<{ redirect?: string }> {
  let result: boolean | string
  try {
    result = await ctx.config.callbacks.signIn(params)
  } catch (cause) {
    if (cause instanceof AuthError) throw cause
    throw new AccessDenied(cause instanceof Error ? cause.message : String(cause), { cause })
  }
  if (typeof result === "string") {
    // A relative path is resolved against the origin; anything unusable is refused.
    if (!isAcceptableCallbackUrl(result)) throw new AccessDenied("The signIn callback returned an invalid URL")
    return { redirect: result.startsWith("/") ? `${ctx.origin}${result}` : result }
  }
  if (result !== true) throw new AccessDenied("The signIn callback refused the sign-in")
  return {}
}
