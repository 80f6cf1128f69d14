/**
 * The session token's own JWE construction on node:crypto: compact
 * serialization, alg "dir", enc A256CBC-HS512 (issued and accepted) or
 * A256GCM (accepted), exactly as RFC 7516 §5.1/§5.2 and RFC 7518 §5.2/§5.3
 * lay them out. Keys are imported once per secret and salt.
 *
 * This is the one place the library frames JWEs itself (everywhere else jose
 * does): jose imports two WebCrypto keys and runs its generic machinery on
 * every call, which made it most of the cost of a session check.
 *
 * It must stay this narrow. A token whose protected header is not byte for
 * byte one this key ring issues, or whose parts are not canonical base64url,
 * is not judged here: decryptCompact returns undefined and the caller hands
 * the token to jose. The CBC tag is checked, in constant time, before any
 * decryption, so padding errors can never be told apart from a bad tag.
 */
import { type KeyObject, createCipheriv, createDecipheriv, createHmac, createSecretKey, randomFillSync, timingSafeEqual } from "node:crypto"
import { errors } from "jose"

import { decodeCanonical, encode } from "./base64url"

export type ContentEncryption = "A256CBC-HS512" | "A256GCM"

/** Everything one (secret, salt, enc) needs, derived once. */
export interface ContentKey {
  enc: ContentEncryption
  kid: string
  /** BASE64URL(UTF8(protected header)), the first part of every token this key makes. */
  header: string
  /** ASCII(header): the additional authenticated data. */
  aad: Buffer
  /** A256CBC-HS512 only: AL, the bit length of the AAD as a 64-bit big-endian integer. */
  al: Buffer
  /** A256CBC-HS512 only: MAC_KEY, the first half of the 64-byte key. */
  macKey: KeyObject | undefined
  /** ENC_KEY: the second half of the CBC key, or the whole GCM key. */
  aesKey: KeyObject
}

const CBC_IV_BYTES = 16
const CBC_TAG_BYTES = 32
const GCM_IV_BYTES = 12
const GCM_TAG_BYTES = 16

/**
 * IVs come from one CSPRNG read per 256 tokens instead of one per token: the
 * per-call read was the largest single cost of an encode. Each IV is a fresh
 * copy of bytes never handed out before.
 */
const IV_POOL_BYTES = CBC_IV_BYTES * 256
const ivPool = Buffer.alloc(IV_POOL_BYTES)
let ivPoolOffset = IV_POOL_BYTES

function randomIv(): Buffer {
  if (ivPoolOffset === IV_POOL_BYTES) {
    randomFillSync(ivPool)
    ivPoolOffset = 0
  }
  const iv = Buffer.from(ivPool.subarray(ivPoolOffset, ivPoolOffset + CBC_IV_BYTES))
  ivPoolOffset += CBC_IV_BYTES
  return iv
}

/** `raw` is the HKDF output: 64 bytes for A256CBC-HS512, 32 for A256GCM. */
export function contentKey(raw: Uint8Array, kid: string, enc: ContentEncryption): ContentKey {
  const expected = enc === "A256CBC-HS512" ? 64 : 32
  if (raw.byteLength !== expected) throw new TypeError(`${enc} needs a ${expected}-byte key, got ${raw.byteLength}`)
  // Same member order as jose's serialization, so tokens from either are byte-identical up front.
  const header = encode(Buffer.from(JSON.stringify({ alg: "dir", enc, kid }), "utf8"))
  const aad = Buffer.from(header, "ascii")
  const al = Buffer.alloc(8)
  al.writeBigUInt64BE(BigInt(aad.length * 8))
  const bytes = Buffer.from(raw)
  if (enc === "A256GCM") return { enc, kid, header, aad, al, macKey: undefined, aesKey: createSecretKey(bytes) }
  return {
    enc,
    kid,
    header,
    aad,
    al,
    macKey: createSecretKey(bytes.subarray(0, 32)),
    aesKey: createSecretKey(bytes.subarray(32)),
  }
}

function cbcTag(key: ContentKey, iv: Uint8Array, ciphertext: Uint8Array): Buffer {
  // T = first half of HMAC-SHA-512(MAC_KEY, A || IV || E || AL)  (RFC 7518 §5.2.2.1)
  const mac = createHmac("sha512", key.macKey!).update(key.aad).update(iv).update(ciphertext).update(key.al).digest()
  return mac.subarray(0, CBC_TAG_BYTES)
}

/** Encrypts `plaintext` (the UTF-8 claims) into a compact A256CBC-HS512 JWE. */
export function encryptCompact(key: ContentKey, plaintext: string): string {
  if (key.enc !== "A256CBC-HS512" || !key.macKey) throw new TypeError("tokens are only issued with A256CBC-HS512")
  const iv = randomIv()
  const cipher = createCipheriv("aes-256-cbc", key.aesKey, iv)
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()])
  const tag = cbcTag(key, iv, ciphertext)
  // The JWE Encrypted Key is empty with "dir".
  return `${key.header}..${encode(iv)}.${encode(ciphertext)}.${encode(tag)}`
}

function cbcDecrypt(key: ContentKey, iv: Buffer, ciphertext: Buffer, tag: Buffer): Buffer {
  if (iv.length !== CBC_IV_BYTES) throw new errors.JWEInvalid("Invalid Initialization Vector length")
  const expected = cbcTag(key, iv, ciphertext)
  if (tag.length !== expected.length || !timingSafeEqual(tag, expected)) throw new errors.JWEDecryptionFailed()
  try {
    const decipher = createDecipheriv("aes-256-cbc", key.aesKey, iv)
    return Buffer.concat([decipher.update(ciphertext), decipher.final()])
  } catch {
    throw new errors.JWEDecryptionFailed()
  }
}

function gcmDecrypt(key: ContentKey, iv: Buffer, ciphertext: Buffer, tag: Buffer): Buffer {
  if (tag.length !== GCM_TAG_BYTES) throw new errors.JWEInvalid("Invalid Authentication Tag length")
  if (iv.length !== GCM_IV_BYTES) throw new errors.JWEInvalid("Invalid Initialization Vector length")
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.aesKey, iv, { authTagLength: GCM_TAG_BYTES })
    decipher.setAAD(key.aad)
    decipher.setAuthTag(tag)
    // update()'s output is only returned once final() has verified the tag.
    return Buffer.concat([decipher.update(ciphertext), decipher.final()])
  } catch {
    throw new errors.JWEDecryptionFailed()
  }
}

/**
 * The plaintext of `jwe` if it is in this construction under one of `keys`
 * (looked up by the exact protected header part); undefined when it is not,
 * for jose to judge. Throws jose's errors for a token in this construction
 * that fails to authenticate or has parts of the wrong length.
 */
export function decryptCompact(jwe: string, keys: ReadonlyMap<string, ContentKey>): Buffer | undefined {
  const first = jwe.indexOf(".")
  if (first < 0) return undefined
  const key = keys.get(jwe.slice(0, first))
  if (!key) return undefined
  const parts = jwe.split(".")
  if (parts.length !== 5 || parts[1] !== "" || parts[2] === "" || parts[4] === "") return undefined
  const iv = decodeCanonical(parts[2]!)
  const ciphertext = decodeCanonical(parts[3]!)
  const tag = decodeCanonical(parts[4]!)
  if (!iv || !ciphertext || !tag) return undefined
  return key.enc === "A256CBC-HS512" ? cbcDecrypt(key, iv, ciphertext, tag) : gcmDecrypt(key, iv, ciphertext, tag)
}
