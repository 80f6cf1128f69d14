/**
 * An attacker's edits to a valid session token: every single-bit flip,
 * truncations, reordered parts, wrong kid, wrong enc/alg, oversized parts
 * and characters outside base64url. Ours must reject exactly the variants
 * jose rejects (and accept the few jose accepts, with the same claims), for
 * tokens on the fast path: A256CBC-HS512 from ours under both salts, and
 * A256GCM from jose.
 */
import { EncryptJWT } from "jose"
import { isDeepStrictEqual } from "node:util"
import { describe, expect, it } from "vitest"

import { KeyRing } from "@/lib/auth/jwt"
import { SALTS, compareWithJose, inBatches, keyFor } from "@/tests/helpers/jwe-oracle"

const SECRET = "mutation-secret"
const OTHER_SECRET = "another-secret"
const claims = { name: "Ada Lovelace", email: "ada@example.com", picture: "https://example.com/ada.png", sub: "user-1", role: "admin" }
const ring = new KeyRing(SECRET, { decodeCacheSize: 0 })

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url")
const unb64 = (part: string) => Buffer.from(part, "base64url")
const header = (value: unknown) => b64(Buffer.from(JSON.stringify(value)))

interface Finding {
  variant: string
  token: string
  ours: unknown
  reference: unknown
}

/** Decodes every variant in ours and in jose; returns disagreements and how many jose accepted. */
async function judge(variants: ReadonlyMap<string, string>, salt: string): Promise<{ disagreements: Finding[]; accepted: number }> {
  const disagreements: Finding[] = []
  let accepted = 0
  await inBatches([...variants], 64, async ([variant, token]) => {
    const { ours, reference } = await compareWithJose(ring, token, [SECRET], salt)
    if (reference.ok) accepted++
    if (!isDeepStrictEqual(ours, reference)) disagreements.push({ variant, token, ours, reference })
  })
  return { disagreements, accepted }
}

/** Every bit of every character as sent, including into non-ASCII. */
function characterBitFlips(token: string, into: Map<string, string>, from = 0, to = token.length): void {
  for (let i = from; i < to; i++) {
    for (let bit = 0; bit < 8; bit++) {
      const flipped = String.fromCharCode(token.charCodeAt(i) ^ (1 << bit))
      into.set(`char ${i} bit ${bit}`, token.slice(0, i) + flipped + token.slice(i + 1))
    }
  }
}

/** Every bit of the decoded bytes of the given parts, re-encoded canonically. */
function byteBitFlips(token: string, into: Map<string, string>, parts: readonly number[], byteRange?: (length: number) => number[]): void {
  const split = token.split(".")
  for (const p of parts) {
    const bytes = unb64(split[p]!)
    const indices = byteRange ? byteRange(bytes.length) : [...bytes.keys()]
    for (const i of indices) {
      for (let bit = 0; bit < 8; bit++) {
        const copy = Buffer.from(bytes)
        copy[i]! ^= 1 << bit
        into.set(`part ${p} byte ${i} bit ${bit}`, split.map((s, j) => (j === p ? b64(copy) : s)).join("."))
      }
    }
  }
}

function structuralVariants(token: string, other: string, enc: string, kid: string, otherKid: string): Map<string, string> {
  const variants = new Map<string, string>()
  const parts = token.split(".")
  const [h, , iv, ct, tag] = parts as [string, string, string, string, string]
  const join = (...p: string[]) => p.join(".")

  // Truncation: every prefix, and each part shortened.
  for (let length = 0; length < token.length; length++) variants.set(`prefix ${length}`, token.slice(0, length))
  for (const p of [0, 2, 3, 4]) {
    for (const drop of [1, 2, 3, 4, 16]) {
      const bytes = unb64(parts[p]!)
      variants.set(`part ${p} minus ${drop} bytes`, parts.map((s, j) => (j === p ? b64(bytes.subarray(0, Math.max(0, bytes.length - drop))) : s)).join("."))
    }
    variants.set(`part ${p} empty`, parts.map((s, j) => (j === p ? "" : s)).join("."))
  }
  variants.set("four parts", parts.slice(0, 4).join("."))
  variants.set("six parts", `${token}.`)

  // Reordering: every permutation of the five parts, and parts mixed from another valid token.
  const permute = (items: string[]): string[][] =>
    items.length <= 1 ? [items] : items.flatMap((item, i) => permute([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]))
  permute([0, 1, 2, 3, 4].map(String)).forEach((order, n) => {
    if (n > 0) variants.set(`order ${order.join("")}`, order.map((i) => parts[Number(i)]).join("."))
  })
  const otherParts = other.split(".")
  for (let p = 0; p < 5; p++) variants.set(`part ${p} from another token`, parts.map((s, j) => (j === p ? otherParts[p]! : s)).join("."))

  // Wrong kid, wrong enc, wrong alg (the rest of the token unchanged: the header is the AAD).
  const headers: Record<string, unknown> = {
    "kid of another secret": { alg: "dir", enc, kid: otherKid },
    "unknown kid": { alg: "dir", enc, kid: "not-a-kid" },
    "numeric kid": { alg: "dir", enc, kid: 7 },
    "null kid": { alg: "dir", enc, kid: null },
    "no kid": { alg: "dir", enc },
    "kid first": { kid, alg: "dir", enc },
    "no alg": { enc, kid },
    "no enc": { alg: "dir", kid },
    "extra member": { alg: "dir", enc, kid, typ: "JWT" },
    "crit member": { alg: "dir", enc, kid, crit: ["exp"] },
    "zip member": { alg: "dir", enc, kid, zip: "DEF" },
    "header is an array": ["dir", enc, kid],
  }
  for (const wrongEnc of ["A128CBC-HS256", "A192CBC-HS384", "A256CBC-HS512", "A256GCM", "A128GCM", "none", ""]) {
    if (wrongEnc !== enc) headers[`enc ${wrongEnc}`] = { alg: "dir", enc: wrongEnc, kid }
  }
  for (const wrongAlg of ["A256KW", "none", "RSA-OAEP", "DIR", "", "PBES2-HS256+A128KW"]) headers[`alg ${wrongAlg}`] = { alg: wrongAlg, enc, kid }
  for (const [name, value] of Object.entries(headers)) variants.set(name, join(header(value), "", iv, ct, tag))
  variants.set("header not JSON", join(b64(Buffer.from("{alg:dir}")), "", iv, ct, tag))
  variants.set("header of another kid's token", join(other.split(".")[0]!, "", iv, ct, tag))

  // Oversized parts.
  const pad = (part: string, extra: number) => b64(Buffer.concat([unb64(part), Buffer.alloc(extra, 0x41)]))
  for (const extra of [1, 16, 4096]) {
    variants.set(`iv + ${extra}`, join(h, "", pad(iv, extra), ct, tag))
    variants.set(`ciphertext + ${extra}`, join(h, "", iv, pad(ct, extra), tag))
    variants.set(`tag + ${extra}`, join(h, "", iv, ct, pad(tag, extra)))
  }
  variants.set("encrypted key present", join(h, b64(Buffer.alloc(32, 1)), iv, ct, tag))
  variants.set("header with a huge member", join(header({ alg: "dir", enc, kid, x: "y".repeat(20_000) }), "", iv, ct, tag))

  // Characters outside base64url: replaced at every position, and inserted at each part's edges.
  const foreign = ["+", "/", "=", " ", "!", "\n", "é", "\u0000", "*"]
  for (let i = 0; i < token.length; i++) {
    const c = foreign[i % foreign.length]!
    variants.set(`char ${i} replaced by ${JSON.stringify(c)}`, token.slice(0, i) + c + token.slice(i + 1))
  }
  let offset = 0
  for (const part of parts) {
    for (const c of foreign) {
      variants.set(`${JSON.stringify(c)} before offset ${offset}`, token.slice(0, offset) + c + token.slice(offset))
      variants.set(`${JSON.stringify(c)} after offset ${offset + part.length}`, token.slice(0, offset + part.length) + c + token.slice(offset + part.length))
    }
    offset += part.length + 1
  }
  variants.set("padding appended to every part", parts.map((p) => `${p}${"=".repeat((4 - (p.length % 4)) % 4)}`).join("."))
  return variants
}

async function expectAgreement(variants: Map<string, string>, salt: string, original: string) {
  const { disagreements, accepted } = await judge(variants, salt)
  expect(disagreements.slice(0, 3)).toEqual([])
  // The unmodified token is valid, and some harmless edits (e.g. unused trailing bits) stay valid in jose.
  expect((await compareWithJose(ring, original, [SECRET], salt)).ours.ok).toBe(true)
  return accepted
}

describe.each([
  { name: "A256CBC-HS512 token from ours", salt: SALTS[0], enc: "A256CBC-HS512" as const },
  { name: "A256CBC-HS512 token from ours", salt: SALTS[1], enc: "A256CBC-HS512" as const },
  { name: "A256GCM token from jose", salt: SALTS[0], enc: "A256GCM" as const },
])("$name, salt $salt", ({ salt, enc }) => {
  async function tokens() {
    const { key, kid } = await keyFor(SECRET, salt, enc)
    const { kid: otherKid } = await keyFor(OTHER_SECRET, salt, enc)
    const make = async () =>
      enc === "A256CBC-HS512"
        ? ring.encode(claims, salt)
        : new EncryptJWT(claims).setProtectedHeader({ alg: "dir", enc, kid }).setIssuedAt().setExpirationTime("1h").setJti(crypto.randomUUID()).encrypt(key)
    const otherRing = new KeyRing(OTHER_SECRET)
    const other = enc === "A256CBC-HS512" ? await otherRing.encode(claims, salt) : await make()
    return { token: await make(), other, kid, otherKid }
  }

  it("every single-bit flip of the token's characters is rejected exactly when jose rejects it", async () => {
    const { token } = await tokens()
    const variants = new Map<string, string>()
    // Under the second salt the header's flips suffice: the rest is the same code as under the first.
    characterBitFlips(token, variants, 0, salt === SALTS[1] ? token.indexOf(".") : token.length)
    const accepted = await expectAgreement(variants, salt, token)
    expect(accepted).toBeLessThan(variants.size / 20)
  }, 60_000)

  it("every single-bit flip of the decoded header, IV, tag and outer ciphertext blocks is rejected as in jose", async () => {
    const { token } = await tokens()
    const variants = new Map<string, string>()
    byteBitFlips(token, variants, [0, 2, 4])
    const blockSize = 16
    byteBitFlips(token, variants, [3], (length) => [
      ...Array.from({ length: blockSize }, (_, i) => i),
      ...Array.from({ length: 2 * blockSize }, (_, i) => length - 2 * blockSize + i),
    ])
    const accepted = await expectAgreement(variants, salt, token)
    expect(accepted).toBe(0)
  }, 60_000)

  it("truncations, reorderings, wrong kid/enc/alg, oversized parts and foreign characters are judged as jose judges them", async () => {
    const { token, other, kid, otherKid } = await tokens()
    await expectAgreement(structuralVariants(token, other, enc, kid, otherKid), salt, token)
  }, 60_000)
})
