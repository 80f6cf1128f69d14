/**
 * npm run bench:load — a soak of the production server (`next start`): mixed
 * traffic from autocannon on loopback for each session strategy, then
 * requests per second, latency, errors, and the server's memory after
 * warm-up and at the end.
 *
 * Every connection walks one user's visit, over and over: GET /csrf, the
 * credentials sign-in (a real scrypt), session checks, the guarded dashboard
 * and settings pages, and sign-out. Each connection has its own seeded
 * account, so no account's rate limit is what gets measured.
 *
 * Flags:
 *   --duration N     seconds of measured traffic per strategy (default 60)
 *   --warmup N       seconds of the same traffic first, not counted (default 30: Next.js loads
 *                    route code lazily, and a shorter warm-up counts that as growth)
 *   --connections N  concurrent connections = accounts (default 8)
 *   --strategies jwt,database (default both)
 *   --build          run `next build` first (default: use the existing build)
 * Errors: connection errors, timeouts and 5xx answers. Targets: 0 errors, RSS
 * growth under 10% from the end of warm-up to the end of the run, each read right after a
 * full garbage collection in the server (the probe does it on request).
 */
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

import autocannon from "autocannon"

import { migrateDatabase } from "../lib/db/migrate"
import { round } from "./lib/stats"
import { freePort } from "../tests/helpers/free-port"

const ROOT = fileURLToPath(new URL("../", import.meta.url))
const PROBE = fileURLToPath(new URL("./lib/memory-probe.mjs", import.meta.url))
const BASE = "/api/auth"
const PASSWORD = "load-bench-password-123"

type Strategy = "jwt" | "database"

function flag(name: string): string | undefined {
  const argv = process.argv.slice(2)
  const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`))
  if (i === -1) return undefined
  const arg = argv[i]!
  return arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : (argv[i + 1] ?? "")
}
function positive(name: string, fallback: number): number {
  const raw = flag(name)
  if (raw === undefined) return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer`)
  return n
}

const duration = positive("duration", 60)
const warmup = positive("warmup", 30)
const connections = positive("connections", 8)
const strategies = (flag("strategies") ?? "jwt,database").split(",").filter((s): s is Strategy => s === "jwt" || s === "database")
const require = createRequire(import.meta.url)
const NEXT_BIN = path.join(path.dirname(require.resolve("next/package.json")), "dist", "bin", "next")

interface Memory {
  rss: number
  heapUsed: number
  heapTotal: number
  /** When the probe last collected garbage on request (ms since the epoch), 0 if never. */
  collected: number
}

/** The memory of the biggest process of the server (the one serving), from the probe's files. */
function serverMemory(dir: string): Memory {
  const samples = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as Memory)
  if (samples.length === 0) throw new Error("the memory probe wrote nothing")
  return samples.reduce((a, b) => (b.rss > a.rss ? b : a))
}

/**
 * The server's memory right after a full garbage collection: asks the probe for
 * one and waits for a reading taken after it, so start and end are compared at
 * the same point of the GC cycle.
 */
async function collectedServerMemory(dir: string): Promise<Memory> {
  const asked = Date.now()
  writeFileSync(path.join(dir, "gc"), "")
  try {
    for (let waited = 0; waited < 10_000; waited += 250) {
      await sleep(250)
      const memory = serverMemory(dir)
      if (memory.collected >= asked) return memory
    }
    throw new Error("the memory probe did not collect garbage within 10 s")
  } finally {
    rmSync(path.join(dir, "gc"), { force: true })
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Every value of one response header. */
function headerValues(headers: unknown, wanted: string): string[] {
  // autocannon hands headers over as a flat [name, value, …] list or as an object.
  const out: string[] = []
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) if (String(headers[i]).toLowerCase() === wanted) out.push(String(headers[i + 1]))
  } else if (headers && typeof headers === "object") {
    for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
      if (name.toLowerCase() !== wanted) continue
      for (const v of Array.isArray(value) ? value : [value]) out.push(String(v))
    }
  }
  return out
}

const cookiesFrom = (headers: unknown) => headerValues(headers, "set-cookie")

interface Visit {
  jar: Record<string, string>
  csrfToken?: string
  email?: string
}

function applyCookies(visit: Visit, headers: unknown): void {
  for (const line of cookiesFrom(headers)) {
    const [pair = ""] = line.split(";")
    const eq = pair.indexOf("=")
    if (eq <= 0) continue
    const name = pair.slice(0, eq).trim()
    const value = pair.slice(eq + 1).trim()
    if (value === "" || /max-age=0/i.test(line)) delete visit.jar[name]
    else visit.jar[name] = value
  }
}
const cookieHeader = (visit: Visit) =>
  Object.entries(visit.jar)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ")

interface Tally {
  byStep: Record<string, Record<number, number>>
  serverErrors: number
  /**
   * Sign-ins answered with a redirect somewhere other than the callback URL,
   * by the sign-in page's code (e.g. "busy" from the hash gate): a 302 that
   * is not a session, which the status counts alone would pass as success.
   */
  refusedSignIns: Record<string, number>
}

type Req = { method?: string; path?: string; headers?: Record<string, string>; body?: string }

/** One user's visit as autocannon request steps; each connection gets its own account. */
function visitSteps(origin: string, tally: Tally, accounts: string[]) {
  let nextAccount = 0
  const count = (step: string) => (status: number, _body: string, context: Visit, headers: unknown) => {
    const row = (tally.byStep[step] ??= {})
    row[status] = (row[status] ?? 0) + 1
    if (status >= 500) tally.serverErrors++
    applyCookies(context, headers)
  }
  const withCookies = (req: Req, context: Visit): Req => ({ ...req, headers: { ...req.headers, cookie: cookieHeader(context) } })
  const page = (name: string, pathName: string) => ({
    method: "GET" as const,
    path: pathName,
    setupRequest: (req: Req, context: Visit) => withCookies(req, context),
    onResponse: count(name),
  })
  return [
    {
      method: "GET" as const,
      path: `${BASE}/csrf`,
      setupRequest: (req: Req, context: Visit) => {
        context.jar ??= {}
        context.email ??= accounts[nextAccount++ % accounts.length]
        return withCookies(req, context)
      },
      onResponse: (status: number, body: string, context: Visit, headers: unknown) => {
        count("csrf")(status, body, context, headers)
        try {
          context.csrfToken = (JSON.parse(body) as { csrfToken?: string }).csrfToken
        } catch {
          context.csrfToken = undefined
        }
      },
    },
    {
      method: "POST" as const,
      path: `${BASE}/callback/credentials`,
      setupRequest: (req: Req, context: Visit) => ({
        ...withCookies(req, context),
        headers: { cookie: cookieHeader(context), "content-type": "application/x-www-form-urlencoded", origin },
        body: new URLSearchParams({ csrfToken: context.csrfToken ?? "", email: context.email ?? "", password: PASSWORD, callbackUrl: `${origin}/dashboard` }).toString(),
      }),
      onResponse: (status: number, body: string, context: Visit, headers: unknown) => {
        count("sign-in")(status, body, context, headers)
        const location = headerValues(headers, "location")[0] ?? ""
        if (status === 302 && !location.startsWith(`${origin}/dashboard`)) {
          const query = new URL(location, origin).searchParams
          const reason = query.get("code") ?? query.get("error") ?? "other"
          tally.refusedSignIns[reason] = (tally.refusedSignIns[reason] ?? 0) + 1
        }
      },
    },
    page("session", `${BASE}/session`),
    page("dashboard", "/dashboard"),
    page("session", `${BASE}/session`),
    page("settings", "/settings"),
    page("session", `${BASE}/session`),
    {
      method: "POST" as const,
      path: `${BASE}/signout`,
      setupRequest: (req: Req, context: Visit) => ({
        ...req,
        headers: { cookie: cookieHeader(context), "content-type": "application/x-www-form-urlencoded", origin },
        body: new URLSearchParams({ csrfToken: context.csrfToken ?? "", callbackUrl: `${origin}/` }).toString(),
      }),
      onResponse: count("sign-out"),
    },
  ]
}

async function seedAccounts(url: string, n: number): Promise<string[]> {
  process.env.DATABASE_URL = url
  const { createPrismaClient } = await import("../lib/db/client")
  const { signUp } = await import("../server/accounts/users")
  const db = createPrismaClient(url)
  const emails = Array.from({ length: n }, (_, i) => `load-${i}@example.com`)
  for (const email of emails) {
    const result = await signUp(db, { email, name: `Load ${email}`, password: PASSWORD })
    if (!result.ok) throw new Error(`could not create ${email}: ${JSON.stringify(result)}`)
  }
  await db.$disconnect()
  return emails
}

let running: ChildProcess | undefined
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    if (running?.pid) process.kill(-running.pid, "SIGKILL")
    process.exit(130)
  })
}

interface StrategyResult {
  strategy: Strategy
  requestsPerSec: number
  p50: number
  p99: number
  requests: number
  errors: number
  statuses: Tally["byStep"]
  refusedSignIns: Tally["refusedSignIns"]
  memoryStart: Memory
  memoryEnd: Memory
}

async function benchStrategy(strategy: Strategy, dbUrl: string, accounts: string[]): Promise<StrategyResult> {
  const probeDir = mkdtempSync(path.join(tmpdir(), "auth-load-probe-"))
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: dbUrl,
      AUTH_SECRET: "load-bench-secret-not-for-production-0123456789",
      AUTH_URL: origin,
      AUTH_SESSION_STRATEGY: strategy,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${pathToFileURL(PROBE).href}`.trim(),
      LOAD_PROBE_DIR: probeDir,
    },
  })
  running = child
  let stderr = ""
  child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)))
  try {
    for (let waited = 0; ; waited += 250) {
      if (child.exitCode !== null) throw new Error(`next start exited: ${stderr}`)
      const ok = await fetch(`${origin}${BASE}/providers`).then((r) => r.ok, () => false)
      if (ok) break
      if (waited > 120_000) throw new Error("next start did not answer in 120 s")
      await sleep(250)
    }
    const tally: Tally = { byStep: {}, serverErrors: 0, refusedSignIns: {} }
    const options = { url: origin, connections, requests: visitSteps(origin, tally, accounts), timeout: 30 }
    console.log(`${strategy}: warm-up ${warmup} s ...`)
    await autocannon({ ...options, duration: warmup } as Parameters<typeof autocannon>[0])
    const memoryStart = await collectedServerMemory(probeDir)
    tally.byStep = {}
    tally.serverErrors = 0
    tally.refusedSignIns = {}
    console.log(`${strategy}: ${duration} s, ${connections} connections, mixed visits ...`)
    const result = await autocannon({ ...options, duration } as Parameters<typeof autocannon>[0])
    const memoryEnd = await collectedServerMemory(probeDir)
    return {
      strategy,
      requestsPerSec: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      errors: result.errors + result.timeouts + tally.serverErrors,
      statuses: tally.byStep,
      refusedSignIns: tally.refusedSignIns,
      memoryStart,
      memoryEnd,
    }
  } finally {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM")
      } catch {
        // gone
      }
      await new Promise((resolve) => child.once("exit", resolve))
    }
    running = undefined
    rmSync(probeDir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  if (process.argv.includes("--build")) {
    await new Promise<void>((resolve, reject) =>
      spawn(process.execPath, [NEXT_BIN, "build"], { cwd: ROOT, stdio: "inherit" }).on("exit", (c) => (c === 0 ? resolve() : reject(new Error("build failed")))),
    )
  }
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) throw new Error("no production build: run `npm run build` first (or pass --build)")
  const dir = mkdtempSync(path.join(tmpdir(), "auth-load-"))
  const dbUrl = `file:${path.join(dir, "load.db")}`
  try {
    await migrateDatabase(dbUrl)
    const accounts = await seedAccounts(dbUrl, connections)
    const results: StrategyResult[] = []
    for (const strategy of strategies) results.push(await benchStrategy(strategy, dbUrl, accounts))

    console.log("")
    for (const r of results) {
      const growth = (r.memoryEnd.rss - r.memoryStart.rss) / r.memoryStart.rss
      console.log(
        `${r.strategy.padEnd(8)} ${round(r.requestsPerSec).toFixed(1)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  requests ${r.requests}  errors ${r.errors}`,
      )
      console.log(
        `         RSS ${mb(r.memoryStart.rss)} -> ${mb(r.memoryEnd.rss)} (${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(1)}%)  heap used ${mb(r.memoryStart.heapUsed)} -> ${mb(r.memoryEnd.heapUsed)}`,
      )
      console.log(`         statuses per step: ${JSON.stringify(r.statuses)}`)
      const signIns = Object.values(r.statuses["sign-in"] ?? {}).reduce((a, b) => a + b, 0)
      const refused = Object.values(r.refusedSignIns).reduce((a, b) => a + b, 0)
      console.log(`         sign-ins that made a session: ${signIns - refused} of ${signIns}; refused: ${JSON.stringify(r.refusedSignIns)}`)
      const verdicts = [r.errors === 0 ? "0 errors: ok" : `${r.errors} errors: FAIL`, growth < 0.1 ? "RSS growth < 10%: ok" : "RSS growth >= 10%: FAIL"]
      console.log(`         ${verdicts.join("; ")}`)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench:load: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
