/**
 * npm run bench — GET {basePath}/session, our core Auth() against @auth/core's
 * Auth() with the same configuration, in one process, interleaved: warm (the
 * same cookie again) and cold (a never-seen token per request) for jwt, and
 * the session token's decode (warm, cold) and encode alone.
 * A benchmark, not a test: it prints a table and writes bench/results.json.
 *
 * Environment:
 *   BENCH_N       timed requests per case (default 3000: about a minute on a busy 2-core machine)
 *   BENCH_CASES   comma-separated case-id prefixes to run, e.g. "jwt" (default: all)
 *   BENCH_MEMORY  "0" skips the per-library memory child processes
 * Profiling our side: bench/profile.ts (see its header).
 */
import { writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"

import { type BenchCase, CASES, needsSqlite, runOps, setupCase } from "./lib/cases"
import type { DatabaseFixture } from "./lib/database"
import { loadGc } from "./lib/gc"
import { closeRevocationChannels } from "./lib/revocation-channel"
import { type Library, type LoadedLibrary, loadLibrary } from "./lib/libraries"
import { measureMemory, type MemoryResult } from "./lib/memory"
import { type CaseResult, computeRatio, formatTable, type Ratio, resultsJson, type Settings } from "./lib/report"
import { summarize } from "./lib/stats"
import { TOKEN_CASES, type TimedCase, type TokenCase, setupTokenCase } from "./lib/token-cases"

const RESULTS_FILE = fileURLToPath(new URL("./results.json", import.meta.url))
const ROUNDS = 10

function positiveInt(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`expected a positive integer, got ${JSON.stringify(value)}`)
  return parsed
}

const n = positiveInt(process.env.BENCH_N, 3000)
const perRound = Math.ceil(n / ROUNDS)
const total = perRound * ROUNDS
const warmup = Math.min(1000, Math.max(100, Math.floor(total / 5)))
const prefixes = (process.env.BENCH_CASES ?? "").split(",").map((s) => s.trim()).filter(Boolean)
const selected = (c: { id: string }) => prefixes.length === 0 || prefixes.some((p) => c.id.startsWith(p))
const specs = CASES.filter(selected)
const tokenSpecs = TOKEN_CASES.filter(selected)
if (specs.length + tokenSpecs.length === 0) {
  const ids = [...CASES, ...TOKEN_CASES].map((c) => c.id).join(", ")
  throw new Error(`BENCH_CASES=${process.env.BENCH_CASES} matches no case (${ids})`)
}
const withMemory = process.env.BENCH_MEMORY !== "0"
// Enough for stable per-op allocation figures; more would only lengthen the run.
const memoryOps = Math.min(total, 2000)
const gc = loadGc()

/** Rotates the order each round so no case always runs right after the same neighbour. */
function rotated<T>(items: readonly T[], by: number): T[] {
  const k = by % items.length
  return [...items.slice(k), ...items.slice(0, k)]
}

async function main(): Promise<void> {
  console.log(
    `GET /auth/session: ${total} timed requests per case (${ROUNDS} interleaved rounds of ${perRound}), ${warmup} warm-up; ` +
      `node ${process.version}; GC between phases: ${gc ? "yes" : "no (unavailable)"}`,
  )
  const databaseSpecs = specs.filter(needsSqlite)
  // Imported only when needed, so jwt-only runs do not load Prisma.
  let fixture: DatabaseFixture | undefined
  if (databaseSpecs.length > 0) fixture = await (await import("./lib/database")).databaseFixture(databaseSpecs)
  try {
    const libraries = new Map<Library, LoadedLibrary>()
    for (const library of new Set(specs.map((s) => s.library))) libraries.set(library, await loadLibrary(library))

    const cases: BenchCase[] = []
    for (const spec of specs) {
      const database = needsSqlite(spec) ? fixture?.sessionFor(spec) : undefined
      cases.push(await setupCase(spec, libraries.get(spec.library)!, database, warmup + total))
    }
    const tokenCases: TokenCase[] = []
    for (const spec of tokenSpecs) tokenCases.push(await setupTokenCase(spec, warmup + total))

    // Request cases and token cases share the rounds, so all run under the same conditions.
    const timed: TimedCase[] = [
      ...cases.map((benchCase): TimedCase => ({ spec: benchCase.spec, run: (count, s, o) => runOps(benchCase, count, s, o) })),
      ...tokenCases,
    ]
    for (const timedCase of timed) await timedCase.run(warmup)
    for (const benchCase of cases) benchCase.counters.ops = benchCase.counters.setCookies = 0

    const samples = new Map(timed.map((c) => [c.spec.id, new Float64Array(total)]))
    for (let r = 0; r < ROUNDS; r++) {
      for (const timedCase of rotated(timed, r)) {
        gc?.()
        await timedCase.run(perRound, samples.get(timedCase.spec.id), r * perRound)
      }
    }

    const broken = cases.filter((c) => c.counters.failures > 0)
    if (broken.length > 0) {
      for (const c of broken) console.error(`${c.spec.id}: ${c.counters.failures} responses without the session; last: ${c.counters.lastFailure}`)
      throw new Error("some responses carried no session: the numbers would be meaningless")
    }

    const results: CaseResult[] = cases.map((c) => ({
      spec: c.spec,
      timing: summarize(samples.get(c.spec.id)!),
      setCookiesPerOp: c.counters.setCookies / c.counters.ops,
    }))
    const tokenResults: CaseResult[] = tokenCases.map((c) => ({ spec: c.spec, timing: summarize(samples.get(c.spec.id)!), setCookiesPerOp: 0 }))

    if (withMemory) {
      console.log(`memory: one child process per case, ${memoryOps} requests each ...`)
      for (const result of results) {
        const memory: MemoryResult = await measureMemory({
          caseId: result.spec.id,
          ops: memoryOps,
          warmup,
          databaseUrl: fixture?.url,
          sessionToken: fixture?.tokens.get(result.spec.id),
        })
        result.memory = memory
      }
    }

    const byId = new Map([...results, ...tokenResults].map((r) => [r.spec.id, r]))
    const ratios: Ratio[] = []
    const pair = (name: string, ours: string, authCore: string, target?: number) => {
      const a = byId.get(ours)
      const b = byId.get(authCore)
      if (a && b) ratios.push(computeRatio(name, a, b, target))
    }
    pair("jwt: @auth/core ÷ ours (default)", "jwt/ours", "jwt/auth-core", 5)
    pair("jwt, updateAge 0: @auth/core ÷ ours", "jwt/ours-updateAge-0", "jwt/auth-core", 10)
    pair("jwt cold: @auth/core ÷ ours (default)", "jwt-cold/ours", "jwt-cold/auth-core", 10)
    pair("jwt cold, updateAge 0: @auth/core ÷ ours", "jwt-cold/ours-updateAge-0", "jwt-cold/auth-core", 10)
    pair("token decode, same token: @auth/core ÷ ours", "token/decode-warm/ours", "token/decode-warm/auth-core")
    pair("token decode, distinct tokens: @auth/core ÷ ours", "token/decode-cold/ours", "token/decode-cold/auth-core")
    pair("token encode: @auth/core ÷ ours", "token/encode/ours", "token/encode/auth-core")
    pair("database: @auth/core ÷ ours", "database/ours", "database/auth-core", 2)
    pair("database, in-memory adapter: @auth/core ÷ ours", "database-memory/ours", "database-memory/auth-core")
    // The channel's cost: without it ÷ with it, at least 0.95 (within 5% of a request without a channel).
    pair("jwt: ours without ÷ with the Redis revocation channel", "jwt-channel/ours", "jwt/ours", 0.95)
    pair("database: ours without ÷ with the Redis revocation channel", "database-channel/ours", "database/ours", 0.95)

    const allResults = [...results, ...tokenResults]
    console.log(`\n${formatTable(allResults, ratios)}`)
    const settings: Settings = { n: total, rounds: ROUNDS, warmup, memoryOps: withMemory ? memoryOps : null, gcBetweenPhases: gc !== undefined }
    writeFileSync(RESULTS_FILE, `${JSON.stringify(resultsJson(settings, allResults, ratios), null, 2)}\n`)
    console.log(`\nwrote ${RESULTS_FILE}`)
  } finally {
    await closeRevocationChannels()
    await fixture?.cleanup()
  }
}

await main()
