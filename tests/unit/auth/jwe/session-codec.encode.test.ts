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
import {
  cachelessRing,
  claimsArb,
  compareWithJose,
  differential,
  keyFor,
  maxAgeArb,
  saltArb,
  secretListArb,
  TEN_THOUSAND,
  verdictOf,
} from "@/tests/helpers/jwe-oracle"


const caseArb = fc.record({ claims: claimsArb, secrets: secretListArb, salt: saltArb, maxAge: maxAgeArb })

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
    const { firstMismatch, accepted } = await differential(
      caseArb,
      async ({ claims, secrets, salt, maxAge }) => {
        const ring = cachelessRing(secrets)
        const token = await ring.encode(claims, salt, maxAge)
        const { ours, reference } = await compareWithJose(ring, token, secrets, salt)
        const header = decodeProtectedHeader(token)
        const kid = (await keyFor(secrets[0]!, salt, "A256CBC-HS512")).kid
        const kind =
          header.alg !== "dir" || header.enc !== "A256CBC-HS512" || header.kid !== kid || Object.keys(header).length !== 3
            ? "header"
            : !isDeepStrictEqual(ours, reference)
              ? "verdict"
              : reference.ok !== expectedValid(claims, maxAge)
                ? "validity"
                : reference.ok && !claimsCarried(claims, reference.claims, maxAge)
                  ? "claims"
                  : undefined
        const details = { claims, secrets, salt, maxAge, token, ours, reference }
        return { accepted: reference.ok, mismatch: kind ? { kind, details } : undefined }
      },
      TEN_THOUSAND,
    )
    expect(firstMismatch).toBeUndefined()
    expect(accepted).toBeGreaterThan(TEN_THOUSAND.runs * TEN_THOUSAND.batch * 0.6)
  }, 120_000)

  it("decode identically in @auth/core, rotation and both salts included", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ claims, secrets, salt, maxAge }) => {
        const token = await cachelessRing(secrets).encode(claims, salt, maxAge)
        const [ours, theirs] = await Promise.all([
          verdictOf(new KeyRing(secrets).decode(token, salt)),
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
