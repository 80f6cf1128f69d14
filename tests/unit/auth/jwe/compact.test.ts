import { createCipheriv, createHmac } from "node:crypto"
import { compactDecrypt, errors } from "jose"
import { describe, expect, it } from "vitest"

import { decodeCanonical } from "@/lib/auth/jwe/base64url"
import { contentKey, decryptCompact, encryptCompact } from "@/lib/auth/jwe/compact"
import { deriveKey } from "@/lib/auth/jwt"

const SALT = "authjs.session-token"
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url")

async function cbcKey() {
  const { key, kid } = await deriveKey("compact-secret", SALT)
  return { raw: key, key: contentKey(key, kid, "A256CBC-HS512") }
}

/** Builds a CBC token by hand, with the plaintext padded as given (no automatic PKCS#7). */
function handMade(raw: Uint8Array, header: string, paddedPlaintext: Buffer, iv = Buffer.alloc(16, 7)): string {
  const cipher = createCipheriv("aes-256-cbc", raw.subarray(32), iv).setAutoPadding(false)
  const ciphertext = Buffer.concat([cipher.update(paddedPlaintext), cipher.final()])
  const al = Buffer.alloc(8)
  al.writeBigUInt64BE(BigInt(header.length * 8))
  const tag = createHmac("sha512", raw.subarray(0, 32)).update(header).update(iv).update(ciphertext).update(al).digest().subarray(0, 32)
  return `${header}..${b64(iv)}.${b64(ciphertext)}.${b64(tag)}`
}

describe("the A256CBC-HS512 construction", () => {
  it("produces tokens jose decrypts to the same plaintext, with the header Auth.js writes", async () => {
    const { raw, key } = await cbcKey()
    const token = encryptCompact(key, '{"sub":"1","name":"Zoë"}')
    const { plaintext, protectedHeader } = await compactDecrypt(token, raw)
    expect(Buffer.from(plaintext).toString()).toBe('{"sub":"1","name":"Zoë"}')
    expect(protectedHeader).toEqual({ alg: "dir", enc: "A256CBC-HS512", kid: key.kid })
    expect(token.split(".")[0]).toBe(b64(Buffer.from(JSON.stringify({ alg: "dir", enc: "A256CBC-HS512", kid: key.kid }))))
    expect(token.split(".")[1]).toBe("")
  })

  it("uses a fresh IV for every token", async () => {
    const { key } = await cbcKey()
    const ivs = new Set(Array.from({ length: 600 }, () => encryptCompact(key, "{}").split(".")[2]))
    expect(ivs.size).toBe(600)
  })

  it("checks the tag before decrypting: bad padding under a valid tag fails exactly like a bad tag", async () => {
    const { raw, key } = await cbcKey()
    const keys = new Map([[key.header, key]])
    // A valid tag over a ciphertext whose last block does not end in PKCS#7 padding.
    const badPadding = handMade(raw, key.header, Buffer.alloc(32, 0x41))
    const goodPadding = handMade(raw, key.header, Buffer.concat([Buffer.from("{}"), Buffer.alloc(14, 14)]))
    expect(decryptCompact(goodPadding, keys)?.toString()).toBe("{}")
    const parts = goodPadding.split(".")
    const badTag = [...parts.slice(0, 4), b64(Buffer.alloc(32))].join(".")

    const failure = (token: string) => {
      try {
        decryptCompact(token, keys)
      } catch (error) {
        return error
      }
      throw new Error("accepted")
    }
    const [padding, tag] = [failure(badPadding), failure(badTag)]
    expect(padding).toBeInstanceOf(errors.JWEDecryptionFailed)
    expect(tag).toBeInstanceOf(errors.JWEDecryptionFailed)
    expect((padding as Error).message).toBe((tag as Error).message)
    await expect(compactDecrypt(badPadding, raw)).rejects.toBeInstanceOf(errors.JWEDecryptionFailed)
  })

  it("leaves tokens with another header, a kid-less header or non-canonical parts to jose", async () => {
    const { key } = await cbcKey()
    const keys = new Map([[key.header, key]])
    const token = encryptCompact(key, "{}")
    const [h, , iv, ct, tag] = token.split(".") as [string, string, string, string, string]
    const kidLess = b64(Buffer.from(JSON.stringify({ alg: "dir", enc: "A256CBC-HS512" })))
    expect(decryptCompact(`${kidLess}..${iv}.${ct}.${tag}`, keys)).toBeUndefined()
    expect(decryptCompact(`${h}..${iv}.${ct} .${tag}`, keys)).toBeUndefined()
    expect(decryptCompact(`${h}..${iv}==.${ct}.${tag}`, keys)).toBeUndefined()
    expect(decryptCompact(`${h}.AA.${iv}.${ct}.${tag}`, keys)).toBeUndefined()
    expect(decryptCompact(`${token}.`, keys)).toBeUndefined()
    expect(decryptCompact("not a token", keys)).toBeUndefined()
  })
})

describe("the A256GCM construction (decode only)", () => {
  it("decrypts what jose encrypts and rejects a shortened tag that node:crypto alone would accept", async () => {
    const { CompactEncrypt } = await import("jose")
    const { key: raw, kid } = await deriveKey("compact-secret", SALT, "A256GCM")
    const key = contentKey(raw, kid, "A256GCM")
    const token = await new CompactEncrypt(Buffer.from('{"a":1}')).setProtectedHeader({ alg: "dir", enc: "A256GCM", kid }).encrypt(raw)
    const keys = new Map([[key.header, key]])
    expect(decryptCompact(token, keys)?.toString()).toBe('{"a":1}')
    const parts = token.split(".")
    const shortTag = [...parts.slice(0, 4), b64(Buffer.from(parts[4]!, "base64url").subarray(0, 12))].join(".")
    expect(() => decryptCompact(shortTag, keys)).toThrow(errors.JWEInvalid)
    await expect(compactDecrypt(shortTag, raw)).rejects.toThrow(errors.JWEInvalid)
  })
})

describe("strict base64url", () => {
  it("accepts only the canonical encoding", () => {
    expect(decodeCanonical("")?.length).toBe(0)
    expect(decodeCanonical("QQ")).toEqual(Buffer.from("A"))
    expect(decodeCanonical("QUI")).toEqual(Buffer.from("AB"))
    expect(decodeCanonical("-_-_")).toEqual(Buffer.from([0xfb, 0xff, 0xbf]))
    // Unused bits set, a length of 4n+1, padding, the base64 alphabet, whitespace: all left to jose.
    for (const value of ["QR", "QUJ", "Q", "QQ==", "+/+/", "Q Q", "QQ\n", "é"]) expect(decodeCanonical(value)).toBeUndefined()
  })
})
