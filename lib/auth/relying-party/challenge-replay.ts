/**
 * Makes each challenge single-use on the server. The cookie is cleared after
 * use, but a replayed request carries its own copy of the cookie; a synced
 * passkey's signature counter stays at 0, so the counter cannot catch the
 * replay either. The adapter remembers every answered challenge (by hash)
 * until the cookie it came in would have expired.
 */
import { WebAuthnVerificationError } from "../errors"
import { sha256Hex } from "../hash"
import type { WebAuthnAdapter } from "../adapters/capabilities"
import type { IssuedChallenge } from "./challenge-cookie"

// The cookie's token is still accepted a few seconds past its expiry (clock tolerance); the
// record outlives it by more than that.
const KEEP_AFTER_EXPIRY_MS = 60_000

/** Records the challenge as spent; throws when it was spent before. Call before verifying. */
export async function spendChallenge(adapter: WebAuthnAdapter, issued: IssuedChallenge): Promise<void> {
  const challengeHash = await sha256Hex(issued.challenge)
  const expires = new Date(issued.expires.getTime() + KEEP_AFTER_EXPIRY_MS)
  const first = await adapter.useWebAuthnChallenge({ challengeHash, expires })
  if (!first) throw new WebAuthnVerificationError("challenge_used", "This WebAuthn challenge was answered before")
}
