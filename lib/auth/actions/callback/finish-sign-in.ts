/**
 * The common end of every sign-in that involves users and accounts: the
 * signIn callback (which may refuse or redirect), account linking, the
 * session, the signIn event, and the redirect (pages.newUser for a user's
 * first sign-in), or the two-factor step before any of that (startSession).
 * Provider-specific code only supplies user and account.
 */
import { runSignInCallback } from "../../callbacks"
import type { AuthContext } from "../../context"
import type { ResponseInternal } from "../../http/response"
import { startSession } from "../../two-factor/second-step"
import type { User } from "../../types"
import { handleLogin, type LoginInput } from "./handle-login"

export async function finishSignIn(ctx: AuthContext, input: LoginInput): Promise<ResponseInternal> {
  const { config } = ctx
  const adapter = config.adapters.account
  const { account, profile } = input
  const known = adapter
    ? await adapter.getUserByAccount({ provider: account.provider, providerAccountId: account.providerAccountId })
    : null

  const decision = await runSignInCallback(ctx, { user: known ?? input.user, account, profile })
  if (decision.redirect) return { redirect: decision.redirect, cookies: ctx.outCookies }

  let user: User = { ...input.user, id: account.providerAccountId }
  let isNewUser = false
  if (adapter) ({ user, isNewUser } = await handleLogin(ctx, adapter, input, known))

  return startSession(ctx, { user, account, profile, isNewUser, method: "oauth" })
}
