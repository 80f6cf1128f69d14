/**
 * Property tests of session-token decoding, beside the JWE differential
 * tests in tests/unit/auth/jwe/ (which compare tampered tokens with jose):
 * arbitrary claims round-trip, any string an attacker puts in the cookie
 * decodes to null without throwing, and a token only opens under the secret
 * and cookie name (salt) it was made for, rotation included.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { decode, encode, KeyRing } from "@/lib/auth/jwt"

const SALT = "authjs.session-token"
const secret = fc.string({ minLength: 1, maxLength: 40 })
const claimValue = fc.oneof(fc.string({ unit: "grapheme", maxLength: 60 }), fc.integer(), fc.boolean(), fc.constant(null))
const claims = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !["exp", "iat", "jti", "nbf", "__proto__"].includes(k)),
  fc.oneof(claimValue, fc.array(claimValue, { maxLength: 4 })),
  { maxKeys: 8 },
)
const b64 = fc.string({ unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".split("")), maxLength: 120 })
const junkToken = fc.oneof(
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.array(b64, { minLength: 1, maxLength: 7 }).map((parts) => parts.join(".")),
  fc.tuple(fc.json(), b64, b64, b64, b64).map(([h, ...rest]) => [Buffer.from(h).toString("base64url"), ...rest].join(".")),
)

describe("session-token decode", () => {
  it("round-trips any claims", async () => {
    const ring = new KeyRing("token-property-secret", { decodeCacheSize: 0 })
    await fc.assert(
      fc.asyncProperty(claims, async (payload) => {
        const token = await ring.encode(payload, SALT, 3600)
        const decoded = await ring.decode(token, SALT)
        expect(decoded).toMatchObject(payload)
      }),
      { numRuns: 100 },
    )
  })

  it("decodes any attacker-chosen string to null, never throwing", async () => {
    await fc.assert(
      fc.asyncProperty(junkToken, async (token) => {
        expect(await decode({ token, secret: "token-property-secret", salt: SALT })).toBeNull()
      }),
      { numRuns: 500 },
    )
  })

  it("opens a token only under its own secret and salt; the old secret keeps working after rotation", async () => {
    await fc.assert(
      fc.asyncProperty(secret, secret, claims, async (oldSecret, newSecret, payload) => {
        fc.pre(oldSecret !== newSecret)
        const token = await encode({ token: payload, secret: oldSecret, salt: SALT })
        expect(await decode({ token, secret: newSecret, salt: SALT })).toBeNull()
        expect(await decode({ token, secret: oldSecret, salt: `${SALT}.0` })).toBeNull()
        // AUTH_SECRET=new, AUTH_SECRET_1=old: the session made before the rotation still opens.
        expect(await decode({ token, secret: [newSecret, oldSecret], salt: SALT })).toMatchObject(payload)
      }),
      { numRuns: 40 },
    )
  })
})
