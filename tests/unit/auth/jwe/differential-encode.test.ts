/**
 * Tokens our KeyRing issues (the node:crypto fast path) decode in jose and
 * @auth/core to the same claims as in ours, for 10,000 random claim sets
 * across random secrets, rotation lists and both cookie salts.
 */
import { decode as authDecode } from "@auth/core/jwt"
import fc from "fast-check"
import { decodeProtectedHeader } from "jose"
import { isDeepStrictEqual } from "node:util"
import { describe, expect, it } from "vitest"

import { KeyRing } from "@/lib/auth/jwt"
import { claimsArb, compareWithJose, inBatches, keyFor, maxAgeArb, saltArb, secretArb, verdictOf } from "@/tests/helpers/jwe-oracle"

const BATCH = 50
const RUNS = 200 // 200 × 50 = 10,000 claim sets

const secretPool = fc.sample(secretArb, 48)
const secretsArb = fc.uniqueArray(fc.constantFrom(...secretPool), { minLength: 1, maxLength: 3 })

/**
 * One ring per secret list, kept across cases (keys are derived once). None
 * keeps a decode cache, so every decode below decrypts: an issuer would
 * otherwise answer from what it remembered at encode time.
 */
const rings = new Map<string, KeyRing>()
function ringFor(secrets: readonly string[]): KeyRing {
  const id = JSON.stringify(secrets)
  let ring = rings.get(id)
  if (!ring) rings.set(id, (ring = new KeyRing(secrets, { decodeCacheSize: 0 })))
  return ring
}

const caseArb = fc.record({ claims: claimsArb, secrets: secretsArb, salt: saltArb, maxAge: maxAgeArb })

function expectedValid(claims: Record<string, unknown>, maxAge: number): boolean {
  const now = Math.floor(Date.now() / 1000)
  const nbfOk = claims.nbf === undefined || (typeof claims.nbf === "number" && claims.nbf <= now)
  return maxAge > 0 && nbfOk
}

/** jose's view of the claims is what was sent (as JSON), plus fresh iat, exp = iat + maxAge and a jti. */
function claimsCarried(sent: Record<string, unknown>, decoded: Record<string, unknown>, maxAge: number): boolean {
  const { iat, exp, jti, ...rest } = decoded
  const { iat: _replaced, ...expected } = JSON.parse(JSON.stringify(sent)) as Record<string, unknown>
  return typeof iat === "number" && exp === iat + maxAge && typeof jti === "string" && isDeepStrictEqual(rest, expected)
}

describe("tokens issued by the fast path", () => {
  it("decode identically in jose, for 10,000 random claim sets, secrets and salts", async () => {
    let accepted = 0
    const failures: unknown[] = []
    await fc.assert(
      fc.asyncProperty(fc.array(caseArb, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        await inBatches(batch, BATCH, async ({ claims, secrets, salt, maxAge }) => {
          const token = await ringFor(secrets).encode(claims, salt, maxAge)
          const { ours, reference } = await compareWithJose(ringFor(secrets), token, secrets, salt)
          // Assertions are costly in a 10,000-case loop: collect, then report the first mismatch with its inputs.
          const header = decodeProtectedHeader(token)
          const kid = (await keyFor(secrets[0]!, salt, "A256CBC-HS512")).kid
          const mismatch =
            header.alg !== "dir" || header.enc !== "A256CBC-HS512" || header.kid !== kid || Object.keys(header).length !== 3
              ? "header"
              : !isDeepStrictEqual(ours, reference)
                ? "verdict"
                : reference.ok !== expectedValid(claims, maxAge)
                  ? "validity"
                  : reference.ok && !claimsCarried(claims, reference.claims, maxAge)
                    ? "claims"
                    : undefined
          if (mismatch) failures.push({ mismatch, claims, secrets, salt, maxAge, token, ours, reference })
          if (reference.ok) accepted++
        })
      }),
      { numRuns: RUNS },
    )
    expect(failures.slice(0, 1)).toEqual([])
    expect(accepted).toBeGreaterThan(RUNS * BATCH * 0.6)
  }, 120_000)

  it("decode identically in @auth/core, rotation and both salts included", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ claims, secrets, salt, maxAge }) => {
        const token = await ringFor(secrets).encode(claims, salt, maxAge)
        const [ours, theirs] = await Promise.all([
          verdictOf(new KeyRing(secrets, { decodeCacheSize: 0 }).decode(token, salt)),
          verdictOf(authDecode({ token, secret: secrets, salt })),
        ])
        expect(ours).toEqual(theirs)
        expect(theirs.ok).toBe(expectedValid(claims, maxAge))
        // After rotation (a new secret in front) the token still decodes in both.
        const rotated = ["a-newer-secret", ...secrets]
        const [oursRotated, theirsRotated] = await Promise.all([
          verdictOf(new KeyRing(rotated, { decodeCacheSize: 0 }).decode(token, salt)),
          verdictOf(authDecode({ token, secret: rotated, salt })),
        ])
        expect(oursRotated).toEqual(theirsRotated)
        expect(oursRotated).toEqual(ours)
      }),
      { numRuns: 150 },
    )
  }, 120_000)
})
