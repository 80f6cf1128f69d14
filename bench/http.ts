/**
 * npm run bench:http — the starter against a next-auth v5 app over HTTP,
 * under `next start`, side by side on the same Next.js (bench/next-auth-app,
 * whose next-auth is installed into its own node_modules here if missing).
 *
 * For each session strategy (jwt, database) both apps run at once, each on a
 * free 127.0.0.1 port with a fresh SQLite file, and autocannon (10
 * connections) measures, alternating the apps run by run (A B A B):
 *   bare       GET /api/bench/bare: `{}` outside every middleware matcher, the ceiling of each app
 *              (measured first and again last, runs pooled; and right after each run of the
 *              session and auth-route cases, whose share of it is taken against those runs)
 *   session    GET /api/auth/session
 *   auth-route GET /api/me: a route handler wrapped in auth()
 *   dashboard  GET /dashboard: the guarded page (middleware `authorized`, then the page)
 *   public     GET /: the home page (it shows who is signed in)
 *   admin-dashboard, guarded (the starter alone, as its admins: the seeded admin warm, 1,000 admin
 *              users cold): GET /dashboard and GET /bench/guarded, the same dashboard behind the admin
 *              area's permission (middleware route rule, then requirePermission), side by side
 *   org-home   (the starter alone, as members of the bench organization: its seeded owner warm,
 *              1,000 members cold, sessions that start in it): GET /o/bench-org, the organization's
 *              home page (middleware reads session and membership, organizationPage(slug)), beside
 *              GET /dashboard and next-auth's GET /dashboard (the reference has no organizations:
 *              its dashboard is the signed-in page the organization's home is held to)
 *   channel    the session route and the dashboard again on the same build with the Redis
 *              revocation channel on (a third server), beside the starter without it
 * The reference app (bench/next-auth-app with bench/next-auth-mirror laid over it, see
 * bench/lib/next-auth-mirror.ts) renders the starter's pages element for element (its
 * layouts, header with the organization switcher, account menu, dashboard
 * with the same cards read from its own database, and home page, on
 * next-auth's API),
 * and the run stops before measuring if the two pages' markup differs
 * (bench/lib/page-shape.ts): pages are compared on their auth, not their size.
 * each with one signed-in cookie (warm) and with 1,000 distinct signed-in
 * users in rotation (cold). Then it counts the SQL statements per request
 * (a better-sqlite3 counter preloaded into both servers, bench/lib/query-counter.cjs).
 * It prints Markdown tables and writes bench/http-results.json.
 *
 * Flags / environment:
 *   --skip-build (BENCH_HTTP_SKIP_BUILD=1)  never build (default: build an app whose build is older than its sources)
 *   --build                                  always build both apps first
 *   BENCH_HTTP_DURATION     seconds per measured run (default 5)
 *   BENCH_HTTP_ROUNDS       measured runs per app and case, alternating (default 3)
 *   BENCH_HTTP_CONNECTIONS  concurrent connections (default 10)
 *   BENCH_HTTP_USERS        distinct users of the cold runs (default 1000)
 *   BENCH_HTTP_STRATEGIES   "jwt,database" (default both)
 *   BENCH_HTTP_CASES        e.g. "bare,session" (default all)
 *   BENCH_HTTP_APPS         which apps run (default "ours,ours-channel,next-auth,free-auth"). "ours" alone runs the
 *                           starter without the reference app, the markup check or the comparison
 *                           tables: enough for the permission-guarded page's table. "ours-channel" is the
 *                           same build with AUTH_REVOCATION_CHANNEL=redis (REDIS_URL), run on the paths
 *                           whose case is marked `channel` for the revocation channel's table. "free-auth"
 *                           (beside next-auth only) is the reference app's pages on an auth "library" that
 *                           costs nothing (bench/free-auth-overlay), run on the dashboard and the frame:
 *                           the bound no library can pass with these pages, in a table of its own
 *   BENCH_HTTP_RESULTS      where the results go (default bench/http-results.json): a partial run need not replace the full one's
 *   BENCH_HTTP_PIN=0        do not pin (default: each server on CPU 0, this process on the others, via taskset)
 * The machine's load is recorded with the results: compare ratios, not absolute numbers.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { cpus, loadavg, tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"

import {
  type App,
  type AppId,
  appsFor,
  CASES,
  type Case,
  cookiesFor,
  load,
  type Mode,
  prepareBuilds,
  queryCount,
  startFreeAuth,
  startNextAuth,
  startStarter,
  type Run,
  type Strategy,
} from "./lib/http-apps"
import { pinLoadGenerator, stopNext } from "./lib/http-server"
import { expectSameMarkup } from "./lib/page-shape"
import { round } from "./lib/stats"

const RESULTS_FILE = process.env.BENCH_HTTP_RESULTS ? path.resolve(process.env.BENCH_HTTP_RESULTS) : fileURLToPath(new URL("./http-results.json", import.meta.url))
// Unmeasured load per app before each measured mode: a case's first measured run otherwise still
// pays for JIT compilation of the paths it is the first to take. Pages (React's renderer) need
// longer than 3 s: their first mode read 20-30% under the second at 3 s, in both apps.
const WARMUP_SECONDS = 3
const FIRST_MODE_WARMUP_SECONDS = 10
const QUERY_SAMPLE = 100
/** The pages both apps render: the reference app mirrors the starter's markup for them. */
const PAGE_PATHS = ["/dashboard", "/bench/frame", "/"]
/** The pages the free "library" is measured on (its bound). */
const FREE_AUTH_PAGE_PATHS = ["/dashboard", "/bench/frame"]


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
const duration = positiveInt("BENCH_HTTP_DURATION", 5)
const rounds = positiveInt("BENCH_HTTP_ROUNDS", 3)
const connections = positiveInt("BENCH_HTTP_CONNECTIONS", 10)
const userCount = positiveInt("BENCH_HTTP_USERS", 1000)
const strategies = (process.env.BENCH_HTTP_STRATEGIES ?? "jwt,database")
  .split(",")
  .map((s) => s.trim())
  .filter((s): s is Strategy => s === "jwt" || s === "database")
if (strategies.length === 0) throw new Error("BENCH_HTTP_STRATEGIES names no strategy (jwt, database)")
const caseFilter = process.env.BENCH_HTTP_CASES?.split(",").map((s) => s.trim())
const cases = CASES.filter((c) => !caseFilter || caseFilter.includes(c.id))
const appNames = (process.env.BENCH_HTTP_APPS ?? "ours,ours-channel,next-auth,free-auth").split(",").map((s) => s.trim())
const withReference = appNames.includes("next-auth")
// The bound is read against next-auth's figures: it runs only beside them.
const withFreeAuth = withReference && appNames.includes("free-auth") && cases.some((c) => c.id === "dashboard" || c.id === "frame")
const withChannel = appNames.includes("ours-channel") && cases.some((c) => c.channel)

interface Measured {
  strategy: Strategy
  case: string
  path: string
  mode: Mode
  app: AppId
  runs: Run[]
  requestsPerSec: number
  /**
   * Routes whose share of the bare route is a target (PAIRED_WITH_BARE): the bare route measured
   * right after each of this case's runs, on the same app. The share is taken against these.
   */
  pairedBareRuns?: Run[]
  pairedBareRequestsPerSec?: number
}

/**
 * The routes whose throughput as a share of the bare route is a target (at least 85%: reading
 * the session must stay a small part of a request's cost). Each of their runs is followed at
 * once by a bare-route run on the same app, so the share compares neighbouring seconds: the
 * machine's drift over a strategy's minutes (a few percent either way on this shared 2-core
 * machine) then falls on both sides of the ratio alike.
 */
const PAIRED_WITH_BARE = new Set(["session", "auth-route"])

interface Queries {
  strategy: Strategy
  case: string
  app: AppId
  perRequest: number
}

/** SQL statements per request: QUERY_SAMPLE sequential requests with cold cookies, the counter read around them. */
async function countQueries(strategy: Strategy, app: App, benchCase: Case): Promise<Queries> {
  const before = await queryCount(app)
  const { cold } = cookiesFor(app, benchCase)
  for (let i = 0; i < QUERY_SAMPLE; i++) {
    const response = await fetch(`${app.server.origin}${benchCase.path}`, { headers: { cookie: cold[(i * 7919) % cold.length]! } })
    await response.arrayBuffer()
  }
  const after = await queryCount(app)
  return { strategy, case: benchCase.id, app: app.id, perRequest: (after - before) / QUERY_SAMPLE }
}

async function benchStrategy(strategy: Strategy, measured: Measured[], queries: Queries[]): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "auth-bench-http-"))
  const apps: App[] = []
  try {
    apps.push(await startStarter(strategy, dir, { connections, users: userCount }))
    if (withChannel) apps.push(await startStarter(strategy, dir, { connections, users: userCount }, "redis"))
    if (withReference) {
      apps.push(await startNextAuth(strategy, dir, { connections, users: userCount }))
      // Pages are compared as the same markup on two auth libraries (bench/lib/page-shape.ts).
      await expectSameMarkup(apps[0]!, apps.find((app) => app.id === "next-auth")!, PAGE_PATHS)
    }
    if (withFreeAuth) {
      const free = await startFreeAuth(strategy, dir, { connections, users: userCount })
      apps.push(free)
      await expectSameMarkup(apps[0]!, free, FREE_AUTH_PAGE_PATHS)
    }
    // The bare route is the ceiling every other path is compared with, so it is measured twice: first
    // and again last, its runs pooled. A drift of the machine over the strategy's minutes (the
    // server's JIT warming, thermal limits) then falls on the ceiling as on the paths measured between.
    const bare = cases.find((c) => c.id === "bare")
    const order = bare && cases.length > 1 ? [...cases, bare] : cases
    const byKey = new Map<string, Measured>()
    for (const benchCase of order) {
      const caseApps = appsFor(benchCase, apps)
      for (const mode of benchCase.modes) {
        const results = new Map<AppId, Measured>()
        for (const app of caseApps) {
          const key = `${benchCase.id} ${mode} ${app.id}`
          const result = byKey.get(key) ?? { strategy, case: benchCase.id, path: benchCase.path, mode, app: app.id, runs: [], requestsPerSec: 0 }
          byKey.set(key, result)
          results.set(app.id, result)
          await load(app, benchCase, mode, mode === benchCase.modes[0] ? FIRST_MODE_WARMUP_SECONDS : WARMUP_SECONDS, connections)
        }
        const paired = bare !== undefined && PAIRED_WITH_BARE.has(benchCase.id)
        // Alternating A B A B, so that a change in the machine's load falls on both apps alike.
        for (let r = 0; r < rounds; r++) {
          for (const app of r % 2 === 0 ? caseApps : [...caseApps].reverse()) {
            const result = results.get(app.id)!
            result.runs.push(await load(app, benchCase, mode, duration, connections))
            if (paired) (result.pairedBareRuns ??= []).push(await load(app, bare, "warm", duration, connections))
          }
        }
        const mean = (runs: readonly Run[]) => runs.reduce((sum, run) => sum + run.requestsPerSec, 0) / runs.length
        for (const result of results.values()) {
          result.requestsPerSec = mean(result.runs)
          if (result.pairedBareRuns) result.pairedBareRequestsPerSec = mean(result.pairedBareRuns)
          const failed = [...result.runs, ...(result.pairedBareRuns ?? [])].reduce((sum, run) => sum + run.non2xx + run.errors, 0)
          if (failed > 0) throw new Error(`${strategy} ${result.app} ${benchCase.path} (${mode}): ${failed} responses were not 2xx`)
        }
        const [ours, withRedis, theirs, free] = [results.get("ours")!, results.get("ours-channel"), results.get("next-auth"), results.get("free-auth")]
        const channelNote = withRedis ? `, ours with the Redis channel ${round(withRedis.requestsPerSec).toFixed(0)} req/s` : ""
        const reference = theirs ? `, next-auth ${round(theirs.requestsPerSec).toFixed(0)} req/s` : ""
        const bound = free ? `, free auth ${round(free.requestsPerSec).toFixed(0)} req/s` : ""
        console.log(
          `${strategy.padEnd(8)} ${benchCase.id.padEnd(10)} ${mode}: ours ${round(ours.requestsPerSec).toFixed(0)} req/s${channelNote}${reference}${bound} (load ${loadavg()[0]!.toFixed(2)})`,
        )
      }
    }
    measured.push(...byKey.values())
    for (const benchCase of cases) for (const app of appsFor(benchCase, apps)) queries.push(await countQueries(strategy, app, benchCase))
    for (const app of apps) {
      const check = await fetch(`${app.server.origin}/api/auth/session`, { headers: { cookie: app.warm } })
      const body = (await check.json()) as { user?: unknown } | null
      if (!body?.user) throw new Error(`${strategy} ${app.id}: the session was gone after the runs`)
    }
  } finally {
    for (const app of apps) await stopNext(app.server)
    rmSync(dir, { recursive: true, force: true })
  }
}

function pct(value: number): string {
  return `${Math.round(value * 100)}%`
}

function markdown(measured: readonly Measured[], queries: readonly Queries[]): string {
  const find = (strategy: Strategy, id: string, mode: Mode, app: AppId) =>
    measured.find((m) => m.strategy === strategy && m.case === id && m.mode === mode && m.app === app)
  const lines: string[] = []
  for (const strategy of strategies) {
    lines.push(
      `\n**${strategy} strategy** (req/s, ${connections} connections, ${rounds} × ${duration} s per app alternating, cold: ${userCount} users)\n`,
      "| path | cookies | next-auth | ours | ours / next-auth | ours / our bare route | next-auth / its bare route |",
      "|---|---|---:|---:|---:|---:|---:|",
    )
    const oursBare = find(strategy, "bare", "warm", "ours")?.requestsPerSec
    const theirBare = find(strategy, "bare", "warm", "next-auth")?.requestsPerSec
    for (const benchCase of cases) {
      for (const mode of benchCase.modes) {
        const ours = find(strategy, benchCase.id, mode, "ours")
        const theirs = find(strategy, benchCase.id, mode, "next-auth")
        if (ours === undefined || theirs === undefined) continue
        // A paired route's share is against the bare runs next to its own (marked ¹); others against the pooled bare route.
        const share = (m: Measured, pooled: number | undefined) =>
          m.pairedBareRequestsPerSec ? `${pct(m.requestsPerSec / m.pairedBareRequestsPerSec)}¹` : pooled ? pct(m.requestsPerSec / pooled) : "—"
        const label = benchCase.id === "bare" ? "bare route `{}`" : `\`GET ${benchCase.path}\``
        lines.push(
          `| ${label} | ${benchCase.id === "bare" ? "—" : mode === "warm" ? "1 (warm)" : `${userCount} (cold)`} | ${theirs.requestsPerSec.toFixed(0)} | ${ours.requestsPerSec.toFixed(0)} | ${(ours.requestsPerSec / theirs.requestsPerSec).toFixed(2)}× | ${share(ours, oursBare)} | ${share(theirs, theirBare)} |`,
        )
      }
    }
    if (cases.some((c) => PAIRED_WITH_BARE.has(c.id)) && cases.some((c) => c.id === "bare")) {
      lines.push("\n¹ against the bare route measured right after each of its runs, on the same app (the pooled bare route otherwise)")
    }
  }
  boundTable(lines, find, queries)
  guardedTable(lines, find, queries)
  organizationTable(lines, find, queries)
  channelTable(lines, find, queries)
  lines.push("\n**SQL statements per request** (cold cookies, sequential)\n", "| strategy | path | next-auth | ours |", "|---|---|---:|---:|")
  for (const strategy of strategies) {
    for (const benchCase of cases) {
      const ours = queries.find((q) => q.strategy === strategy && q.case === benchCase.id && q.app === "ours")
      const theirs = queries.find((q) => q.strategy === strategy && q.case === benchCase.id && q.app === "next-auth")
      if (ours && theirs) lines.push(`| ${strategy} | \`${benchCase.path}\` | ${theirs.perRequest.toFixed(2)} | ${ours.perRequest.toFixed(2)} |`)
    }
  }
  return lines.join("\n")
}

/**
 * The starter with the Redis revocation channel on beside the same build without it: listening for
 * other instances' revocations must not cost a request more than 5%.
 */
function channelTable(
  lines: string[],
  find: (strategy: Strategy, id: string, mode: Mode, app: AppId) => Measured | undefined,
  queries: readonly Queries[],
): void {
  if (!withChannel) return
  lines.push(
    `\n**Revocation channel** (ours, the same build with and without \`AUTH_REVOCATION_CHANNEL=redis\`; req/s, ${connections} connections, ${rounds} × ${duration} s alternating)\n`,
    "| strategy | path | cookies | without | with the Redis channel | with / without | SQL per request, without / with |",
    "|---|---|---|---:|---:|---:|---:|",
  )
  for (const strategy of strategies) {
    for (const benchCase of cases.filter((c) => c.channel)) {
      const perRequest = (app: AppId) => queries.find((q) => q.strategy === strategy && q.case === benchCase.id && q.app === app)?.perRequest.toFixed(2) ?? "—"
      for (const mode of benchCase.modes) {
        const without = find(strategy, benchCase.id, mode, "ours")
        const withRedis = find(strategy, benchCase.id, mode, "ours-channel")
        if (!without || !withRedis) continue
        lines.push(
          `| ${strategy} | \`GET ${benchCase.path}\` | ${mode === "warm" ? "1 (warm)" : `${userCount} (cold)`} | ${without.requestsPerSec.toFixed(0)} | ${withRedis.requestsPerSec.toFixed(0)} | ${(withRedis.requestsPerSec / without.requestsPerSec).toFixed(2)}× | ${perRequest("ours")} / ${perRequest("ours-channel")} |`,
        )
      }
    }
  }
}

/**
 * The same pages on an auth "library" that costs nothing (bench/free-auth-overlay): no library can
 * serve them faster than that, so the bound says how far any page's ratio to next-auth can go, and
 * how much of the page the starter's auth still costs. The organization's home is held to next-auth's
 * dashboard, so its bound is the free library's dashboard too.
 */
function boundTable(
  lines: string[],
  find: (strategy: Strategy, id: string, mode: Mode, app: AppId) => Measured | undefined,
  queries: readonly Queries[],
): void {
  if (!withFreeAuth) return
  lines.push(
    `\n**The bound: the same pages on an auth library that costs nothing** (req/s, ${connections} connections, ${rounds} × ${duration} s per app alternating)\n`,
    "| strategy | page | cookies | next-auth | ours | free auth | ours ÷ next-auth | free auth ÷ next-auth (the bound) | ours ÷ free auth | SQL per request, next-auth / ours / free auth |",
    "|---|---|---|---:|---:|---:|---:|---:|---:|---:|",
  )
  const rows = [
    { id: "dashboard", page: "`/dashboard`", against: "dashboard" },
    { id: "frame", page: "`/bench/frame`", against: "frame" },
    { id: "org-home", page: "`/o/bench-org` (next-auth's and the free library's dashboard)", against: "dashboard" },
  ]
  for (const strategy of strategies) {
    const perRequest = (id: string, app: AppId) => queries.find((q) => q.strategy === strategy && q.case === id && q.app === app)?.perRequest.toFixed(2) ?? "—"
    for (const row of rows) {
      for (const mode of ["warm", "cold"] as const) {
        const ours = find(strategy, row.id, mode, "ours")
        const theirs = find(strategy, row.against, mode, "next-auth")
        const free = find(strategy, row.against, mode, "free-auth")
        if (!ours || !theirs || !free) continue
        const x = (a: Measured, b: Measured) => `${(a.requestsPerSec / b.requestsPerSec).toFixed(2)}×`
        lines.push(
          `| ${strategy} | ${row.page} | ${mode === "warm" ? "1 (warm)" : `${userCount} (cold)`} | ${theirs.requestsPerSec.toFixed(0)} | ${ours.requestsPerSec.toFixed(0)} | ${free.requestsPerSec.toFixed(0)} | ${x(ours, theirs)} | ${x(free, theirs)} | ${x(ours, free)} | ${perRequest(row.against, "next-auth")} / ${perRequest(row.id, "ours")} / ${perRequest(row.against, "free-auth")} |`,
        )
      }
    }
  }
}

/**
 * The permission-guarded page beside the dashboard, the starter alone, as its admins:
 * the same page behind the admin area's permission should cost what the dashboard costs.
 */
function guardedTable(
  lines: string[],
  find: (strategy: Strategy, id: string, mode: Mode, app: AppId) => Measured | undefined,
  queries: readonly Queries[],
): void {
  if (!cases.some((c) => c.id === "guarded") || !cases.some((c) => c.id === "admin-dashboard")) return
  lines.push(
    `\n**Permission-guarded page** (ours, signed in as admins; req/s, ${connections} connections, ${rounds} × ${duration} s)\n`,
    "| strategy | cookies | `GET /dashboard` (admin) | `GET /bench/guarded` | guarded / dashboard | `GET /dashboard` (plain user) | SQL per request, dashboard / guarded |",
    "|---|---|---:|---:|---:|---:|---:|",
  )
  for (const strategy of strategies) {
    const perRequest = (id: string) => queries.find((q) => q.strategy === strategy && q.case === id && q.app === "ours")?.perRequest.toFixed(2) ?? "—"
    for (const mode of ["warm", "cold"] as const) {
      const dashboard = find(strategy, "admin-dashboard", mode, "ours")
      const guarded = find(strategy, "guarded", mode, "ours")
      if (!dashboard || !guarded) continue
      const plain = find(strategy, "dashboard", mode, "ours")?.requestsPerSec.toFixed(0) ?? "—"
      lines.push(
        `| ${strategy} | ${mode === "warm" ? "1 (warm)" : `${userCount} (cold)`} | ${dashboard.requestsPerSec.toFixed(0)} | ${guarded.requestsPerSec.toFixed(0)} | ${(guarded.requestsPerSec / dashboard.requestsPerSec).toFixed(2)}× | ${plain} | ${perRequest("admin-dashboard")} / ${perRequest("guarded")} |`,
      )
    }
  }
}

/**
 * The organization's home page beside the dashboard, the starter alone: reading the
 * session, membership and role should cost what the dashboard's session read costs.
 */
function organizationTable(
  lines: string[],
  find: (strategy: Strategy, id: string, mode: Mode, app: AppId) => Measured | undefined,
  queries: readonly Queries[],
): void {
  if (!cases.some((c) => c.id === "org-home") || !cases.some((c) => c.id === "dashboard")) return
  lines.push(
    `\n**Organization page** (ours, signed in as members; req/s, ${connections} connections, ${rounds} × ${duration} s)\n`,
    "| strategy | cookies | `GET /dashboard` | `GET /o/bench-org` | organization / dashboard | next-auth `GET /dashboard` | organization / next-auth dashboard | SQL per request, dashboard / organization |",
    "|---|---|---:|---:|---:|---:|---:|---:|",
  )
  for (const strategy of strategies) {
    const perRequest = (id: string) => queries.find((q) => q.strategy === strategy && q.case === id && q.app === "ours")?.perRequest.toFixed(2) ?? "—"
    for (const mode of ["warm", "cold"] as const) {
      const dashboard = find(strategy, "dashboard", mode, "ours")
      const page = find(strategy, "org-home", mode, "ours")
      if (!dashboard || !page) continue
      // The reference app has no organizations: its dashboard, the same signed-in page, is what the organization's home is held to.
      const reference = find(strategy, "dashboard", mode, "next-auth")
      lines.push(
        `| ${strategy} | ${mode === "warm" ? "1 (warm)" : `${userCount} (cold)`} | ${dashboard.requestsPerSec.toFixed(0)} | ${page.requestsPerSec.toFixed(0)} | ${(page.requestsPerSec / dashboard.requestsPerSec).toFixed(2)}× | ${reference ? reference.requestsPerSec.toFixed(0) : "—"} | ${reference ? `${(page.requestsPerSec / reference.requestsPerSec).toFixed(2)}×` : "—"} | ${perRequest("dashboard")} / ${perRequest("org-home")} |`,
      )
    }
  }
}

async function main(): Promise<void> {
  await prepareBuilds(forceBuild, skipBuild, withReference ? ["ours", "next-auth", ...(withFreeAuth ? (["free-auth"] as const) : [])] : ["ours"])
  // After the builds, which use every core.
  const pinned = pinLoadGenerator()
  console.log(pinned ? "servers pinned to CPU 0, the load generator to the other CPUs" : "servers and load generator share every CPU (not pinned)")
  const loadBefore = loadavg()
  const startedAt = Date.now()
  const measured: Measured[] = []
  const queries: Queries[] = []
  for (const strategy of strategies) await benchStrategy(strategy, measured, queries)
  const loadAfter = loadavg()
  const table = markdown(measured, queries)
  console.log(`${table}\n\nmachine: ${cpus().length} cores${pinned ? " (servers on CPU 0, load on the rest)" : ""}, load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")} before, ${loadAfter.map((l) => l.toFixed(2)).join(" ")} after; ${Math.round((Date.now() - startedAt) / 1000)} s`)
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        generatedAt: new Date().toISOString(),
        node: process.version,
        cores: cpus().length,
        serversPinnedToCpu0: pinned,
        loadavg: { before: loadBefore, after: loadAfter },
        duration,
        rounds,
        connections,
        users: userCount,
        results: measured,
        queries,
      },
      null,
      2,
    )}\n`,
  )
  console.log(`\nwrote ${RESULTS_FILE}`)
}

// Exit explicitly: the migration engine can leave a timer pending.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench:http: ${error instanceof Error ? error.stack ?? error.message : String(error)}`)
    process.exit(1)
  },
)
