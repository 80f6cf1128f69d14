/**
 * Child-process side of bench/lib/memory.ts: set up one case, warm it up,
 * then run the measured ops under V8's GC profiler. Prints one JSON line.
 */
import { GCProfiler, getHeapStatistics } from "node:v8"

import { CASES, type DatabaseSession, runOps, setupCase } from "./cases"
import { closeRevocationChannels } from "./revocation-channel"
import { loadGc } from "./gc"
import { loadLibrary } from "./libraries"
import type { MemoryChildInput, MemoryResult } from "./memory"

const input = JSON.parse(process.env.BENCH_CHILD_INPUT ?? "null") as MemoryChildInput | null
if (!input) throw new Error("BENCH_CHILD_INPUT is not set: this file is started by bench/lib/memory.ts")
const spec = CASES.find((c) => c.id === input.caseId)
if (!spec) throw new Error(`unknown case ${input.caseId}`)

const gc = loadGc()
gc?.()
const start = process.memoryUsage()

const library = await loadLibrary(spec.library)
let database: DatabaseSession | undefined
let close = async () => {}
if (spec.strategy === "database" && spec.storage === "sqlite") {
  if (!input.databaseUrl || !input.sessionToken) throw new Error(`${spec.id} needs databaseUrl and sessionToken`)
  const { DB_USER, openDatabase } = await import("./database")
  const db = openDatabase(input.databaseUrl)
  close = db.close
  database = { adapter: db.adapter, sessionToken: input.sessionToken, email: DB_USER.email }
}
const benchCase = await setupCase(spec, library, database, input.warmup + input.ops)
await runOps(benchCase, input.warmup)

gc?.()
const before = process.memoryUsage()
const profiler = new GCProfiler()
profiler.start()
const usedAtStart = getHeapStatistics().used_heap_size
await runOps(benchCase, input.ops)
const usedAtEnd = getHeapStatistics().used_heap_size
const profile = profiler.stop()
// Everything allocated = what is in use now - what was at the start + what each GC freed.
let freed = 0
for (const event of profile.statistics) {
  freed += event.beforeGC.heapStatistics.usedHeapSize - event.afterGC.heapStatistics.usedHeapSize
}
gc?.()
const after = process.memoryUsage()
await close()

if (benchCase.counters.failures > 0) {
  throw new Error(`${spec.id}: ${benchCase.counters.failures} responses without the session (${benchCase.counters.lastFailure})`)
}
const result: MemoryResult = {
  heapRetainedBytes: after.heapUsed - start.heapUsed,
  heapGrowthBytes: after.heapUsed - before.heapUsed,
  allocatedBytesPerOp: (usedAtEnd - usedAtStart + freed) / input.ops,
  rssAfterBytes: after.rss,
  rssDeltaBytes: after.rss - start.rss,
  maxRssBytes: process.resourceUsage().maxRSS * 1024,
  ops: input.ops,
  gcAvailable: gc !== undefined,
}
console.log(JSON.stringify(result))
// A channel case holds a Redis subscription, which would keep this child alive.
await closeRevocationChannels()
