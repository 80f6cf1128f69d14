/**
 * A refused credentials sign-in in the security log. The entry goes to the
 * account the typed address names (looked up in its normalised form, as
 * sign-up stores it), so its owner sees attempts on their account; an
 * address nobody has is logged without an owner. Nothing typed is written:
 * not the password, not even the address.
 */
import type { AuthContext } from "../../context"
import { normalizeEmailAddress } from "../../email/normalize"
import type { CredentialsConfig } from "../../providers/types"
import { reportSecurityLogFailure } from "../../security-log/failures"
import { recordSignInFailure } from "../../security-log/sign-in"
import { credentialIdentifier } from "./credentials-limits"

/** The user whose address was typed, or null (none typed, not an address, nobody has it, lookup failed). */
async function namedUserId(ctx: AuthContext, provider: CredentialsConfig): Promise<string | null> {
  const getUserByEmail = ctx.config.adapter?.getUserByEmail
  const identifier = credentialIdentifier(provider, ctx.request.body ?? {})
  if (!getUserByEmail || identifier === undefined) return null
  let address: string
  try {
    address = normalizeEmailAddress(identifier)
  } catch {
    return null
  }
  try {
    return (await getUserByEmail(address))?.id ?? null
  } catch (error) {
    reportSecurityLogFailure(ctx.config.logger, "owner-lookup", error)
    return null
  }
}

/** A wrong password or unknown address. Never throws. */
export async function logCredentialsRefused(ctx: AuthContext, provider: CredentialsConfig): Promise<void> {
  if (!ctx.config.securityLog.store) return
  const userId = await namedUserId(ctx, provider)
  await recordSignInFailure(ctx, { userId, method: "password", provider: provider.id, detail: "wrong email or password" })
}

/** Last entry written per user for a refused-by-limit attempt (this process), so a flood writes one a minute. */
const lastRateLimited = new Map<string, number>()
const RATE_LIMITED_EVERY_MS = 60 * 1000
const MAX_REMEMBERED = 10_000

/** An attempt refused by the rate limit, logged when it names a known user (at most once a minute each). */
export async function logCredentialsRateLimited(ctx: AuthContext, provider: CredentialsConfig): Promise<void> {
  if (!ctx.config.securityLog.store) return
  const userId = await namedUserId(ctx, provider)
  if (userId === null) return
  const now = Date.now()
  if (now - (lastRateLimited.get(userId) ?? 0) < RATE_LIMITED_EVERY_MS) return
  if (lastRateLimited.size >= MAX_REMEMBERED) lastRateLimited.clear()
  lastRateLimited.set(userId, now)
  await recordSignInFailure(ctx, { userId, method: "password", provider: provider.id, detail: "too many attempts" })
}
