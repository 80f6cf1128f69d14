import { describe, expect, it } from "vitest"

import { DEFAULT_DECODE_CACHE_BYTES, DecodeCache } from "@/lib/auth/jwe/decode-cache"
import { KeyRing } from "@/lib/auth/jwt"

const SALT = "authjs.session-token"
const entry = (json: string) => ({ json, exp: undefined, nbf: undefined })

describe("DecodeCache", () => {
  it("never holds more than its byte budget, dropping the least recently used token first", () => {
    const cache = new DecodeCache(64 * 1024)
    const keys = Array.from({ length: 200 }, (_, i) => DecodeCache.key(SALT, `token-${i}-${"x".repeat(300)}`))
    keys.forEach((key, i) => {
      cache.set(key, entry(JSON.stringify({ sub: String(i) })))
      expect(cache.bytes).toBeLessThanOrEqual(64 * 1024)
      if (i === 10) cache.get(keys[0]!) // keeps token-0 fresh
    })
    expect(cache.size).toBeGreaterThan(20)
    expect(cache.size).toBeLessThan(200)
    expect(cache.get(keys[199]!)?.json).toBe('{"sub":"199"}')
    expect(cache.get(keys[1]!)).toBeUndefined()
  })

  it("skips a token too large to be worth many ordinary ones", () => {
    const cache = new DecodeCache(64 * 1024)
    cache.set(DecodeCache.key(SALT, "t".repeat(4096)), entry("{}"))
    expect(cache.size).toBe(0)
  })

  it("keeps about 18,000 typical session tokens within the default budget", async () => {
    const ring = new KeyRing("cache-secret")
    const claims = { name: "Ada Lovelace", email: "ada@example.com", picture: "https://example.com/ada.png", sub: crypto.randomUUID() }
    const token = await ring.encode(claims, SALT)
    const { iat, exp, jti } = await ring.decode(token, SALT)
    const cache = new DecodeCache(DEFAULT_DECODE_CACHE_BYTES)
    cache.set(DecodeCache.key(SALT, token), entry(JSON.stringify({ ...claims, iat, exp, jti })))
    expect(DEFAULT_DECODE_CACHE_BYTES / cache.bytes).toBeGreaterThan(17_000)
  })
})

describe("KeyRing's decode cache", () => {
  it("answers each of thousands of distinct tokens with that token's own claims", async () => {
    const ring = new KeyRing("cache-secret", { decodeCacheBytes: 128 * 1024 })
    const tokens = await Promise.all(Array.from({ length: 1500 }, (_, i) => ring.encode({ sub: `user-${i}` }, SALT)))
    // Twice over: the second pass mixes cache hits and (after eviction) fresh decryptions.
    for (const pass of [0, 1]) {
      for (const [i, token] of tokens.entries()) {
        const claims = await ring.decode(token, SALT)
        if (claims.sub !== `user-${i}`) throw new Error(`pass ${pass}: token ${i} answered with ${claims.sub}`)
      }
    }
  })

  it("does not answer a variant of a cached token from the cache", async () => {
    const ring = new KeyRing("cache-secret")
    const token = await ring.encode({ sub: "user-1" }, SALT)
    await ring.decode(token, SALT)
    const parts = token.split(".")
    const tag = Buffer.from(parts[4]!, "base64url")
    tag[0]! ^= 1
    const tampered = [...parts.slice(0, 4), tag.toString("base64url")].join(".")
    await expect(ring.decode(tampered, SALT)).rejects.toThrow()
    await expect(ring.decode(`${token}A`, SALT)).rejects.toThrow()
    await expect(ring.decode(token, "__Secure-authjs.session-token")).rejects.toThrow()
  })

  it("rejects invalid sizes", () => {
    expect(() => new KeyRing("s", { decodeCacheBytes: -1 })).toThrow(TypeError)
    expect(() => new KeyRing("s", { decodeCacheBytes: 1.5 })).toThrow(TypeError)
  })
})
