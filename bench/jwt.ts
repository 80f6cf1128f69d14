/**
 * Micro-benchmark: our session-token decode/encode against @auth/core's.
 * Not a test. Run: npm run bench:jwt -- [ops]
 */
import { decode as authDecode, encode as authEncode } from "@auth/core/jwt"

import { KeyRing, decode as ourDecode } from "../lib/auth/jwt"

const ops = Number(process.argv[2] ?? 2000)
const secret = "a-benchmark-secret-of-reasonable-length-0123456789"
const salt = "authjs.session-token"
const claims = { name: "Ada Lovelace", email: "ada@example.com", picture: "https://example.com/ada.png", sub: "user-1" }

const WARMUP = 200

/** fn gets 0..WARMUP-1 during warm-up, then WARMUP..WARMUP+ops-1. */
async function time(label: string, fn: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARMUP; i++) await fn(i)
  const start = performance.now()
  for (let i = WARMUP; i < WARMUP + ops; i++) await fn(i)
  const perOp = (performance.now() - start) / ops
  console.log(`${label.padEnd(48)} ${(perOp * 1000).toFixed(1).padStart(8)} µs/op`)
  return perOp
}

const token = await authEncode({ token: claims, secret, salt })
const cached = new KeyRing(secret)
const uncached = new KeyRing(secret, { decodeCacheSize: 0 })
const missing = new KeyRing(secret)
// Each token decoded once: every call is a cache miss (cost of the cache bookkeeping included).
// Minted by another ring: a KeyRing remembers the tokens it encodes itself.
const minter = new KeyRing(secret, { decodeCacheSize: 0 })
const distinct = await Promise.all(Array.from({ length: WARMUP + ops }, () => minter.encode(claims, salt)))

console.log(`${ops} ops each, node ${process.version}`)
const baseline = await time("@auth/core decode", () => authDecode({ token, secret, salt }))
await time("ours: stateless decode()", () => ourDecode({ token, secret, salt }))
const noCache = await time("ours: KeyRing.decode, cache off", () => uncached.decode(token, salt))
const misses = await time("ours: KeyRing.decode, cache on, all misses", (i) => missing.decode(distinct[i]!, salt))
const rederive = await time("ours: new KeyRing per call (derives keys)", () => new KeyRing(secret).decode(token, salt))
const hot = await time("ours: KeyRing.decode, cache on, same token", () => cached.decode(token, salt))
const authEnc = await time("@auth/core encode", () => authEncode({ token: claims, secret, salt }))
const ourEnc = await time("ours: KeyRing.encode", () => uncached.encode(claims, salt))

console.log("\nspeed-up over @auth/core decode:")
console.log(`  KeyRing.decode, cache off: ${(baseline / noCache).toFixed(1)}x`)
console.log(`  KeyRing.decode, cache hit: ${(baseline / hot).toFixed(1)}x`)
console.log(`  KeyRing.decode, cache miss: ${(baseline / misses).toFixed(1)}x`)
console.log(`  new KeyRing per call (no reuse): ${(baseline / rederive).toFixed(1)}x`)
console.log(`encode speed-up: ${(authEnc / ourEnc).toFixed(1)}x`)
