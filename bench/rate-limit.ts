/**
 * npm run bench:ratelimit [-- --keys 1000000] [--cap N] [--json bench/rate-limit-results.json]
 *
 * The in-memory rate-limit store under the flood that used to lock everyone
 * out: one client naming a new email address on every attempt, a million of
 * them. Two runs, each timing every check (hrtime) and reading the heap after
 * a full GC at checkpoints:
 *   store   - store.hit() with a new key every time, straight into the store
 *             (the worst case for the store: every hit is a new window);
 *   limiter - limiter.consumeAll([client, email]) as credentials sign-in
 *             counts it: once the client is over its limit, no email key is
 *             created at all.
 * Then a new user's first hit, which must be allowed (count 1).
 * Prints p50/p99/max per check for each slice of the run (flat p99 = no sweep
 * and no growth with the number of keys) and the retained heap.
 */
import { parseArgs } from "node:util"
import { writeFileSync } from "node:fs"
import { DEFAULT_MEMORY_STORE_KEYS, MemoryRateLimitStore } from "../lib/auth/rate-limit/memory-store"
import { RateLimiter } from "../lib/auth/rate-limit/limiter"
import { loadGc } from "./lib/gc"
import { round, summarize } from "./lib/stats"

const { values } = parseArgs({
  options: {
    keys: { type: "string", default: "1000000" },
    cap: { type: "string", default: String(DEFAULT_MEMORY_STORE_KEYS) },
    slices: { type: "string", default: "10" },
    json: { type: "string" },
  },
})
const KEYS = Number(values.keys)
const CAP = Number(values.cap)
const SLICES = Number(values.slices)
const gc = loadGc()

function heapMb(): number {
  gc?.()
  return round(process.memoryUsage().heapUsed / 2 ** 20)
}

interface Slice {
  upToKeys: number
  p50Us: number
  p99Us: number
  maxUs: number
  heapMb: number
  storeSize: number
}

/** Runs `check(i)` for i in [0, KEYS), timing each; a summary per slice of KEYS / SLICES. */
async function timed(check: (i: number) => Promise<unknown>, store: MemoryRateLimitStore): Promise<Slice[]> {
  const perSlice = Math.ceil(KEYS / SLICES)
  const slices: Slice[] = []
  for (let start = 0; start < KEYS; start += perSlice) {
    const end = Math.min(KEYS, start + perSlice)
    const samples = new Float64Array(end - start)
    for (let i = start; i < end; i++) {
      const began = process.hrtime.bigint()
      await check(i)
      samples[i - start] = Number(process.hrtime.bigint() - began)
    }
    const summary = summarize(samples)
    const sorted = samples.sort()
    slices.push({
      upToKeys: end,
      p50Us: round(summary.p50Us, 2),
      p99Us: round(summary.p99Us, 2),
      maxUs: round(sorted[sorted.length - 1]! / 1000, 1),
      heapMb: heapMb(),
      storeSize: store.size,
    })
  }
  return slices
}

const WINDOW_MS = 15 * 60 * 1000
const baseline = heapMb()

// 1. The store alone: a new key on every hit.
const store = new MemoryRateLimitStore({ maxKeys: CAP })
const storeSlices = await timed((i) => store.hit(`credentials-identifier:flood-${i}@bench.example`, WINDOW_MS), store)
const newcomer = await store.hit("credentials-identifier:newcomer@bench.example", WINDOW_MS)
const storeHeapMb = round(heapMb() - baseline)

// 2. The limiter as credentials sign-in uses it: the client first, then the email it names.
const limiterStore = new MemoryRateLimitStore({ maxKeys: CAP })
const limiter = new RateLimiter({ store: limiterStore })
let refusedByClient = 0
const limiterSlices = await timed(async (i) => {
  const verdict = await limiter.consumeAll([
    ["credentials-client", "203.0.113.66"],
    ["credentials-identifier", `flood-${i}@bench.example`],
  ])
  if (!verdict.allowed && verdict.action === "credentials-client") refusedByClient++
}, limiterStore)
const owner = await limiter.consumeAll([
  ["credentials-client", "198.51.100.7"],
  ["credentials-identifier", "owner@bench.example"],
])

const print = (title: string, slices: Slice[]) => {
  console.log(`\n${title}`)
  console.table(slices.map((s) => ({ "keys so far": s.upToKeys, "p50 µs": s.p50Us, "p99 µs": s.p99Us, "max µs": s.maxUs, "heap MB": s.heapMb, "windows held": s.storeSize })))
}
console.log(`rate-limit memory store: ${KEYS.toLocaleString("en")} distinct keys from one client, cap ${CAP.toLocaleString("en")} windows, GC ${gc ? "on" : "unavailable"}`)
print("store.hit(), a new key every time", storeSlices)
console.log(`heap retained by the full store: ${storeHeapMb} MB (${round((storeHeapMb * 2 ** 20) / Math.min(KEYS, CAP), 0)} B per window)`)
console.log(`a new user after the flood: count ${newcomer.count} (${newcomer.count === 1 ? "let in" : "LOCKED OUT"})`)
print("limiter.consumeAll([client, email]), a new email every time", limiterSlices)
console.log(`refused by the client limit: ${refusedByClient.toLocaleString("en")}; windows held: ${limiterStore.size}`)
console.log(`the owner of another address, from another client: ${owner.allowed ? "let in" : "REFUSED"}`)

if (values.json) {
  writeFileSync(
    values.json,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, keys: KEYS, cap: CAP, store: { slices: storeSlices, heapRetainedMb: storeHeapMb, newcomerCount: newcomer.count }, limiter: { slices: limiterSlices, refusedByClient, windowsHeld: limiterStore.size, ownerAllowed: owner.allowed } }, null, 2)}\n`,
  )
}
