/**
 * jose as the reference for the session-token fast path: decodes a token the
 * way @auth/core does (jwtDecrypt, the key picked by kid among the secrets,
 * the first secret for a kid-less token, 15 s clock tolerance), and reduces
 * any decode to a verdict the tests can compare.
 */
import fc from "fast-check"
import { type JWTPayload, jwtDecrypt } from "jose"

import { KeyRing, deriveKey } from "@/lib/auth/jwt"
import type { JWT } from "@/lib/auth/types"

export const SALTS = ["authjs.session-token", "__Secure-authjs.session-token"] as const
const ENCS = new Set(["A256CBC-HS512", "A256GCM"])

export type Verdict = { ok: true; claims: JWT } | { ok: false }

export async function verdictOf(decoding: Promise<JWT | JWTPayload | null>): Promise<Verdict> {
  try {
    const claims = await decoding
    return claims ? { ok: true, claims: claims as JWT } : { ok: false }
  } catch {
    return { ok: false }
  }
}

const derived = new Map<string, Promise<{ key: Uint8Array; kid: string }>>()

/** deriveKey, memoized: the property tests reuse a pool of secrets. */
export function keyFor(secret: string, salt: string, enc: "A256CBC-HS512" | "A256GCM") {
  const id = JSON.stringify([secret, salt, enc])
  let pending = derived.get(id)
  if (!pending) derived.set(id, (pending = deriveKey(secret, salt, enc)))
  return pending
}

/** What jose says about `token` under these secrets and salt. */
export function joseDecode(token: string, secrets: readonly string[], salt: string): Promise<JWTPayload> {
  return jwtDecrypt(
    token,
    async ({ kid, enc }) => {
      if (typeof enc !== "string" || !ENCS.has(enc)) throw new Error("enc not supported")
      for (const secret of secrets) {
        const { key, kid: expected } = await keyFor(secret, salt, enc as "A256CBC-HS512" | "A256GCM")
        if (kid === undefined || kid === expected) return key
      }
      throw new Error("no matching decryption secret")
    },
    { keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: [...ENCS], clockTolerance: 15 },
  ).then((result) => result.payload)
}

/** Ours and jose on the same token must agree on accept/reject, and on the claims when both accept. */
export async function compareWithJose(ring: KeyRing, token: string, secrets: readonly string[], salt: string) {
  const [ours, reference] = await Promise.all([verdictOf(ring.decode(token, salt)), verdictOf(joseDecode(token, secrets, salt))])
  return { ours, reference }
}

/** Random secrets, including non-ASCII and very long ones. */
export const secretArb = fc.oneof(
  fc.string({ minLength: 1, maxLength: 64 }),
  fc.string({ minLength: 1, maxLength: 40, unit: "grapheme" }),
  fc.base64String({ minLength: 4, maxLength: 300 }),
)

const plainKey = fc.string({ maxLength: 12 }).filter((key) => key !== "__proto__")

/**
 * Claim sets shaped like session tokens (name, email, picture, sub) plus
 * arbitrary JSON members, and now and then numeric or malformed time claims.
 */
export const claimsArb: fc.Arbitrary<JWT> = fc
  .record(
    {
      name: fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.constant(null)),
      email: fc.string({ maxLength: 40 }).map((local) => `${local}@example.com`),
      picture: fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789/-_.%") }).map((path) => `https://example.com/${path}`),
      sub: fc.uuid(),
      nbf: fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: -10_000, max: -20 }) },
        { weight: 1, arbitrary: fc.integer({ min: 20, max: 10_000 }) },
        { weight: 1, arbitrary: fc.constant("soon") },
      ),
      iat: fc.oneof(fc.integer(), fc.constant("then")),
      extra: fc.dictionary(plainKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
    },
    { requiredKeys: ["sub"] },
  )
  // Malformed iat/nbf values are the point: the JWT type cannot describe them.
  .map(({ extra, nbf, ...claims }): JWT => ({
    ...extra,
    ...claims,
    ...(typeof nbf === "number" ? { nbf: Math.floor(Date.now() / 1000) + nbf } : nbf === undefined ? {} : { nbf }),
  }) as JWT)

/** Token lifetimes away from the expiry edge, so a second ticking between two decodes changes nothing. */
export const maxAgeArb = fc.oneof(
  { weight: 9, arbitrary: fc.integer({ min: 60, max: 60 * 24 * 3600 }) },
  { weight: 1, arbitrary: fc.integer({ min: -10_000, max: -60 }) },
)

export const saltArb = fc.constantFrom(...SALTS)

/** Runs `work` over `items` with at most `width` in flight: jose's WebCrypto calls use the thread pool. */
export async function inBatches<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(work))
}
