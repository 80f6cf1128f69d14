/**
 * Step-up (OWASP ASVS 5.0 7.5.1): whether a session's last proof of identity
 * is recent enough for a sensitive action. Framework-neutral, so each layer
 * (Next's requireRecentAuthentication, an Express or SvelteKit handler)
 * decides the same way and only chooses how to send the user to
 * {basePath}/reauthenticate.
 */
import type { SessionProof } from "../config/resolved"
import type { AuthContext } from "../context"
import { ReauthenticationRequired } from "../errors"

/**
 * True when the user must prove who they are again: no proof, a proof of
 * unknown age (counted as stale: nothing says it is recent), or one older
 * than `reauthenticateAfter` seconds. A proof from the future (clock skew
 * between instances) counts as now.
 */
export function needsReauthentication(
  proof: Pick<SessionProof, "authenticatedAt"> | null | undefined,
  config: { reauthenticateAfter: number },
  now: Date | number = Date.now(),
): boolean {
  const at = proof?.authenticatedAt
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) return true
  const nowMs = typeof now === "number" ? now : now.getTime()
  return nowMs - at.getTime() > config.reauthenticateAfter * 1000
}

/**
 * The library's own endpoints that add a way into a signed-in account
 * (registering a passkey, linking another provider's account) ask for the
 * same recent proof as the app's sensitive actions: a script holding a stale
 * session cookie could otherwise call them directly. Throws
 * ReauthenticationRequired (sent to the re-authenticate page with the
 * request's callbackUrl) and changes nothing.
 */
export async function assertRecentProof(ctx: AuthContext, proof: SessionProof | null): Promise<void> {
  if (needsReauthentication(proof, ctx.config)) throw new ReauthenticationRequired(await ctx.callbackUrl())
}
