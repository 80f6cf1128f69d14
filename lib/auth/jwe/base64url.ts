/**
 * Strict base64url for the token fast path: only the canonical unpadded
 * encoding of some byte string is accepted (RFC 7515 §2, RFC 4648 §5).
 *
 * jose decodes leniently (whitespace, "=" padding and non-zero trailing bits
 * pass through atob). This module must not try to reproduce that: a string it
 * refuses is not rejected, it is handed to jose, which stays the judge of
 * anything unusual.
 */

/** 6-bit value per char code, -1 outside the base64url alphabet. */
const VALUES = new Int8Array(128).fill(-1)
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i

const CANONICAL = /^[A-Za-z0-9_-]*$/

/**
 * The bytes `value` encodes, or undefined when `value` is not the canonical
 * base64url of anything (foreign characters, a length of 4n+1, or bits set
 * past the last byte).
 */
export function decodeCanonical(value: string): Buffer | undefined {
  const rest = value.length % 4
  if (rest === 1 || !CANONICAL.test(value)) return undefined
  if (rest !== 0) {
    // The last char carries 4 (length 4n+2) or 2 (length 4n+3) bits that encode no byte.
    const unused = rest === 2 ? 0x0f : 0x03
    if ((VALUES[value.charCodeAt(value.length - 1)]! & unused) !== 0) return undefined
  }
  return Buffer.from(value, "base64url")
}

export function encode(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64url")
}
