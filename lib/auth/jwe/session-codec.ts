/**
 * The fast path of KeyRing: session tokens in exactly the shape the library
 * issues (compact JWE, alg "dir", A256CBC-HS512, or A256GCM on decode, with
 * the kid of one of the ring's secrets) are encrypted and decrypted here on
 * node:crypto with keys derived once per salt.
 *
 * It answers `undefined` for anything else — a foreign header, a kid-less
 * token, a payload jose would serialize differently — and the KeyRing then
 * uses jose. It never widens what is accepted: its verdicts are jose's
 * (tests/unit/auth/jwe compare the two on random and mutated tokens).
 */
import type { JWT } from "../types"
import { validateClaims } from "./claims"
import { once } from "./once"
import { encode } from "./base64url"
import { type ContentEncryption, type ContentKey, contentKey, decryptCompact, encryptCompact } from "./compact"

export type DeriveKey = (secret: string, salt: string, enc: ContentEncryption) => Promise<{ key: Uint8Array; kid: string }>

/** Every secret's key for one (salt, enc), by the exact protected header part its tokens carry. */
type HeaderKeys = Map<string, ContentKey>

/**
 * Tokens from this library and from Auth.js serialize the header as
 * {"alg","enc","kid"} in that order; these 36 bytes encode to a fixed
 * 48-character prefix, so a GCM token is recognised before its keys exist.
 */
const GCM_HEADER_PREFIX = encode(Buffer.from('{"alg":"dir","enc":"A256GCM","kid":"', "utf8"))

/** Claims with the exact JSON text they were (or will be) encrypted from: the decode cache stores the text. */
export interface Decoded {
  json: string
  claims: JWT
}

/** Deeper payloads go to jose; session claims are a few levels at most. */
const MAX_DEPTH = 32

function isPlainObject(value: object): boolean {
  if (Object.prototype.toString.call(value) !== "[object Object]") return false
  const prototype = Object.getPrototypeOf(value) as object | null
  return prototype === null || prototype === Object.prototype
}

/**
 * True when JSON.stringify(value) is exactly what jose produces from it (it
 * serializes a structuredClone, which drops prototypes and refuses
 * functions): only JSON-shaped data qualifies, the rest goes to jose.
 */
function isJsonShaped(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case "string":
    case "number":
    case "boolean":
    case "undefined":
      return true
    case "object": {
      if (value === null) return true
      if (depth >= MAX_DEPTH) return false
      const children = Array.isArray(value)
        ? Object.getPrototypeOf(value) === Array.prototype
          ? (value as unknown[])
          : undefined
        : isPlainObject(value)
          ? Object.values(value)
          : undefined
      return children !== undefined && children.every((child) => isJsonShaped(child, depth + 1))
    }
    default:
      return false
  }
}

export class SessionCodec {
  readonly #secrets: readonly string[]
  readonly #derive: DeriveKey
  readonly #keySets = new Map<string, Promise<{ ordered: ContentKey[]; byHeader: HeaderKeys }>>()

  constructor(secrets: readonly string[], derive: DeriveKey) {
    this.#secrets = secrets
    this.#derive = derive
  }

  /** Derived on first use per (salt, enc): the GCM keys only once a GCM token shows up. */
  #keys(salt: string, enc: ContentEncryption): Promise<{ ordered: ContentKey[]; byHeader: HeaderKeys }> {
    return once(this.#keySets, `${enc}\u0000${salt}`, () => this.#deriveAll(salt, enc))
  }

  async #deriveAll(salt: string, enc: ContentEncryption): Promise<{ ordered: ContentKey[]; byHeader: HeaderKeys }> {
    const ordered = await Promise.all(
      this.#secrets.map(async (secret) => {
        const { key, kid } = await this.#derive(secret, salt, enc)
        return contentKey(key, kid, enc)
      }),
    )
    const byHeader: HeaderKeys = new Map()
    // With duplicate secrets the first one wins, matching "secrets in order".
    for (const key of ordered) if (!byHeader.has(key.header)) byHeader.set(key.header, key)
    return { ordered, byHeader }
  }

  /**
   * The token for `claims` plus iat/exp/jti (set in that order, overwriting
   * any present) under secrets[0], or undefined when the claims are not
   * plain JSON data.
   */
  async encode(claims: JWT, salt: string, iat: number, exp: number, jti: string): Promise<{ jwe: string; json: string } | undefined> {
    if (typeof claims !== "object" || claims === null || !isPlainObject(claims) || !isJsonShaped(claims, 0)) return undefined
    // jose refuses a non-finite nbf; let it say so.
    if (typeof claims.nbf === "number" && !Number.isFinite(claims.nbf)) return undefined
    const { ordered } = await this.#keys(salt, "A256CBC-HS512")
    const json = JSON.stringify({ ...claims, iat, exp, jti })
    return { jwe: encryptCompact(ordered[0]!, json), json }
  }

  /**
   * The validated claims and their JSON text, or undefined when the token is not in the fast
   * path's shape. Throws jose's errors for a token that is in that shape
   * but fails: bad tag, wrong lengths, bad claims, expired.
   */
  async decode(jwe: string, salt: string, now: number, tolerance: number): Promise<Decoded | undefined> {
    const enc: ContentEncryption = jwe.startsWith(GCM_HEADER_PREFIX) ? "A256GCM" : "A256CBC-HS512"
    const { byHeader } = await this.#keys(salt, enc)
    const plaintext = decryptCompact(jwe, byHeader)
    return plaintext && validateClaims(plaintext, now, tolerance)
  }
}
