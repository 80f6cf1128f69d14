/**
 * Starts a session for a user who just signed in, through the strategy the
 * configuration chose; the entry point every sign-in flow calls. It decides
 * nothing itself.
 */
import type { AuthContext } from "../context"
import type { Cookie } from "../types"
import type { SignedInUser } from "../config/resolved"

export type { SignedInUser } from "../config/resolved"

/** The cookies that carry the new session. */
export function createSession(ctx: AuthContext, signedIn: SignedInUser): Promise<Cookie[]> {
  return ctx.config.sessionStrategy.create(ctx, signedIn)
}
