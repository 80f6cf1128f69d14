/**
 * npm run bench:http:profile — `next start` under load with `node --cpu-prof`,
 * one server per profile, and a flame graph (SVG) and summary (text) of each
 * written to docs/perf/ (see docs/perf/README.md for what they showed).
 *
 * Profiles: the starter, both strategies, for GET /api/auth/session, the
 * guarded /dashboard, the public /, the auth()-wrapped /api/me and the bare
 * route; next-auth's app (both strategies) for the same paths, to compare; and,
 * when BENCH_PROFILE_ONLY names them (e.g. "free-auth-database-dashboard"),
 * the same pages with no auth at all (bench:http's bound).
 * Cold cookies (1,000 users in rotation), 10 connections.
 *
 * Environment: BENCH_PROFILE_SECONDS (default 8), BENCH_PROFILE_ONLY (e.g.
 * "ours-jwt-session,ours-database-dashboard"), BENCH_HTTP_USERS (default 1000),
 * BENCH_PROFILE_KEEP (a folder to keep the raw .cpuprofile files in, each with the measured
 * window, past start-up and warm-up, in <name>.window.json).
 * Build first with `npm run bench:http` (or it builds here when stale).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"

import { type App, type AppId, CASES, load, prepareBuilds, startFreeAuth, startNextAuth, startStarter, type Strategy } from "./lib/http-apps"
import { flameGraph } from "./lib/flamegraph"
import { pinLoadGenerator, stopNext } from "./lib/http-server"

const OUT = fileURLToPath(new URL("../docs/perf/", import.meta.url))
const seconds = Number(process.env.BENCH_PROFILE_SECONDS || 8)
const users = Number(process.env.BENCH_HTTP_USERS || 1000)
const only = process.env.BENCH_PROFILE_ONLY?.split(",").map((s) => s.trim())
const CONNECTIONS = 10

const PROFILED = ["session", "dashboard", "frame", "public", "auth-route", "bare"]
const plan: Array<{ app: AppId; strategy: Strategy; caseId: string; onlyWhenNamed?: boolean }> = [
  ...(["jwt", "database"] as const).flatMap((strategy) => PROFILED.map((caseId) => ({ app: "ours" as const, strategy, caseId }))),
  ...(["jwt", "database"] as const).flatMap((strategy) => PROFILED.map((caseId) => ({ app: "next-auth" as const, strategy, caseId }))),
  // The bound's app: what the pages cost with no auth at all. Profiled only when BENCH_PROFILE_ONLY names it.
  ...(["jwt", "database"] as const).flatMap((strategy) => PROFILED.map((caseId) => ({ app: "free-auth" as const, strategy, caseId, onlyWhenNamed: true }))),
]

async function profileOne(app: AppId, strategy: Strategy, caseId: string): Promise<void> {
  const name = `${app}-${strategy}-${caseId}`
  const benchCase = CASES.find((c) => c.id === caseId)!
  const dir = mkdtempSync(path.join(tmpdir(), "auth-bench-profile-"))
  const profDir = path.join(dir, "prof")
  let started: App | undefined
  try {
    const options = { connections: CONNECTIONS, users, nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profDir}`] }
    started =
      app === "ours" ? await startStarter(strategy, dir, options) : app === "free-auth" ? await startFreeAuth(strategy, dir, options) : await startNextAuth(strategy, dir, options)
    // Past the JIT's warm-up (pages need ~10 s, see bench/http.ts), so the profile shows the steady state.
    await load(started, benchCase, benchCase.modes.includes("cold") ? "cold" : "warm", 10, CONNECTIONS)
    const from = performance.now()
    const run = await load(started, benchCase, benchCase.modes.includes("cold") ? "cold" : "warm", seconds, CONNECTIONS)
    const to = performance.now()
    const { spawnedAt } = started.server
    await stopNext(started.server)
    started = undefined
    const files = readdirSync(profDir)
      .filter((f) => f.endsWith(".cpuprofile"))
      .map((f) => path.join(profDir, f))
      .sort((a, b) => statSync(b).size - statSync(a).size)
    if (files.length === 0) throw new Error(`${name}: no profile was written`)
    const title = `${name}: GET ${benchCase.path}, ${run.requestsPerSec.toFixed(0)} req/s under the profiler (load ${loadavg()[0]!.toFixed(1)})`
    const graph = flameGraph(files[0]!, title, { fromUs: (from - spawnedAt) * 1000, toUs: (to - spawnedAt) * 1000 })
    writeFileSync(path.join(OUT, `${name}.svg`), graph.svg)
    writeFileSync(path.join(OUT, `${name}.txt`), graph.summary)
    const keep = process.env.BENCH_PROFILE_KEEP
    if (keep) {
      mkdirSync(keep, { recursive: true })
      copyFileSync(files[0]!, path.join(keep, `${name}.cpuprofile`))
      // The measured window, for reading the raw profile without the start-up and warm-up around it.
      writeFileSync(path.join(keep, `${name}.window.json`), JSON.stringify({ fromUs: (from - spawnedAt) * 1000, toUs: (to - spawnedAt) * 1000 }))
    }
    console.log(`${name}: ${run.requestsPerSec.toFixed(0)} req/s, ${graph.busyMs.toFixed(0)} ms busy → docs/perf/${name}.svg`)
  } finally {
    if (started) await stopNext(started.server)
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true })
  const chosen = plan.filter(({ app, strategy, caseId, onlyWhenNamed }) => (only ? only.includes(`${app}-${strategy}-${caseId}`) : !onlyWhenNamed))
  await prepareBuilds(false, process.argv.includes("--skip-build"), [...new Set(chosen.map(({ app }) => app))])
  // As in bench/http.ts: each server on CPU 0, autocannon on the rest.
  pinLoadGenerator()
  for (const { app, strategy, caseId } of chosen) await profileOne(app, strategy, caseId)
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench:http:profile: ${error instanceof Error ? error.stack ?? error.message : String(error)}`)
    process.exit(1)
  },
)
