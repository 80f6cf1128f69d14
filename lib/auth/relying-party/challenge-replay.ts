/**
 * Makes each challenge single-use on the server. The cookie is cleared after
 * use, but a replayed request carries its own copy of the cookie; a synced
 * passkey's signature counter stays at 0, so the counter cannot catch the
 * replay either. With a challenge store (the Prisma adapter, or
 * webAuthnChallengeCompanion beside an Auth.js adapter) every answered
 * challenge is remembered, by hash, in the database until the cookie it came
 * in would have expired: single-use on every instance. Without one, this
 * process remembers it (./spent-challenges): a replay on this instance is
 * refused, one on another instance within the cookie's life is not.
 */
import { WebAuthnVerificationError } from "../errors"
import { sha256Hex } from "../hash"
import type { WebAuthnChallengeStore } from "../adapters/capabilities"
import type { IssuedChallenge } from "./challenge-cookie"
import { processSpentChallenges } from "./spent-challenges"

// The cookie's token is still accepted a few seconds past its expiry (clock tolerance); the
// record outlives it by more than that.
const KEEP_AFTER_EXPIRY_MS = 60_000

/** Records the challenge as spent; throws when it was spent before. Call before verifying. */
export async function spendChallenge(store: WebAuthnChallengeStore | undefined, issued: IssuedChallenge): Promise<void> {
  const challengeHash = await sha256Hex(issued.challenge)
  const expires = new Date(issued.expires.getTime() + KEEP_AFTER_EXPIRY_MS)
  const first = store
    ? await store.useWebAuthnChallenge({ challengeHash, expires })
    : processSpentChallenges().spend(challengeHash, expires.getTime())
  if (!first) throw new WebAuthnVerificationError("challenge_used", "This WebAuthn challenge was answered before")
}
