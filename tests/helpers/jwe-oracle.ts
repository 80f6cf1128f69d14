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

/**
 * Secret lists of one to three (newest first) drawn from 48 random secrets:
 * a fresh secret per case would spend the run deriving keys.
 */
export const secretListArb = fc.uniqueArray(fc.constantFrom(...fc.sample(secretArb, 48)), { minLength: 1, maxLength: 3 })

/** 200 runs of 50 concurrent cases: 10,000 claim sets. */
export const TEN_THOUSAND = { runs: 200, batch: 50 }

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

const rings = new Map<string, KeyRing>()

/**
 * One ring per secret list, kept across cases (keys are derived once). None
 * keeps a decode cache, so every decode decrypts: an issuer would otherwise
 * answer from what it remembered at encode time.
 */
export function cachelessRing(secrets: readonly string[]): KeyRing {
  const id = JSON.stringify(secrets)
  let ring = rings.get(id)
  if (!ring) rings.set(id, (ring = new KeyRing(secrets, { decodeCacheSize: 0 })))
  return ring
}

/** What one random case found: a named disagreement (with what to reproduce it) or none, and whether jose accepted. */
export interface CaseOutcome {
  mismatch?: { kind: string; details: unknown }
  accepted: boolean
}

/**
 * `runs` × `batch` random cases, each batch run concurrently (assertions in
 * a 10,000-case loop are costly: mismatches are collected and the first is
 * returned). fast-check reports the seed of a failing run.
 */
export async function differential<T>(
  arbitrary: fc.Arbitrary<T>,
  judge: (testCase: T) => Promise<CaseOutcome>,
  { runs, batch }: { runs: number; batch: number },
): Promise<{ firstMismatch: unknown; accepted: number }> {
  let accepted = 0
  let firstMismatch: unknown
  await fc.assert(
    fc.asyncProperty(fc.array(arbitrary, { minLength: batch, maxLength: batch }), async (cases) => {
      await inBatches(cases, batch, async (testCase) => {
        const outcome = await judge(testCase)
        if (outcome.accepted) accepted++
        firstMismatch ??= outcome.mismatch
      })
    }),
    { numRuns: runs },
  )
  return { firstMismatch, accepted }
}

/** Runs `work` over `items` with at most `width` in flight: jose's WebCrypto calls use the thread pool. */
export async function inBatches<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(work))
}
