/**
 * Session tokens: JWE (alg "dir", enc A256CBC-HS512) whose key is derived
 * from the secret with HKDF, wire-compatible with Auth.js v5 tokens.
 *
 * Pure encode/decode and the key ring: no request, cookie or environment
 * reading here (that is getToken's job, in token.ts). Tokens in the exact
 * shape this module issues take the fast path in ./jwe (node:crypto, keys
 * derived once); jose handles every other token and is the reference the
 * fast path is tested against. Needs the Node.js runtime (the middleware
 * runs there).
 */
import { EncryptJWT, base64url, calculateJwkThumbprint, decodeProtectedHeader, errors, jwtDecrypt } from "jose"

import { MissingSecretError } from "./errors"
import { DEFAULT_DECODE_CACHE_BYTES, DecodeCache } from "./jwe/decode-cache"
import { once } from "./jwe/once"
import { SessionCodec } from "./jwe/session-codec"
import type { JWT, JWTDecodeParams, JWTEncodeParams } from "./types"

/** 30 days, in seconds: the default lifetime of a session and of its token. */
export const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60

/** Leeway for exp/nbf, in seconds: absorbs clock skew between servers. */
const CLOCK_TOLERANCE = 15

const ISSUED_ENC = "A256CBC-HS512"

export type TokenEncryption = "A256CBC-HS512" | "A256GCM"

/** Key length in bytes per content encryption; the kid hash has the same number of bits. */
const ENC_KEY_BYTES: Record<TokenEncryption, 32 | 64> = { "A256CBC-HS512": 64, A256GCM: 32 }
const THUMBPRINT_HASH = { 32: "sha256", 64: "sha512" } as const

const DECRYPT_OPTIONS = {
  keyManagementAlgorithms: ["dir"],
  contentEncryptionAlgorithms: Object.keys(ENC_KEY_BYTES),
  clockTolerance: CLOCK_TOLERANCE,
}

const encoder = new TextEncoder()

interface DerivedKey {
  kid: string
  /**
   * jose's CBC-HMAC implementation only accepts raw bytes (it splits the key
   * into its AES and HMAC halves itself); for GCM a pre-imported CryptoKey
   * saves an importKey per call.
   */
  key: Uint8Array | CryptoKey
}

interface KeySet {
  /** In secret order: secrets[0] first. */
  ordered: DerivedKey[]
  byKid: Map<string, DerivedKey>
}

export interface KeyRingOptions {
  /**
   * The most decoded tokens to remember, per KeyRing. A repeat of a token
   * that was already authenticated skips decryption (claims are still
   * time-checked on every call). 0 disables the cache. Default: no count
   * limit, only `decodeCacheBytes`.
   */
  decodeCacheSize?: number
  /**
   * The memory the decode cache may hold, estimated conservatively (two
   * bytes per character of token and claims, plus 256 per entry).
   * Default 32 MiB, about 18,000 typical session tokens.
   */
  decodeCacheBytes?: number
}

function isEnc(value: unknown): value is TokenEncryption {
  return value === "A256CBC-HS512" || value === "A256GCM"
}

function normalizeSecrets(secret: string | readonly string[] | undefined): string[] {
  const list = secret === undefined ? [] : typeof secret === "string" ? [secret] : [...secret]
  if (list.length === 0) throw new MissingSecretError("A secret is required to encode or decode tokens")
  for (const entry of list) {
    if (typeof entry !== "string" || entry === "") {
      throw new MissingSecretError("Every secret must be a non-empty string")
    }
  }
  return list
}

async function hkdf(secret: string, salt: string, length: number): Promise<Uint8Array<ArrayBuffer>> {
  const ikm = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveBits"])
  const bits = await crypto.subtle.deriveBits(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: encoder.encode(salt),
      info: encoder.encode(`Auth.js Generated Encryption Key (${salt})`),
    },
    ikm,
    length * 8,
  )
  return new Uint8Array(bits)
}

/** The encryption key for one secret, salt and enc (exported for test vectors and tooling). */
export async function deriveKey(secret: string, salt: string, enc: TokenEncryption = ISSUED_ENC): Promise<{ key: Uint8Array<ArrayBuffer>; kid: string }> {
  const length = ENC_KEY_BYTES[enc]
  const key = await hkdf(secret, salt, length)
  const kid = await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, THUMBPRINT_HASH[length])
  return { key, kid }
}

function epochSeconds(): number {
  return Math.floor(Date.now() / 1000)
}

export interface DecodeOptions {
  /**
   * Keep the claims for the next decode of this token (default). A caller that
   * is about to replace the token (a re-issued session cookie) passes false.
   */
  remember?: boolean
}

/**
 * Holds the secrets and everything derived from them. Key derivation and
 * thumbprints run once per (salt, enc) for the life of the instance; build one
 * KeyRing per configuration and reuse it.
 */
export class KeyRing {
  readonly #secrets: readonly string[]
  readonly #keySets = new Map<string, Promise<KeySet>>()
  readonly #decoded: DecodeCache
  readonly #fast: SessionCodec

  constructor(secret: string | readonly string[], options: KeyRingOptions = {}) {
    this.#secrets = Object.freeze(normalizeSecrets(secret))
    const size = options.decodeCacheSize ?? Number.POSITIVE_INFINITY
    if (size !== Number.POSITIVE_INFINITY && (!Number.isInteger(size) || size < 0)) {
      throw new TypeError("decodeCacheSize must be a non-negative integer")
    }
    const bytes = options.decodeCacheBytes ?? DEFAULT_DECODE_CACHE_BYTES
    if (!Number.isInteger(bytes) || bytes < 0) throw new TypeError("decodeCacheBytes must be a non-negative integer")
    this.#decoded = new DecodeCache(bytes, size)
    this.#fast = new SessionCodec(this.#secrets, deriveKey)
  }

  #keySet(salt: string, enc: TokenEncryption): Promise<KeySet> {
    return once(this.#keySets, `${enc}\u0000${salt}`, () => this.#deriveKeySet(salt, enc))
  }

  async #deriveKeySet(salt: string, enc: TokenEncryption): Promise<KeySet> {
    const ordered = await Promise.all(
      this.#secrets.map(async (secret): Promise<DerivedKey> => {
        const { key, kid } = await deriveKey(secret, salt, enc)
        if (enc === "A256GCM") {
          return { kid, key: await crypto.subtle.importKey("raw", key, "AES-GCM", false, ["decrypt"]) }
        }
        return { kid, key }
      }),
    )
    const byKid = new Map<string, DerivedKey>()
    // With duplicate secrets the first one wins, matching "secrets in order".
    for (const entry of ordered) if (!byKid.has(entry.kid)) byKid.set(entry.kid, entry)
    return { ordered, byKid }
  }

  /** Encrypts `token` with secrets[0]; iat, exp and jti are always (re)set. */
  async encode(token: JWT, salt: string, maxAge: number = DEFAULT_MAX_AGE): Promise<string> {
    const now = epochSeconds()
    const jti = crypto.randomUUID()
    const fast = await this.#fast.encode(token, salt, now, now + maxAge, jti)
    const jwe = fast?.jwe ?? (await this.#joseEncode(token, salt, now, maxAge, jti))
    // The client sends back exactly what we issue, and a string we encrypted
    // ourselves is authentic: remembering its claims spares the decryption on
    // the next request (a re-issued session cookie otherwise always misses).
    if (this.#decoded.enabled) {
      const key = DecodeCache.key(salt, jwe)
      const nbf = typeof token.nbf === "number" ? token.nbf : undefined
      // A string this ring just built pins no request header: no copy needed (see DecodeCache.set).
      if (fast) this.#decoded.set(key, { json: fast.json, exp: now + maxAge, nbf }, { owned: true })
      else this.#remember(key, { ...token, iat: now, exp: now + maxAge, jti })
    }
    return jwe
  }

  /** Claims that are not plain JSON data: jose serializes them as it always has. */
  async #joseEncode(token: JWT, salt: string, now: number, maxAge: number, jti: string): Promise<string> {
    const { ordered } = await this.#keySet(salt, ISSUED_ENC)
    const issuer = ordered[0]
    if (!issuer) throw new MissingSecretError("A secret is required to encode tokens")
    return new EncryptJWT(token)
      .setProtectedHeader({ alg: "dir", enc: ISSUED_ENC, kid: issuer.kid })
      .setIssuedAt(now)
      .setExpirationTime(now + maxAge)
      .setJti(jti)
      .encrypt(issuer.key)
  }

  /**
   * The claims of a token this ring decoded or issued before and still
   * remembers (and that is still within its validity), without a promise:
   * the session read's fast path. undefined means decode() must run.
   */
  remembered(jwe: string, salt: string): JWT | undefined {
    return this.#fromCache(DecodeCache.key(salt, jwe))
  }

  /**
   * Decrypts and validates a token. Throws on any failure (bad format, no
   * matching secret, tampering, expiry beyond the 15 s tolerance).
   */
  async decode(jwe: string, salt: string, { remember = true }: DecodeOptions = {}): Promise<JWT> {
    const cacheKey = DecodeCache.key(salt, jwe)
    const hit = this.#fromCache(cacheKey)
    if (hit) return hit

    const fast = await this.#fast.decode(jwe, salt, epochSeconds(), CLOCK_TOLERANCE)
    if (fast) {
      if (remember) this.#remember(cacheKey, fast.claims, fast.json)
      return fast.claims
    }

    const header = decodeProtectedHeader(jwe)
    if (!isEnc(header.enc)) {
      throw new errors.JOSEAlgNotAllowed('"enc" (Encryption Algorithm) Header Parameter value not allowed')
    }
    const keys = await this.#keySet(salt, header.enc)

    let payload: JWT
    if (header.kid !== undefined) {
      const match = typeof header.kid === "string" ? keys.byKid.get(header.kid) : undefined
      if (!match) throw new errors.JWEDecryptionFailed("no matching decryption secret")
      payload = (await jwtDecrypt<JWT>(jwe, match.key, DECRYPT_OPTIONS)).payload
    } else {
      payload = await this.#decodeWithoutKid(jwe, keys.ordered)
    }

    if (remember) this.#remember(cacheKey, payload)
    return payload
  }

  /**
   * Tokens without a kid (hand-made or from other issuers) try every secret in
   * order. Only a failed decryption moves on to the next secret: any other
   * error (expired, malformed claims) means the key was right.
   */
  async #decodeWithoutKid(jwe: string, candidates: readonly DerivedKey[]): Promise<JWT> {
    let lastError: unknown = new errors.JWEDecryptionFailed("no matching decryption secret")
    for (const candidate of candidates) {
      try {
        return (await jwtDecrypt<JWT>(jwe, candidate.key, DECRYPT_OPTIONS)).payload
      } catch (error) {
        if (!(error instanceof errors.JWEDecryptionFailed)) throw error
        lastError = error
      }
    }
    throw lastError
  }

  /** How many tokens' claims the decode cache holds now (diagnostics and tests). */
  get rememberedTokens(): number {
    return this.#decoded.size
  }

  /**
   * Drops a token's remembered claims: the session strategy calls it for the
   * token a re-issued cookie replaces, which the browser will not send again.
   * A request still carrying it only pays a decryption; nothing is refused.
   */
  forget(jwe: string, salt: string): void {
    this.#decoded.delete(DecodeCache.key(salt, jwe))
  }

  #fromCache(cacheKey: string): JWT | undefined {
    const entry = this.#decoded.get(cacheKey)
    if (!entry) return undefined
    const now = epochSeconds()
    const expired = entry.exp !== undefined && entry.exp <= now - CLOCK_TOLERANCE
    const early = entry.nbf !== undefined && entry.nbf > now + CLOCK_TOLERANCE
    if (expired || early) {
      // Let the full path produce jose's own error for this token.
      this.#decoded.delete(cacheKey)
      return undefined
    }
    return JSON.parse(entry.json) as JWT
  }

  /** `json`: the claims' JSON text when the caller already has it. */
  #remember(cacheKey: string, payload: JWT, json?: string): void {
    if (!this.#decoded.enabled) return
    const numeric = (value: unknown) => (typeof value === "number" ? value : undefined)
    this.#decoded.set(cacheKey, { json: json ?? JSON.stringify(payload), exp: numeric(payload.exp), nbf: numeric(payload.nbf) })
  }
}

/** Issues a token (stateless: derives the key on every call; prefer a KeyRing on hot paths). */
export async function encode(params: JWTEncodeParams): Promise<string> {
  const { token = {}, secret, salt, maxAge = DEFAULT_MAX_AGE } = params
  return new KeyRing(secret, { decodeCacheSize: 0 }).encode(token, salt, maxAge)
}

/**
 * Returns the payload, or `null` for a missing token and for one that cannot
 * be decrypted or verified (tampered, expired, another secret or salt). A
 * missing secret is a programming error and throws MissingSecretError. Use
 * `KeyRing.decode` to learn why a token was refused.
 */
export async function decode(params: JWTDecodeParams): Promise<JWT | null> {
  const { token, secret, salt } = params
  if (!token) return null
  const ring = new KeyRing(secret, { decodeCacheSize: 0 })
  try {
    return await ring.decode(token, salt)
  } catch {
    return null
  }
}
