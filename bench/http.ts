/**
 * npm run bench:http — requests per second of GET /api/auth/session on the
 * production server (`next start`) with a signed-in session cookie, for the
 * jwt and the database strategy (AUTH_SESSION_STRATEGY), using autocannon.
 *
 * For each strategy: a temp SQLite file is migrated and seeded, `next start`
 * runs on a free 127.0.0.1 port, the seed account signs in through the real
 * endpoints (GET /api/auth/csrf, POST /api/auth/callback/credentials), the
 * session is checked, autocannon runs, and the server is stopped.
 *
 * Flags / environment:
 *   --skip-build (BENCH_HTTP_SKIP_BUILD=1)  never run `next build` (default: build only if .next/BUILD_ID is missing)
 *   --build                                  always build first
 *   BENCH_HTTP_DURATION     seconds per strategy (default 10)
 *   BENCH_HTTP_CONNECTIONS  concurrent connections (default 10)
 *   BENCH_HTTP_STRATEGIES   "jwt,database" (default both)
 * autocannon does not apply Set-Cookie: every request carries the sign-in cookie.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"

import autocannon from "autocannon"

import { migrateDatabase } from "../lib/db/migrate"
import { CookieJar } from "./lib/jar"
import { round } from "./lib/stats"

const ROOT = fileURLToPath(new URL("../", import.meta.url))
const RESULTS_FILE = fileURLToPath(new URL("./http-results.json", import.meta.url))
const SEED_EMAIL = process.env.SEED_EMAIL || "demo@example.com"
const SEED_PASSWORD = process.env.SEED_PASSWORD || "demo-password-123"
const BASE_PATH = "/api/auth"
const READY_TIMEOUT_MS = 60_000
const WARMUP_SECONDS = 2

type Strategy = "jwt" | "database"

function positiveInt(name: string, fallback: number): number {
  const value = process.env[name]
  if (value === undefined || value === "") return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive integer, got ${JSON.stringify(value)}`)
  return parsed
}

const args = new Set(process.argv.slice(2))
const skipBuild = args.has("--skip-build") || process.env.BENCH_HTTP_SKIP_BUILD === "1"
const forceBuild = args.has("--build")
const duration = positiveInt("BENCH_HTTP_DURATION", 10)
const connections = positiveInt("BENCH_HTTP_CONNECTIONS", 10)
const strategies = (process.env.BENCH_HTTP_STRATEGIES ?? "jwt,database")
  .split(",")
  .map((s) => s.trim())
  .filter((s): s is Strategy => s === "jwt" || s === "database")
if (strategies.length === 0) throw new Error("BENCH_HTTP_STRATEGIES names no strategy (jwt, database)")

/** A dependency's CLI entry, run with this Node (no npx, no shell). */
function binPath(pkg: string, name = pkg): string {
  const require = createRequire(import.meta.url)
  const manifestPath = require.resolve(`${pkg}/package.json`)
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin?: string | Record<string, string> }
  const relative = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.[name]
  if (!relative) throw new Error(`${pkg} has no "${name}" executable`)
  return path.join(path.dirname(manifestPath), relative)
}

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
function runStep(label: string, command: string, argv: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: ROOT, env, stdio: "inherit" })
    child.on("error", reject)
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${label} failed (${signal ?? `exit ${code}`})`)),
    )
  })
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error("no free port"))))
    })
  })
}

function baseEnv(): NodeJS.ProcessEnv {
  return { ...process.env, NEXT_TELEMETRY_DISABLED: "1" }
}

/** The server being benchmarked, so an interrupted run still stops it. */
let runningServer: ChildProcess | undefined
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    if (runningServer?.pid !== undefined) {
      try {
        process.kill(-runningServer.pid, "SIGKILL")
      } catch {
        // Already gone.
      }
    }
    process.exit(130)
  })
}

/** The server in its own process group, so stopping it also stops anything it forked. */
function startServer(port: number, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [binPath("next"), "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  })
  let log = ""
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000)
  }
  child.stdout?.on("data", keep)
  child.stderr?.on("data", keep)
  child.on("exit", (code, signal) => {
    const expected = runningServer !== child
    if (runningServer === child) runningServer = undefined
    // 143 is next start's own exit on the SIGTERM we send it.
    if (!expected && code !== 0 && signal === null) console.error(`next start exited with ${code}; last output:\n${log}`)
  })
  runningServer = child
  return child
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (runningServer === child) runningServer = undefined
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal)
    } catch {
      // Already gone.
    }
  }
  signalGroup("SIGTERM")
  const timer = setTimeout(() => signalGroup("SIGKILL"), 5_000)
  await exited
  clearTimeout(timer)
}

async function waitUntilReady(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error("next start exited before it was ready")
    try {
      // Any answer means it is listening; whether sign-in works is checked next.
      const response = await fetch(`${origin}${BASE_PATH}/providers`)
      await response.body?.cancel()
      if (response.status < 500) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`next start did not answer ${BASE_PATH}/providers within ${READY_TIMEOUT_MS / 1000} s`)
}

/** Signs the seed account in through the real endpoints; returns the Cookie header that carries the session. */
async function signIn(origin: string): Promise<string> {
  const jar = new CookieJar()
  const csrf = await fetch(`${origin}${BASE_PATH}/csrf`)
  jar.update(csrf.headers)
  const { csrfToken } = (await csrf.json()) as { csrfToken?: string }
  if (!csrfToken) throw new Error(`GET ${BASE_PATH}/csrf gave no csrfToken (status ${csrf.status})`)

  const callback = await fetch(`${origin}${BASE_PATH}/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email: SEED_EMAIL, password: SEED_PASSWORD, callbackUrl: origin }),
  })
  jar.update(callback.headers)
  await callback.body?.cancel()
  const location = callback.headers.get("location") ?? ""
  if (callback.status !== 302 || location.includes("error=")) {
    throw new Error(`credentials sign-in failed: status ${callback.status}, Location ${location}`)
  }

  const session = await fetch(`${origin}${BASE_PATH}/session`, { headers: { cookie: jar.header() } })
  jar.update(session.headers)
  const body = (await session.json()) as { user?: { email?: string } } | null
  if (session.status !== 200 || body?.user?.email !== SEED_EMAIL) {
    throw new Error(`GET ${BASE_PATH}/session after sign-in did not return the session: ${session.status} ${JSON.stringify(body)}`)
  }
  return jar.header()
}

interface StrategyResult {
  strategy: Strategy
  requestsPerSec: number
  latencyMs: { mean: number; p50: number; p99: number; max: number }
  requests: number
  non2xx: number
  errors: number
  timeouts: number
  durationSec: number
}

async function benchStrategy(strategy: Strategy): Promise<StrategyResult> {
  const dir = mkdtempSync(path.join(tmpdir(), "auth-bench-http-"))
  const env: NodeJS.ProcessEnv = {
    ...baseEnv(),
    DATABASE_URL: `file:${path.join(dir, "bench.db")}`,
    AUTH_SESSION_STRATEGY: strategy,
    AUTH_SECRET: randomBytes(33).toString("base64"),
    AUTH_TRUST_HOST: "true",
    SEED_EMAIL,
    SEED_PASSWORD,
  }
  let server: ChildProcess | undefined
  try {
    await migrateDatabase(env.DATABASE_URL)
    await runStep("db:seed", process.execPath, [binPath("tsx"), "scripts/db-seed.ts"], env)
    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    server = startServer(port, { ...env, NODE_ENV: "production" })
    await waitUntilReady(origin, server)
    const cookie = await signIn(origin)

    const url = `${origin}${BASE_PATH}/session`
    // Warm-up: lazily loaded route code and JIT, not counted.
    await autocannon({ url, connections, duration: WARMUP_SECONDS, headers: { cookie } })
    console.log(`${strategy}: ${duration} s, ${connections} connections, GET ${BASE_PATH}/session ...`)
    const result = await autocannon({ url, connections, duration, headers: { cookie } })

    // The server must still hand out the session after the run, or the numbers measured failures.
    const check = await fetch(url, { headers: { cookie } })
    const body = (await check.json()) as { user?: { email?: string } } | null
    if (body?.user?.email !== SEED_EMAIL) throw new Error(`${strategy}: the session was gone after the run`)

    return {
      strategy,
      requestsPerSec: result.requests.average,
      latencyMs: {
        mean: result.latency.mean,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      durationSec: result.duration,
    }
  } finally {
    if (server) await stopServer(server)
    rmSync(dir, { recursive: true, force: true })
  }
}

function formatTable(results: readonly StrategyResult[]): string {
  const header = ["strategy", "req/s", "lat mean ms", "p50 ms", "p99 ms", "requests", "non-2xx", "errors"]
  const rows = results.map((r) => [
    r.strategy,
    round(r.requestsPerSec).toFixed(1),
    round(r.latencyMs.mean, 2).toFixed(2),
    String(r.latencyMs.p50),
    String(r.latencyMs.p99),
    String(r.requests),
    String(r.non2xx),
    String(r.errors + r.timeouts),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ")
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n")
}

async function main(): Promise<void> {
  const built = existsSync(path.join(ROOT, ".next", "BUILD_ID"))
  if (forceBuild || (!built && !skipBuild)) {
    console.log("next build ...")
    await runStep("next build", process.execPath, [binPath("next"), "build"], baseEnv())
  } else if (!built) {
    throw new Error("no production build (.next/BUILD_ID) and --skip-build given: run `npm run build` first")
  }

  const results: StrategyResult[] = []
  for (const strategy of strategies) {
    const result = await benchStrategy(strategy)
    console.log(
      `${strategy}: ${round(result.requestsPerSec).toFixed(1)} req/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, non-2xx ${result.non2xx}`,
    )
    results.push(result)
  }

  console.log(`\n${formatTable(results)}`)
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify({ generatedAt: new Date().toISOString(), node: process.version, duration, connections, results }, null, 2)}\n`,
  )
  console.log(`\nwrote ${RESULTS_FILE}`)
}

// Exit explicitly: the migration engine can leave a timer pending.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench:http: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
