/**
 * Starts a session for a user who just signed in, through the strategy the
 * configuration chose; the entry point every sign-in flow calls.
 */
import type { AuthContext } from "../context"
import type { Cookie } from "../types"
import type { SignedInUser } from "../config/resolved"
import { signInRoles } from "./access"
import type { ResolvedConfig } from "../config/resolved"
import type { MembershipAtVersion } from "../organizations/types"

export type { SignedInUser } from "../config/resolved"

/**
 * The cookies that carry the new session. Every way in ends here (the second step of a
 * two-factor sign-in too), so this is where a banned user is refused (AccountSuspended) and
 * where the roles the session carries are read.
 */
export async function createSession(ctx: AuthContext, signedIn: SignedInUser): Promise<Cookie[]> {
  const roles = await signInRoles(ctx.config, signedIn.user.id)
  const organization = await signInOrganization(ctx.config, signedIn.user.id)
  const cookies = await ctx.config.sessionStrategy.create(ctx, { ...signedIn, roles, ...(organization ? { organization } : {}) })
  const userId = signedIn.user.id
  if (typeof userId === "string" && ctx.config.adapter?.setLastSignIn) await ctx.config.adapter.setLastSignIn(userId, new Date())
  return cookies
}

/**
 * The organization a new session starts in: the one the user made active last, while
 * they are still its member. No query at all when organizations are off.
 */
async function signInOrganization(config: Pick<ResolvedConfig, "organizations">, userId: unknown): Promise<MembershipAtVersion | undefined> {
  const adapter = config.organizations.adapter
  if (!adapter || typeof userId !== "string" || userId === "") return undefined
  return adapter.getActiveMembership(userId)
}
