/**
 * npm run bench:instances — several instances of the built app behave as one,
 * measured. One bench build (`next build` once, into .next-bench), then for
 * each session strategy (jwt, database) and each revocation channel (redis,
 * postgres, none) a deployment of INSTANCES `next start` processes on one
 * PostgreSQL database and one Redis (the rate-limit store on Redis):
 *
 * Throughput (channel redis, the recommended set-up): GET /api/auth/session
 * and GET /dashboard (the guarded page) with one signed-in cookie, spread
 * round-robin over 1, 2 and 4 of the instances by the client itself (one
 * autocannon per instance, the connections split evenly: a load balancer in
 * the same process would only take CPU from the instances). Requests per
 * second in total and per instance. Instances that take no load cost no CPU,
 * so the 1- and 2-instance rows run on the first instances of the 4.
 *
 * Propagation: a fresh user per trial signs in, every instance serves them
 * once (so each holds them in its per-process caches), then ONE process makes
 * the change, and the time until EVERY app instance refuses that user is
 * taken (each polled every 10 ms). Three changes: a ban (the session reads as
 * signed out), a role change that removes "admin" (the session no longer
 * holds it), a removal from an organization (its page answers no longer
 * 200). The process that makes the change is this one, running the library
 * with the same configuration and channel as the app (admin actions are
 * server actions, which a benchmark cannot call by URL): so all INSTANCES
 * app processes are "other" instances. Without a channel the revocation
 * delay applies (BENCH_INSTANCES_OFF_DELAY seconds here, 60 by default in the
 * app), measured over fewer trials.
 *
 * Environment:
 *   BENCH_INSTANCES_TRIALS      trials per change with a channel (default 50)
 *   BENCH_INSTANCES_OFF_TRIALS  trials per change without one (default 5)
 *   BENCH_INSTANCES_OFF_DELAY   AUTH_REVOCATION_DELAY without a channel (default 5 s)
 *   BENCH_INSTANCES_DURATION    seconds per throughput run (default 8)
 *   BENCH_INSTANCES_CONNECTIONS total connections of a throughput run (default 16)
 *   BENCH_INSTANCES_COUNTS      instance counts of the throughput rows (default "1,2,4")
 *   BENCH_INSTANCES_STRATEGIES  "jwt,database" (default both)
 *   BENCH_INSTANCES_CHANNELS    "redis,postgres,none" (default all)
 *   BENCH_POSTGRES              server URL without database (default postgresql://postgres@127.0.0.1:5432)
 *   REDIS_URL                   default redis://127.0.0.1:6379
 *   --skip-build                use the existing .next-bench build
 * Writes bench/instances-results.json and prints Markdown tables.
 */
import { randomBytes } from "node:crypto"
import { writeFileSync } from "node:fs"
import { cpus, loadavg } from "node:os"
import { fileURLToPath } from "node:url"
import autocannon from "autocannon"
import pg from "pg"
import { Redis } from "ioredis"
import { banUser, organizationOperations, resolveAuthConfig, setUserRoles, ValidSinceCache, type RevocationChannel } from "../lib/auth"
import { PostgresRevocationChannel, RedisRevocationChannel } from "../lib/auth/revocation-transports"
import { PrismaAdapter } from "../lib/auth/adapters/prisma"
import type { AuthConfig } from "../lib/auth/config/types"
import { createPrismaClient, type DbClient } from "../lib/db/client"
import { prepareBuilds } from "./lib/http-apps"
import { runStep, binPath } from "./lib/http-server"
import { signInThrough, startInstance, type Instance } from "./lib/instances-cluster"
import { round } from "./lib/stats"

type Strategy = "jwt" | "database"
type Channel = "redis" | "postgres" | "none"
type Change = "ban" | "role" | "organization"

const env = process.env
const TRIALS = Number(env.BENCH_INSTANCES_TRIALS ?? 50)
const OFF_TRIALS = Number(env.BENCH_INSTANCES_OFF_TRIALS ?? 5)
const OFF_DELAY = Number(env.BENCH_INSTANCES_OFF_DELAY ?? 5)
const DURATION = Number(env.BENCH_INSTANCES_DURATION ?? 8)
const CONNECTIONS = Number(env.BENCH_INSTANCES_CONNECTIONS ?? 16)
const COUNTS = (env.BENCH_INSTANCES_COUNTS ?? "1,2,4").split(",").map(Number)
const INSTANCES = Math.max(...COUNTS)
const STRATEGIES = (env.BENCH_INSTANCES_STRATEGIES ?? "jwt,database").split(",") as Strategy[]
const CHANNELS = (env.BENCH_INSTANCES_CHANNELS ?? "redis,postgres,none").split(",") as Channel[]
const POSTGRES = env.BENCH_POSTGRES ?? "postgresql://postgres@127.0.0.1:5432"
const REDIS_URL = env.REDIS_URL || "redis://127.0.0.1:6379"
const SECRET = randomBytes(33).toString("base64")
const PASSWORD = "bench instances passphrase 41"
const RESULTS_FILE = fileURLToPath(new URL("./instances-results.json", import.meta.url))
const POLL_MS = 10

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN

interface ThroughputRow {
  strategy: Strategy
  path: string
  instances: number
  total: number
  perInstance: number[]
  non2xx: number
}
interface PropagationRow {
  strategy: Strategy
  channel: Channel
  change: Change
  trials: number
  p50: number
  p99: number
  max: number
  /** The same, to the refusing answer's arrival. */
  answeredP50: number
  answeredP99: number
}

/** A fresh database with the schema and the seeded demo account (whose password hash the bench users share). */
async function createDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: `${POSTGRES}/postgres` })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  const url = `${POSTGRES}/${name}`
  const tsx = binPath("tsx")
  const seedEnv = { ...process.env, DATABASE_URL: url, SEED_EMAIL: "seed@example.com", SEED_PASSWORD: PASSWORD, SEED_NAME: "Seed" }
  await runStep("db:migrate", process.execPath, [tsx, "scripts/db-migrate.ts"], process.cwd(), seedEnv)
  await runStep("db:seed", process.execPath, [tsx, "scripts/db-seed.ts"], process.cwd(), seedEnv)
  return url
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: `${POSTGRES}/postgres` })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await admin.end()
}

/** The library in this process, configured as the app is: the instance that makes each change. */
function changingInstance(prisma: DbClient, strategy: Strategy, channel: RevocationChannel | undefined, delay: number): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    adapter: PrismaAdapter(prisma),
    session: { strategy, revocationDelay: delay, revocationCache: new ValidSinceCache(), revocationChannel: channel },
    providers: [],
    organizations: { enabled: true },
  }
}

function openChannel(kind: Channel, name: string, databaseUrl: string): RevocationChannel | undefined {
  if (kind === "none") return undefined
  if (kind === "postgres") return new PostgresRevocationChannel(databaseUrl, { channel: name })
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 })
  redis.on("error", () => undefined)
  return new RedisRevocationChannel(redis, { channel: name })
}

/** Round-robin over `targets`: one autocannon per instance, the connections split evenly. */
async function throughput(targets: Instance[], path: string, cookie: string): Promise<{ total: number; perInstance: number[]; non2xx: number }> {
  const each = Math.max(1, Math.floor(CONNECTIONS / targets.length))
  const results = await Promise.all(
    targets.map((instance) => autocannon({ url: `${instance.origin}${path}`, connections: each, duration: DURATION, headers: { cookie } })),
  )
  const perInstance = results.map((r) => round(r.requests.average, 1))
  return { total: round(perInstance.reduce((a, b) => a + b, 0), 1), perInstance, non2xx: results.reduce((a, r) => a + r.non2xx + r.errors, 0) }
}

interface TrialUser {
  id: string
  email: string
}

async function createUser(prisma: DbClient, passwordHash: string, change: Change, organizationId: string): Promise<TrialUser> {
  const email = `trial-${randomBytes(6).toString("hex")}@example.com`
  const user = await prisma.user.create({
    data: { email, name: "Trial", emailVerified: new Date(), passwordHash, roles: change === "role" ? "admin" : null },
  })
  // The sign-in starts in the member's most recent organization: this one.
  if (change === "organization") await prisma.member.create({ data: { userId: user.id, organizationId, roles: "member", lastActiveAt: new Date() } })
  return { id: user.id, email }
}

/** Whether `instance` still lets the user in as the change would stop: true = still accepted. */
async function accepted(instance: Instance, change: Change, cookie: string, slug: string): Promise<boolean> {
  if (change === "organization") {
    const res = await fetch(`${instance.origin}/o/${slug}`, { headers: { cookie, accept: "text/html" }, redirect: "manual" })
    await res.body?.cancel()
    return res.status === 200
  }
  const res = await fetch(`${instance.origin}/api/auth/session`, { headers: { cookie } })
  const body = (await res.json().catch(() => null)) as { user?: { roles?: string[] } } | null
  if (!body?.user) return false
  return change === "ban" || (body.user.roles ?? []).includes("admin")
}

/**
 * Milliseconds from the change until every instance refuses: for each instance, when the first
 * request it refused was SENT (a request sent then is refused), and when that answer arrived (which
 * adds the request's own time, long on a loaded machine). Rejects after `limitMs`.
 */
async function untilAllRefuse(instances: Instance[], change: Change, cookie: string, slug: string, start: number, limitMs: number): Promise<{ sent: number; answered: number }> {
  const times = await Promise.all(
    instances.map(async (instance) => {
      for (;;) {
        const sent = performance.now() - start
        if (!(await accepted(instance, change, cookie, slug))) return { sent, answered: performance.now() - start }
        if (performance.now() - start > limitMs) throw new Error(`${instance.origin} still accepts the user after ${limitMs} ms (${change})`)
        await sleep(POLL_MS)
      }
    }),
  )
  return { sent: Math.max(...times.map((t) => t.sent)), answered: Math.max(...times.map((t) => t.answered)) }
}

async function deployment(strategy: Strategy, channel: Channel): Promise<{ throughput: ThroughputRow[]; propagation: PropagationRow[] }> {
  const database = `bench_instances_${randomBytes(5).toString("hex")}`
  const channelName = `bench_revocations_${randomBytes(5).toString("hex")}`
  const delay = channel === "none" ? OFF_DELAY : 60
  const url = await createDatabase(database)
  console.log("  database ready")
  const prisma = createPrismaClient(url)
  const ownChannel = openChannel(channel, channelName, url)
  const instances: Instance[] = []
  try {
    const seed = await prisma.user.findFirstOrThrow({ where: { email: "seed@example.com" }, select: { id: true, passwordHash: true } })
    const organization = await prisma.organization.create({ data: { name: "Bench", slug: `bench-${randomBytes(3).toString("hex")}` } })
    await prisma.member.create({ data: { userId: seed.id, organizationId: organization.id, roles: "owner" } })
    const serverEnv = {
      DATABASE_URL: url,
      AUTH_SECRET: SECRET,
      AUTH_SESSION_STRATEGY: strategy,
      AUTH_RATE_LIMIT_STORE: "redis",
      REDIS_URL,
      AUTH_REVOCATION_CHANNEL: channel,
      AUTH_REVOCATION_CHANNEL_NAME: channelName,
      AUTH_REVOCATION_DELAY: String(delay),
      AUTH_TRUSTED_PROXIES: "1",
      EMAIL_SERVER: "",
    }
    for (let i = 0; i < INSTANCES; i++) instances.push(await startInstance(serverEnv))
    console.log(`  ${INSTANCES} instances answer`)
    const config = changingInstance(prisma, strategy, ownChannel, delay)
    // The library subscribes when it resolves the configuration; ready() waits for that subscription.
    resolveAuthConfig(config)
    await ownChannel?.ready()

    const rows: ThroughputRow[] = []
    if (channel === "redis" || !CHANNELS.includes("redis")) {
      const cookie = await signInThrough(instances[0]!.origin, "seed@example.com", PASSWORD, "10.0.0.1")
      for (const path of ["/api/auth/session", "/dashboard"]) {
        // Unmeasured: JIT and React's first renders in every instance.
        await throughput(instances, path, cookie)
        for (const count of COUNTS) {
          const result = await throughput(instances.slice(0, count), path, cookie)
          rows.push({ strategy, path, instances: count, ...result })
          console.log(`  ${strategy} ${path} × ${count}: ${result.total} req/s (${result.perInstance.join(" + ")})${result.non2xx ? `, ${result.non2xx} not 2xx` : ""}`)
        }
      }
    }

    const propagation: PropagationRow[] = []
    const trials = channel === "none" ? OFF_TRIALS : TRIALS
    for (const change of ["ban", "role", "organization"] as const) {
      const times: number[] = []
      const answers: number[] = []
      for (let trial = 0; trial < trials; trial++) {
        const user = await createUser(prisma, seed.passwordHash!, change, organization.id)
        const address = `10.${trial % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
        const cookie = await signInThrough(instances[trial % instances.length]!.origin, user.email, PASSWORD, address)
        for (const instance of instances) {
          if (!(await accepted(instance, change, cookie, organization.slug))) throw new Error(`${instance.origin} refused a fresh ${change} trial user before the change`)
        }
        const start = performance.now()
        if (change === "ban") await banUser(config, user.id, { reason: "bench", until: null })
        else if (change === "role") await setUserRoles(config, user.id, [])
        else await organizationOperations(config).removeMember({ userId: seed.id }, organization.id, user.id)
        const { sent, answered } = await untilAllRefuse(instances, change, cookie, organization.slug, start, delay * 1000 + 10_000)
        times.push(sent)
        answers.push(answered)
      }
      times.sort((a, b) => a - b)
      answers.sort((a, b) => a - b)
      const row = {
        strategy,
        channel,
        change,
        trials,
        p50: round(percentile(times, 50), 0),
        p99: round(percentile(times, 99), 0),
        max: round(times.at(-1)!, 0),
        answeredP50: round(percentile(answers, 50), 0),
        answeredP99: round(percentile(answers, 99), 0),
      }
      propagation.push(row)
      console.log(`  ${strategy} channel ${channel}, ${change}: p50 ${row.p50} ms, p99 ${row.p99} ms over ${trials} trials (answered: p50 ${row.answeredP50}, p99 ${row.answeredP99})`)
    }
    return { throughput: rows, propagation }
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()))
    await ownChannel?.close()
    await prisma.$disconnect()
    await dropDatabase(database)
  }
}

const skipBuild = process.argv.includes("--skip-build")
await prepareBuilds(false, skipBuild, ["ours"])
const before = loadavg()
const throughputRows: ThroughputRow[] = []
const propagationRows: PropagationRow[] = []
console.log(`bench:instances: ${INSTANCES} instances, ${TRIALS} trials per change with a channel, ${OFF_TRIALS} without (delay ${OFF_DELAY} s), ${cpus().length} cores`)
for (const strategy of STRATEGIES) {
  for (const channel of CHANNELS) {
    console.log(`${strategy} sessions, revocation channel ${channel}:`)
    const result = await deployment(strategy, channel)
    throughputRows.push(...result.throughput)
    propagationRows.push(...result.propagation)
  }
}

const lines: string[] = []
lines.push("**Throughput** (requests per second; the client spreads the load round-robin, one signed-in cookie)\n")
lines.push("| strategy | path | instances | total req/s | per instance | vs 1 instance |", "|---|---|---:|---:|---|---:|")
for (const row of throughputRows) {
  const one = throughputRows.find((r) => r.strategy === row.strategy && r.path === row.path && r.instances === 1)
  lines.push(`| ${row.strategy} | ${row.path} | ${row.instances} | ${row.total} | ${row.perInstance.join(" / ")} | ${one ? round(row.total / one.total, 2) : "–"}× |`)
}
lines.push("\n**From a change on one instance until every other refuses the user** (milliseconds; sent: the first refused request of the slowest instance left then, answered: its answer arrived)\n")
lines.push(
  "| strategy | channel | change | trials | p50 (sent) | p99 (sent) | max (sent) | p50 (answered) | p99 (answered) |",
  "|---|---|---|---:|---:|---:|---:|---:|---:|",
)
for (const row of propagationRows) {
  lines.push(`| ${row.strategy} | ${row.channel} | ${row.change} | ${row.trials} | ${row.p50} | ${row.p99} | ${row.max} | ${row.answeredP50} | ${row.answeredP99} |`)
}
console.log(`\n${lines.join("\n")}`)
writeFileSync(
  RESULTS_FILE,
  `${JSON.stringify(
    {
      generatedAt: new Date().toISOString(),
      node: process.version,
      cores: cpus().length,
      cpu: cpus()[0]?.model,
      loadavg: { before, after: loadavg() },
      instances: INSTANCES,
      duration: DURATION,
      connections: CONNECTIONS,
      trials: TRIALS,
      offTrials: OFF_TRIALS,
      offDelaySeconds: OFF_DELAY,
      throughput: throughputRows,
      propagation: propagationRows,
    },
    null,
    2,
  )}\n`,
)
// The library keeps process-wide handles (its channel subscribers' timers, the adapters' pools)
// that a benchmark has no reason to tear down one by one: the run is over.
process.exit(0)
