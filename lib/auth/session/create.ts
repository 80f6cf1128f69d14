/**
 * Starts a session for a user who just signed in, through the strategy the
 * configuration chose; the entry point every sign-in flow calls.
 */
import type { AuthContext } from "../context"
import type { Cookie } from "../types"
import type { SignedInUser } from "../config/resolved"
import { signInRoles } from "./access"

export type { SignedInUser } from "../config/resolved"

/**
 * The cookies that carry the new session. Every way in ends here (the second step of a
 * two-factor sign-in too), so this is where a banned user is refused (AccountSuspended) and
 * where the roles the session carries are read.
 */
export async function createSession(ctx: AuthContext, signedIn: SignedInUser): Promise<Cookie[]> {
  const roles = await signInRoles(ctx.config, signedIn.user.id)
  const cookies = await ctx.config.sessionStrategy.create(ctx, { ...signedIn, roles })
  const userId = signedIn.user.id
  if (typeof userId === "string" && ctx.config.adapter?.setLastSignIn) await ctx.config.adapter.setLastSignIn(userId, new Date())
  return cookies
}
