/**
 * npm run bench:revocation — what the revocation channel costs a request.
 * GET {basePath}/session with a warm jwt cookie, through our Auth(), for the
 * same user and database with the channel off, over Redis, over PostgreSQL,
 * and over Redis while other users' revocations arrive at about 200 a second
 * (each forgets a cache entry), and with the Redis revocation store (asked
 * once a second per user, for serverless); the revocation check alone
 * (revocation.accepts) likewise. Interleaved in rounds in one process, and
 * reported as ratios to "off". A benchmark, not a test.
 *
 * Environment: BENCH_N timed requests per case (default 5000); REDIS_URL
 * (default redis://127.0.0.1:6379); BENCH_POSTGRES (default
 * postgresql://postgres@127.0.0.1:5432/postgres), for the channel only.
 */
import { randomBytes } from "node:crypto"
import { Redis } from "ioredis"
import {
  Auth,
  resolveAuthConfig,
  ValidSinceCache,
  type RevocationChannel,
  type RevocationStore,
} from "../lib/auth"
import { PostgresRevocationChannel, RedisRevocationChannel, RedisRevocationStore } from "../lib/auth/revocation-transports"
import type { AuthConfig } from "../lib/auth/config/types"
import Credentials from "../lib/auth/providers/credentials"
import type { JWT } from "../lib/auth/types"
import { createBenchUser, createTempDatabase, openDatabase } from "./lib/database"
import { round, summarize } from "./lib/stats"

const N = Number(process.env.BENCH_N ?? 5000)
const ROUNDS = 10
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379"
const POSTGRES_URL = process.env.BENCH_POSTGRES || "postgresql://postgres@127.0.0.1:5432/postgres"
const ORIGIN = "http://localhost:3000"
const name = `auth_revocations_bench_${randomBytes(4).toString("hex")}`

const temp = await createTempDatabase()
const database = openDatabase(temp.url)
const userId = await createBenchUser(database.adapter)
const redisClients: Redis[] = []

function redis(): Redis {
  const client = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 })
  client.on("error", () => undefined)
  redisClients.push(client)
  return client
}

function config(channel?: RevocationChannel, store?: RevocationStore): AuthConfig {
  return {
    secret: "revocation-channel-bench-secret-0123456789",
    trustHost: true,
    adapter: database.adapter,
    session: { strategy: "jwt", revocationDelay: 60, revocationCache: new ValidSinceCache(), revocationChannel: channel, revocationStore: store },
    providers: [Credentials({ authorize: () => ({ id: userId, email: "grace@example.com" }) })],
  }
}

/** Signs in through Auth() and answers the cookie header of the session. */
async function signIn(cfg: AuthConfig): Promise<string> {
  const csrf = await Auth(new Request(`${ORIGIN}/auth/csrf`), cfg)
  const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ")
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const res = await Auth(
    new Request(`${ORIGIN}/auth/callback/credentials`, {
      method: "POST",
      headers: { cookie: csrfCookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken }).toString(),
    }),
    cfg,
  )
  const session = res.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="))
  if (!session) throw new Error(`sign-in failed: ${res.status}`)
  return session.split(";")[0]!
}

interface Case {
  id: string
  cfg: AuthConfig
  cookie: string
  token: JWT
}

async function makeCase(id: string, channel?: RevocationChannel, store?: RevocationStore): Promise<Case> {
  const cfg = config(channel, store)
  const resolved = resolveAuthConfig(cfg)
  await channel?.ready()
  const cookie = await signIn(cfg)
  const token = (await resolved.jwt.decode({ token: decodeURIComponent(cookie.split("=")[1]!), salt: "authjs.session-token", secret: "" })) as JWT
  return { id, cfg, cookie, token }
}

const redisChannel = new RedisRevocationChannel(redis(), { channel: name })
const busyChannel = new RedisRevocationChannel(redis(), { channel: `${name}_busy` })
const postgresChannel = new PostgresRevocationChannel(POSTGRES_URL, { channel: name })
const cases = [
  await makeCase("off"),
  await makeCase("redis", redisChannel),
  await makeCase("postgres", postgresChannel),
  await makeCase("redis, 200 msg/s", busyChannel),
  await makeCase("redis store", undefined, new RedisRevocationStore(redis(), { prefix: `${name}:` })),
]
// Other users' revocations, from another connection, as a busy deployment would send them.
const sender = redis()
const traffic = setInterval(() => void sender.publish(`${name}_busy`, `other-${randomBytes(4).toString("hex")}`), 5)

async function sessionGet(c: Case): Promise<void> {
  const res = await Auth(new Request(`${ORIGIN}/auth/session`, { headers: { cookie: c.cookie } }), c.cfg)
  if (res.status !== 200 || (await res.json()) === null) throw new Error(`${c.id}: the session was not accepted`)
}

async function accepts(c: Case): Promise<void> {
  if (!(await resolveAuthConfig(c.cfg).revocation!.accepts(c.token))) throw new Error(`${c.id}: refused`)
}

async function measure(op: (c: Case) => Promise<void>, perCase: number): Promise<Map<string, Float64Array>> {
  const samples = new Map(cases.map((c) => [c.id, new Float64Array(perCase)]))
  const perRound = Math.ceil(perCase / ROUNDS)
  for (const c of cases) for (let i = 0; i < 1000; i++) await op(c)
  for (let round = 0; round < ROUNDS; round++) {
    // Rotated each round, so no case always follows the same neighbour.
    const order = [...cases.slice(round % cases.length), ...cases.slice(0, round % cases.length)]
    for (const c of order) {
      const into = samples.get(c.id)!
      for (let i = round * perRound; i < Math.min(perCase, (round + 1) * perRound); i++) {
        const began = process.hrtime.bigint()
        await op(c)
        into[i] = Number(process.hrtime.bigint() - began)
      }
    }
  }
  return samples
}

function report(title: string, samples: Map<string, Float64Array>): void {
  const off = summarize(samples.get("off")!)
  console.log(`\n${title}`)
  console.table(
    cases.map((c) => {
      const s = summarize(samples.get(c.id)!)
      return { case: c.id, "mean µs": round(s.meanUs, 2), "p50 µs": round(s.p50Us, 2), "p99 µs": round(s.p99Us, 2), "mean ratio to off": round(s.meanUs / off.meanUs, 3), "p50 ratio to off": round(s.p50Us / off.p50Us, 3) }
    }),
  )
}

console.log(`revocation channel: ${N} timed operations per case, ${ROUNDS} interleaved rounds, node ${process.version}`)
report("GET /auth/session, warm jwt cookie", await measure(sessionGet, N))
report("revocation.accepts(token) alone", await measure(accepts, N * 4))

clearInterval(traffic)
await Promise.all([redisChannel.close(), busyChannel.close(), postgresChannel.close()])
for (const client of redisClients) client.disconnect()
await database.close()
temp.remove()
