import { EncryptJWT, base64url, decodeProtectedHeader, errors } from "jose"
import { afterEach, describe, expect, it, vi } from "vitest"

import { MissingSecretError } from "@/lib/auth/errors"
import { DEFAULT_MAX_AGE, KeyRing, decode, deriveKey, encode } from "@/lib/auth/jwt"
import type { JWTDecodeParams } from "@/lib/auth/types"

const SALT = "authjs.session-token"
const SECURE_SALT = "__Secure-authjs.session-token"
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex")
const nowSeconds = () => Math.floor(Date.now() / 1000)

/** Flips one character in the given compact-JWE segment (0..4). */
function tamper(jwe: string, segment: number): string {
  const parts = jwe.split(".")
  const part = parts[segment]!
  const index = Math.floor(part.length / 2)
  parts[segment] = part.slice(0, index) + (part[index] === "A" ? "B" : "A") + part.slice(index + 1)
  return parts.join(".")
}

afterEach(() => {
  vi.useRealTimers()
})

/** Why a token is refused: decode() only answers null, the key ring throws the reason. */
function refusal(params: JWTDecodeParams & { token: string }): Promise<unknown> {
  return new KeyRing(params.secret, { decodeCacheSize: 0 }).decode(params.token, params.salt)
}

describe("key derivation, against fixed test vectors", () => {
  it("derives the Auth.js key and kid for salt authjs.session-token", async () => {
    const { key, kid } = await deriveKey("secret", SALT)
    expect(hex(key)).toBe(
      "b1ef6cdd915c44c0a71232574a6a70546a5e16d12bb38df4638e3b96bdd32025131e90695ff072a9d148f1511c7a4981a85b63a628311da1fa7ccfc49c47c2bb",
    )
    expect(kid).toBe("7x9DUMVaEU6giab0l0OWDt4e4SsRH_cbwMof2EzEyy6onK5o8xSPPB799RVoqm2v6z674kQCv9jom2T8S-a1dQ")
  })

  it("derives a different key for the __Secure- salt", async () => {
    const { key, kid } = await deriveKey("secret", SECURE_SALT)
    expect(hex(key).startsWith("0d8bf2d7")).toBe(true)
    expect(hex(key).endsWith("f0f777f5")).toBe(true)
    expect(kid).toBe("7E3YIGAxRtn6djTGy1UjZrFvXELHKzM9vfWl0nQ4b88EsnrmmX0grN0VKis7G3fjgB626TXm_lEtBG1N0E7Xyg")
  })

  it("derives the 32-byte A256GCM key (prefix of the CBC key) with a SHA-256 kid", async () => {
    const cbc = await deriveKey("secret", SALT)
    const gcm = await deriveKey("secret", SALT, "A256GCM")
    expect(gcm.key).toHaveLength(32)
    expect(hex(gcm.key)).toBe(hex(cbc.key.subarray(0, 32)))
    expect(gcm.kid).toBe("tgdt-VLOTRviBTc4vwSS-WjOhg14Bq0M6tGDvSzfdgs")
  })
})

describe("encode / decode", () => {
  it("round-trips claims and sets iat, exp and jti", async () => {
    const before = nowSeconds()
    const token = await encode({ token: { sub: "user-1", name: "Ada", email: "ada@example.com", role: "admin" }, secret: "secret", salt: SALT })
    const after = nowSeconds()

    expect(token.split(".")).toHaveLength(5)
    expect(decodeProtectedHeader(token)).toEqual({
      alg: "dir",
      enc: "A256CBC-HS512",
      kid: "7x9DUMVaEU6giab0l0OWDt4e4SsRH_cbwMof2EzEyy6onK5o8xSPPB799RVoqm2v6z674kQCv9jom2T8S-a1dQ",
    })

    const payload = await decode({ token, secret: "secret", salt: SALT })
    expect(payload).toMatchObject({ sub: "user-1", name: "Ada", email: "ada@example.com", role: "admin" })
    expect(payload!.iat).toBeGreaterThanOrEqual(before)
    expect(payload!.iat).toBeLessThanOrEqual(after)
    expect(payload!.exp).toBe(payload!.iat! + DEFAULT_MAX_AGE)
    expect(payload!.jti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it("overwrites iat, exp and jti on re-encode and honours maxAge", async () => {
    const stale = { sub: "1", iat: 1, exp: 2, jti: "old" }
    const payload = await decode({ token: await encode({ token: stale, secret: "s", salt: SALT, maxAge: 60 }), secret: "s", salt: SALT })
    expect(stale).toEqual({ sub: "1", iat: 1, exp: 2, jti: "old" })
    expect(payload!.jti).not.toBe("old")
    expect(payload!.iat).toBeGreaterThan(1)
    expect(payload!.exp).toBe(payload!.iat! + 60)
  })

  it("gives each token a distinct jti and ciphertext", async () => {
    const a = await encode({ token: { sub: "1" }, secret: "s", salt: SALT })
    const b = await encode({ token: { sub: "1" }, secret: "s", salt: SALT })
    expect(a).not.toBe(b)
    expect((await decode({ token: a, secret: "s", salt: SALT }))!.jti).not.toBe((await decode({ token: b, secret: "s", salt: SALT }))!.jti)
  })

  it("encodes an empty payload when token is omitted", async () => {
    const payload = await decode({ token: await encode({ secret: "s", salt: SALT }), secret: "s", salt: SALT })
    expect(Object.keys(payload!).sort()).toEqual(["exp", "iat", "jti"])
  })

  it("returns null for a missing or empty token", async () => {
    expect(await decode({ token: undefined, secret: "s", salt: SALT })).toBeNull()
    expect(await decode({ token: "", secret: "s", salt: SALT })).toBeNull()
  })

  it("rejects a token decoded with another salt or secret", async () => {
    const token = await encode({ token: { sub: "1" }, secret: "s", salt: SALT })
    expect(await decode({ token, secret: "s", salt: SECURE_SALT })).toBeNull()
    await expect(refusal({ token, secret: "s", salt: SECURE_SALT })).rejects.toThrow("no matching decryption secret")
    expect(await decode({ token, secret: "other", salt: SALT })).toBeNull()
    await expect(refusal({ token, secret: "other", salt: SALT })).rejects.toThrow("no matching decryption secret")
  })

  it("throws for tampered and truncated tokens", async () => {
    const token = await encode({ token: { sub: "1" }, secret: "s", salt: SALT })
    expect(await decode({ token: tamper(token, 3), secret: "s", salt: SALT })).toBeNull()
    await expect(refusal({ token: tamper(token, 3), secret: "s", salt: SALT })).rejects.toBeInstanceOf(errors.JWEDecryptionFailed)
    expect(await decode({ token: tamper(token, 4), secret: "s", salt: SALT })).toBeNull()
    await expect(refusal({ token: tamper(token, 4), secret: "s", salt: SALT })).rejects.toBeInstanceOf(errors.JWEDecryptionFailed)
    expect(await decode({ token: tamper(token, 2), secret: "s", salt: SALT })).toBeNull()
    await expect(refusal({ token: tamper(token, 2), secret: "s", salt: SALT })).rejects.toThrow()
    expect(await decode({ token: token.slice(0, -10), secret: "s", salt: SALT })).toBeNull()
    await expect(refusal({ token: token.slice(0, -10), secret: "s", salt: SALT })).rejects.toThrow()
    expect(await decode({ token: token.split(".").slice(0, 4).join("."), secret: "s", salt: SALT })).toBeNull()
    await expect(refusal({ token: token.split(".").slice(0, 4).join("."), secret: "s", salt: SALT })).rejects.toThrow()
    expect(await decode({ token: "not-a-token", secret: "s", salt: SALT })).toBeNull()
    await expect(refusal({ token: "not-a-token", secret: "s", salt: SALT })).rejects.toThrow()
  })

  it("rejects a token whose header enc is not allowed", async () => {
    const token = await encode({ token: { sub: "1" }, secret: "s", salt: SALT })
    const header = base64url.encode(JSON.stringify({ alg: "dir", enc: "A128GCM" }))
    expect(await decode({ token: [header, ...token.split(".").slice(1)].join("."), secret: "s", salt: SALT })).toBeNull()
    await expect(refusal({ token: [header, ...token.split(".").slice(1)].join("."), secret: "s", salt: SALT })).rejects.toBeInstanceOf(
      errors.JOSEAlgNotAllowed,
    )
  })

  it("rejects a token expired beyond the 15 s tolerance and accepts one within it", async () => {
    const expired = await encode({ token: { sub: "1" }, secret: "s", salt: SALT, maxAge: -20 })
    expect(await decode({ token: expired, secret: "s", salt: SALT })).toBeNull()
    await expect(refusal({ token: expired, secret: "s", salt: SALT })).rejects.toBeInstanceOf(errors.JWTExpired)

    const withinTolerance = await encode({ token: { sub: "1" }, secret: "s", salt: SALT, maxAge: -5 })
    expect(await decode({ token: withinTolerance, secret: "s", salt: SALT })).toMatchObject({ sub: "1" })
  })

  it("measures expiry against the clock at decode time", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"))
    const token = await encode({ token: { sub: "1" }, secret: "s", salt: SALT, maxAge: 3600 })

    vi.setSystemTime(new Date("2030-01-01T01:00:14Z"))
    expect(await decode({ token, secret: "s", salt: SALT })).toMatchObject({ sub: "1" })

    vi.setSystemTime(new Date("2030-01-01T01:00:16Z"))
    expect(await decode({ token, secret: "s", salt: SALT })).toBeNull()
    await expect(refusal({ token, secret: "s", salt: SALT })).rejects.toBeInstanceOf(errors.JWTExpired)
  })

  it("decodes an A256GCM token", async () => {
    const { key, kid } = await deriveKey("s", SALT, "A256GCM")
    const token = await new EncryptJWT({ sub: "gcm" }).setProtectedHeader({ alg: "dir", enc: "A256GCM", kid }).encrypt(key)
    expect(await decode({ token, secret: "s", salt: SALT })).toEqual({ sub: "gcm" })
  })

  it("refuses to work without a secret", async () => {
    await expect(encode({ token: {}, secret: [], salt: SALT })).rejects.toBeInstanceOf(MissingSecretError)
    await expect(encode({ token: {}, secret: "", salt: SALT })).rejects.toBeInstanceOf(MissingSecretError)
    await expect(decode({ token: "x.y.z.a.b", secret: [], salt: SALT })).rejects.toBeInstanceOf(MissingSecretError)
  })
})

describe("secret rotation", () => {
  it("encodes with the first secret and decodes with the same list", async () => {
    const token = await encode({ token: { sub: "1" }, secret: ["new", "old"], salt: SALT })
    expect(decodeProtectedHeader(token).kid).toBe((await deriveKey("new", SALT)).kid)
    expect(await decode({ token, secret: ["new", "old"], salt: SALT })).toMatchObject({ sub: "1" })
    expect(await decode({ token, secret: "new", salt: SALT })).toMatchObject({ sub: "1" })
    expect(await decode({ token, secret: "old", salt: SALT })).toBeNull()
    await expect(refusal({ token, secret: "old", salt: SALT })).rejects.toThrow("no matching decryption secret")
  })

  it("decodes a token issued with the old secret after rotation", async () => {
    const token = await encode({ token: { sub: "1" }, secret: "old", salt: SALT })
    expect(await decode({ token, secret: ["new", "old"], salt: SALT })).toMatchObject({ sub: "1" })
    expect(await decode({ token, secret: ["new", "newer"], salt: SALT })).toBeNull()
    await expect(refusal({ token, secret: ["new", "newer"], salt: SALT })).rejects.toThrow("no matching decryption secret")
  })

  it("tries every secret for a token without kid", async () => {
    const { key } = await deriveKey("old", SALT)
    const token = await new EncryptJWT({ sub: "no-kid" }).setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512" }).encrypt(key)
    expect(decodeProtectedHeader(token).kid).toBeUndefined()

    expect(await decode({ token, secret: ["new", "old"], salt: SALT })).toEqual({ sub: "no-kid" })
    expect(await decode({ token, secret: ["old"], salt: SALT })).toEqual({ sub: "no-kid" })
    expect(await decode({ token, secret: ["new", "newer"], salt: SALT })).toBeNull()
    await expect(refusal({ token, secret: ["new", "newer"], salt: SALT })).rejects.toBeInstanceOf(errors.JWEDecryptionFailed)
  })

  it("reports expiry of a kid-less token rather than trying further secrets", async () => {
    const { key } = await deriveKey("old", SALT)
    const token = await new EncryptJWT({ sub: "1" })
      .setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512" })
      .setExpirationTime(nowSeconds() - 60)
      .encrypt(key)
    expect(await decode({ token, secret: ["old", "new"], salt: SALT })).toBeNull()
    await expect(refusal({ token, secret: ["old", "new"], salt: SALT })).rejects.toBeInstanceOf(errors.JWTExpired)
  })
})

describe("KeyRing", () => {
  it("decodes what it encodes, for several salts", async () => {
    const ring = new KeyRing(["a", "b"])
    for (const salt of [SALT, SECURE_SALT, "authjs.state"]) {
      expect(await ring.decode(await ring.encode({ sub: salt }, salt), salt)).toMatchObject({ sub: salt })
    }
  })

  it("interoperates with the stateless functions", async () => {
    const ring = new KeyRing(["new", "old"])
    const fromRing = await ring.encode({ sub: "ring" }, SALT, 120)
    const decoded = await decode({ token: fromRing, secret: ["new"], salt: SALT })
    expect(decoded!.exp).toBe(decoded!.iat! + 120)
    const fromOld = await encode({ token: { sub: "old" }, secret: "old", salt: SALT })
    expect(await ring.decode(fromOld, SALT)).toMatchObject({ sub: "old" })
  })

  it("returns a fresh object from its decode cache", async () => {
    const ring = new KeyRing("s")
    const token = await ring.encode({ sub: "1", nested: { role: "user" } }, SALT)
    const first = await ring.decode(token, SALT)
    ;(first.nested as { role: string }).role = "admin"
    first.sub = "mutated"
    expect(await ring.decode(token, SALT)).toMatchObject({ sub: "1", nested: { role: "user" } })
  })

  it("remembers the claims of tokens it issues exactly as decryption yields them", async () => {
    const ring = new KeyRing("s")
    const claims = { sub: "1", name: "Ada", picture: null, when: new Date("2030-01-01T00:00:00Z"), skip: undefined }
    const token = await ring.encode(claims, SALT, 120)
    const remembered = await ring.decode(token, SALT)
    const decrypted = await new KeyRing("s", { decodeCacheSize: 0 }).decode(token, SALT)
    expect(remembered).toStrictEqual(decrypted)
    expect(JSON.stringify(remembered)).toBe(JSON.stringify(decrypted))
    expect(remembered.exp).toBe(remembered.iat! + 120)
  })

  it("remembered() gives, without a promise, only what decode() would: a known token under its own salt while it is valid", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"))
    const ring = new KeyRing("s")
    const issued = await ring.encode({ sub: "1" }, SALT, 60)
    expect(ring.remembered(issued, SALT)).toMatchObject({ sub: "1" })
    expect(ring.remembered(issued, SECURE_SALT)).toBeUndefined()
    // A token it never saw must be decrypted (decode), however well-formed.
    const foreign = await encode({ token: { sub: "2" }, secret: "s", salt: SALT })
    expect(ring.remembered(foreign, SALT)).toBeUndefined()
    expect(await ring.decode(foreign, SALT)).toMatchObject({ sub: "2" })
    expect(ring.remembered(foreign, SALT)).toMatchObject({ sub: "2" })
    // A fresh object each time, as decode() gives.
    const first = ring.remembered(issued, SALT)!
    first.sub = "mutated"
    expect(ring.remembered(issued, SALT)).toMatchObject({ sub: "1" })
    // Past its expiry (and the 15 s tolerance) it is forgotten, so decode() refuses it.
    vi.setSystemTime(new Date("2030-01-01T00:01:16Z"))
    expect(ring.remembered(issued, SALT)).toBeUndefined()
    await expect(ring.decode(issued, SALT)).rejects.toBeInstanceOf(errors.JWTExpired)
  })

  it("does not let a cached token through under another salt", async () => {
    const ring = new KeyRing("s")
    const token = await ring.encode({ sub: "1" }, SALT)
    await ring.decode(token, SALT)
    await expect(ring.decode(token, SECURE_SALT)).rejects.toThrow("no matching decryption secret")
  })

  it("still rejects a cached token once it expires", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"))
    const ring = new KeyRing("s")
    const token = await ring.encode({ sub: "1" }, SALT, 60)
    expect(await ring.decode(token, SALT)).toMatchObject({ sub: "1" })

    vi.setSystemTime(new Date("2030-01-01T00:01:14Z"))
    expect(await ring.decode(token, SALT)).toMatchObject({ sub: "1" })

    vi.setSystemTime(new Date("2030-01-01T00:01:16Z"))
    await expect(ring.decode(token, SALT)).rejects.toBeInstanceOf(errors.JWTExpired)
  })

  it("never caches a tampered token as valid", async () => {
    const ring = new KeyRing("s")
    const token = await ring.encode({ sub: "1" }, SALT)
    await ring.decode(token, SALT)
    await expect(ring.decode(tamper(token, 3), SALT)).rejects.toThrow()
  })

  it("keeps working with the cache disabled or tiny", async () => {
    for (const decodeCacheSize of [0, 1]) {
      const ring = new KeyRing("s", { decodeCacheSize })
      const a = await ring.encode({ sub: "a" }, SALT)
      const b = await ring.encode({ sub: "b" }, SALT)
      for (const [token, sub] of [[a, "a"], [b, "b"], [a, "a"], [b, "b"]] as const) {
        expect(await ring.decode(token, SALT)).toMatchObject({ sub })
      }
    }
    expect(() => new KeyRing("s", { decodeCacheSize: -1 })).toThrow(TypeError)
  })

  it("rejects missing or empty secrets", () => {
    expect(() => new KeyRing([])).toThrow(MissingSecretError)
    expect(() => new KeyRing(["ok", ""])).toThrow(MissingSecretError)
  })
})
