/**
 * Recovery codes: the second factor of a user who has lost their
 * authenticator. Ten per set, each single use, shown to the user once and
 * stored only as hashes. WebCrypto only.
 *
 * A code is 24 characters of Crockford's base32 (no i, l, o, u: nothing to
 * misread), written in six groups of four —
 * `k7m2-9xq4-hf3t-w8ra-2c6n-pq5d` — so 120 random bits: above the 112 that
 * OWASP ASVS 5.0 6.5.2 asks of a secret stored under a fast hash.
 *
 * Why SHA-256 and not a password hash (scrypt, Argon2): a slow hash makes
 * each guess of a human-chosen secret expensive, because such secrets come
 * from a small, guessable space. These codes come straight from the CSPRNG,
 * and 2^120 guesses are out of reach at any hash speed. The user's id is
 * hashed in, so one computation cannot be tested against every user's codes
 * at once, nor looked up in a precomputed table. A fast, deterministic hash
 * (no random salt per row) is also what lets the database find a code by its
 * hash under a unique index (the adapter's useRecoveryCode), instead of
 * running a slow hash once per stored code on every attempt.
 *
 * Sets made before the codes grew have 12 characters (60 bits). Their hashes
 * are computed the same way, so they keep working, each once, until the user
 * makes a new set (Settings › Two-factor) or turns two-factor off and on.
 */
import { sha256Hex } from "../hash"

export const RECOVERY_CODE_COUNT = 10

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
const GROUPS = 6
const GROUP_LENGTH = 4
const CODE_LENGTH = GROUPS * GROUP_LENGTH
/** The length of codes in sets made before they grew to 24; still accepted, never made. */
const EARLIER_CODE_LENGTH = 12
/** Characters people type for the ones the alphabet left out (Crockford's rule). */
const LOOKALIKES: Record<string, string> = { o: "0", i: "1", l: "1" }
/** Separators a pasted or retyped code may carry: spaces, and any dash or hyphen. */
const SEPARATORS = /[\s\p{Pd}\u2212]+/gu
const NORMALISED = new RegExp(`^(?:[${ALPHABET}]{${CODE_LENGTH}}|[${ALPHABET}]{${EARLIER_CODE_LENGTH}})$`)

/** One code as the user sees it. */
function newCode(): string {
  // 32 symbols divide 256, so taking the low five bits of each byte is uniform.
  const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH))
  let code = ""
  for (let i = 0; i < CODE_LENGTH; i++) {
    if (i > 0 && i % GROUP_LENGTH === 0) code += "-"
    code += ALPHABET[bytes[i]! & 31]
  }
  return code
}

/**
 * What the user typed, reduced to the stored form: lower case, no spaces or
 * dashes, lookalike letters read as the digits they resemble. Null when the
 * result cannot be a code (wrong length or characters), so a caller can refuse
 * it without asking the database.
 */
export function normaliseRecoveryCode(input: string): string | null {
  const compact = input
    .normalize("NFKC")
    .toLowerCase()
    .replace(SEPARATORS, "")
    .replace(/[oil]/g, (c) => LOOKALIKES[c]!)
  return NORMALISED.test(compact) ? compact : null
}

/** The stored hash of a code (as shown, or as typed) for one user; null for input that cannot be a code. */
export async function hashRecoveryCode(input: string, userId: string): Promise<string | null> {
  const code = normaliseRecoveryCode(input)
  if (code === null) return null
  // The length prefix keeps the two parts apart whatever characters a user id holds.
  return sha256Hex(`recovery-code:${userId.length}:${userId}:${code}`)
}

export interface RecoveryCodeSet {
  /** Shown to the user once, never stored. */
  codes: string[]
  /** What the adapter stores, one per code, in the same order. */
  hashes: string[]
}

/** A fresh set of codes for `userId`, with their hashes. */
export async function newRecoveryCodes(userId: string, count: number = RECOVERY_CODE_COUNT): Promise<RecoveryCodeSet> {
  const codes = new Set<string>()
  // A repeat within a set is a 1 in 2^120 event, but the unique index would refuse the set.
  while (codes.size < count) codes.add(newCode())
  const list = [...codes]
  const hashes = await Promise.all(list.map(async (code) => (await hashRecoveryCode(code, userId))!))
  return { codes: list, hashes }
}
