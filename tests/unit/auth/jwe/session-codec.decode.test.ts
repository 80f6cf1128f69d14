/**
 * Tokens made by jose (as @auth/core makes them, and in shapes the fast path
 * leaves to jose) decode in ours exactly as in jose: same verdict, same
 * claims, for 10,000 random claim sets across random secrets, rotation
 * lists, both salts, both encs and three header shapes.
 */
import { encode as authEncode } from "@auth/core/jwt"
import fc from "fast-check"
import { EncryptJWT } from "jose"
import { isDeepStrictEqual } from "node:util"
import { describe, expect, it } from "vitest"

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


type Shape = "auth.js" | "no-kid" | "reordered"

const caseArb = fc.record({
  claims: claimsArb,
  /** The ring's secrets, newest first; the token is made with one of them. */
  secrets: secretListArb,
  issuer: fc.nat(),
  salt: saltArb,
  enc: fc.constantFrom("A256CBC-HS512" as const, "A256GCM" as const),
  shape: fc.constantFrom<Shape>("auth.js", "auth.js", "auth.js", "no-kid", "reordered"),
  maxAge: fc.option(maxAgeArb, { freq: 8 }),
})

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never

async function joseToken({ claims, secrets, issuer, salt, enc, shape, maxAge }: Case): Promise<string> {
  // A kid-less token is tried against secrets[0] by jose-based readers such as @auth/core.
  const secret = shape === "no-kid" ? secrets[0]! : secrets[issuer % secrets.length]!
  const { key, kid } = await keyFor(secret, salt, enc)
  const header =
    shape === "auth.js" ? { alg: "dir", enc, kid } : shape === "reordered" ? { kid, enc, alg: "dir" } : { alg: "dir", enc }
  const jwt = new EncryptJWT(claims).setProtectedHeader(header).setJti(crypto.randomUUID())
  if (maxAge !== null) jwt.setIssuedAt().setExpirationTime(Math.floor(Date.now() / 1000) + maxAge)
  return jwt.encrypt(key)
}

describe("tokens made by jose", () => {
  it("decode in ours exactly as in jose, for 10,000 random claim sets, secrets, salts, encs and header shapes", async () => {
    const { firstMismatch, accepted } = await differential(
      caseArb,
      async (testCase) => {
        const token = await joseToken(testCase)
        const { ours, reference } = await compareWithJose(cachelessRing(testCase.secrets), token, testCase.secrets, testCase.salt)
        const mismatch = isDeepStrictEqual(ours, reference) ? undefined : { kind: "verdict", details: { testCase, token, ours, reference } }
        return { accepted: reference.ok, mismatch }
      },
      TEN_THOUSAND,
    )
    expect(firstMismatch).toBeUndefined()
    // Most random cases are valid tokens: the agreement is not only on rejections.
    expect(accepted).toBeGreaterThan(TEN_THOUSAND.runs * TEN_THOUSAND.batch * 0.5)
  }, 120_000)

  it("from @auth/core decode in ours as in @auth/core's own decode, rotation and both salts included", async () => {
    const { decode: authDecode } = await import("@auth/core/jwt")
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ claims, secrets, issuer, salt, maxAge }) => {
        const secret = secrets[issuer % secrets.length]!
        const token = await authEncode({ token: claims, secret, salt, maxAge: maxAge ?? undefined })
        const [ours, theirs] = await Promise.all([
          verdictOf(cachelessRing(secrets).decode(token, salt)),
          verdictOf(authDecode({ token, secret: secrets, salt })),
        ])
        expect(ours).toEqual(theirs)
      }),
      { numRuns: 150 },
    )
  }, 120_000)
})
