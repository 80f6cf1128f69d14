/**
 * The jwt session's `validFrom` claim: the instant (milliseconds since the
 * epoch) this session's validity counts from, compared with its user's
 * "sessions valid since" (revocation.ts). It is set once, when the session
 * begins, to the moment its sign-in began (before the first factor was
 * checked), and every re-issue (the updateAge refresh, `update()`, a
 * re-authentication) carries it unchanged: a re-issue can never move a
 * revoked token past the revocation. Only the browser that revokes is given
 * a token whose claim is the revocation instant itself.
 *
 * Tokens issued before the claim existed count from their `iat` (whole
 * seconds, so at or before their real issue) and keep that value, never now,
 * when they are re-issued.
 */
import type { JWT } from "../types"

export const VALID_FROM_CLAIM = "validFrom"

function finite(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined
}

/** The instant a token counts from: its claim, else `iat` (seconds) in milliseconds; undefined when it has neither. */
export function validFromOf(token: JWT): number | undefined {
  const claim = finite(token[VALID_FROM_CLAIM])
  if (claim !== undefined) return claim
  const iat = finite(token.iat)
  return iat === undefined ? undefined : iat * 1000
}

/**
 * `token` with its claim made explicit before a re-issue: a token without it
 * keeps its old `iat`'s instant, or 0 (valid until any revocation) when it
 * has no `iat` either, so no re-issue counts from now.
 */
export function withValidFrom(token: JWT, source: JWT = token): JWT {
  return { ...token, [VALID_FROM_CLAIM]: validFromOf(source) ?? 0 }
}
