/**
 * Encryption at rest for two-factor secrets (the TOTP secret): a compact JWE
 * (alg "dir", enc A256GCM, by jose) under a key derived from the auth secret
 * with HKDF. The derivation has its own salt and info, so this key is never a
 * session-token key, even for a cookie name chosen to collide.
 *
 * Secrets rotate as the session keys do (newest first): sealing uses the
 * first, opening finds the key by the token's `kid`, so a value sealed before
 * a rotation still opens while its secret is on the list. `isCurrent` tells a
 * caller when to seal a value again under the newest secret.
 *
 * Each value is bound to its user (a protected header, so it is authenticated
 * with the ciphertext): a sealed secret copied onto another user's record does
 * not open there.
 */
import { CompactEncrypt, base64url, calculateJwkThumbprint, compactDecrypt, decodeProtectedHeader } from "jose"

import { MissingSecretError } from "../errors"

const ALG = "dir"
const ENC = "A256GCM"
const KEY_BYTES = 32
const HKDF_SALT = "lib/auth two-factor secret box"
const HKDF_INFO = "lib/auth two-factor secret encryption key v1"
/** Protected header naming the user a value is sealed for. */
const USER_HEADER = "uid"

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** A sealed value that does not open: tampered, sealed for another user, or under a secret no longer on the list. */
export class SealedSecretUnreadable extends Error {
  static readonly code = "sealed_secret_unreadable"
  readonly code = SealedSecretUnreadable.code

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = "SealedSecretUnreadable"
  }
}

interface BoxKey {
  kid: string
  key: CryptoKey
}

async function deriveBoxKey(secret: string): Promise<BoxKey> {
  const ikm = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveBits"])
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode(HKDF_SALT), info: encoder.encode(HKDF_INFO) },
    ikm,
    KEY_BYTES * 8,
  )
  const raw = new Uint8Array(bits)
  // The thumbprint is a hash of the key: it names the key without revealing it.
  const kid = await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(raw) }, "sha256")
  const key = await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"])
  return { kid, key }
}

function secretList(secret: string | readonly string[]): readonly string[] {
  const list = typeof secret === "string" ? [secret] : [...secret]
  if (list.length === 0 || list.some((entry) => typeof entry !== "string" || entry === "")) {
    throw new MissingSecretError("The two-factor secret box needs at least one non-empty secret")
  }
  return Object.freeze(list)
}

/**
 * Seals and opens two-factor secrets. Keys are derived once per instance, on
 * first use; build one per configuration and reuse it.
 */
export class SecretBox {
  readonly #secrets: readonly string[]
  #keys: Promise<BoxKey[]> | undefined

  /** `secret`: the auth secret, or the rotation list with the newest first. */
  constructor(secret: string | readonly string[]) {
    this.#secrets = secretList(secret)
  }

  #derived(): Promise<BoxKey[]> {
    this.#keys ??= Promise.all(this.#secrets.map(deriveBoxKey))
    return this.#keys
  }

  /** `value` encrypted under the newest secret, for `userId` only. */
  async seal(value: string, userId: string): Promise<string> {
    const [newest] = await this.#derived()
    if (!newest) throw new MissingSecretError("The two-factor secret box needs at least one secret")
    return new CompactEncrypt(encoder.encode(value))
      .setProtectedHeader({ alg: ALG, enc: ENC, kid: newest.kid, [USER_HEADER]: userId })
      .encrypt(newest.key)
  }

  /** The value `sealed` holds; throws SealedSecretUnreadable when it does not open for `userId`. */
  async open(sealed: string, userId: string): Promise<string> {
    const key = await this.#keyOf(sealed)
    let result
    try {
      result = await compactDecrypt(sealed, key.key, { keyManagementAlgorithms: [ALG], contentEncryptionAlgorithms: [ENC] })
    } catch (error) {
      throw new SealedSecretUnreadable("The sealed secret does not decrypt", { cause: error })
    }
    if (result.protectedHeader[USER_HEADER] !== userId) {
      throw new SealedSecretUnreadable("The sealed secret belongs to another user")
    }
    return decoder.decode(result.plaintext)
  }

  /**
   * Whether `sealed` is under the newest secret. False for a value sealed
   * before a rotation: seal it again before its secret leaves the list.
   */
  async isCurrent(sealed: string): Promise<boolean> {
    const [newest] = await this.#derived()
    return newest !== undefined && kidOf(sealed) === newest.kid
  }

  async #keyOf(sealed: string): Promise<BoxKey> {
    const kid = kidOf(sealed)
    const key = kid === undefined ? undefined : (await this.#derived()).find((entry) => entry.kid === kid)
    if (!key) throw new SealedSecretUnreadable("No secret on the list sealed this value")
    return key
  }
}

function kidOf(sealed: string): string | undefined {
  try {
    const { kid } = decodeProtectedHeader(sealed)
    return typeof kid === "string" ? kid : undefined
  } catch {
    return undefined
  }
}
