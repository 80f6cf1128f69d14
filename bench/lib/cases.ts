/**
 * The benchmarked cases and how each gets a valid session: jwt cases sign in
 * through the library's own HTTP flow (GET /csrf, POST /callback/credentials)
 * and keep the cookie it set; database cases carry the token of a session row
 * made through the adapter. Cold jwt cases send a different, never-seen token
 * with every request (./token-pool). Every case is checked to return the session before
 * it is timed, so a broken configuration cannot produce a fast null.
 */
import type { Adapter } from "../../lib/auth/adapters/types"
import { CookieJar } from "./jar"
import { createMapAdapter } from "./map-adapter"
import {
  BASE_PATH,
  JWT_USER,
  type Library,
  type LoadedLibrary,
  ORIGIN,
  PASSWORD,
  type Strategy,
} from "./libraries"
import { mintTokens } from "./token-pool"
import { openRevocationChannel } from "./revocation-channel"

export interface CaseSpec {
  id: string
  label: string
  library: Library
  strategy: Strategy
  updateAge?: number
  /**
   * Database cases only. "sqlite": our PrismaAdapter over a migrated SQLite
   * file (the fixture in ./database). "memory": an adapter over Maps, so the
   * case measures the library's own overhead with storage cost near zero.
   */
  storage?: "sqlite" | "memory"
  /**
   * jwt cases only. "distinct": every request carries a token the library has
   * not seen before (the cold case: decode cache misses); default: the one
   * token the sign-in set (the warm case, as a returning browser).
   */
  tokens?: "distinct"
  /**
   * Ours only: the revocation channel over Redis on (REDIS_URL), as several
   * instances run it. The same request as the case without it, so the pair
   * shows what listening for other instances' revocations costs a request.
   */
  channel?: "redis"
}

export const CASES: readonly CaseSpec[] = [
  { id: "jwt/ours", label: "jwt  ours (updateAge 1 d, default)", library: "ours", strategy: "jwt" },
  { id: "jwt/ours-updateAge-0", label: "jwt  ours (updateAge 0)", library: "ours", strategy: "jwt", updateAge: 0 },
  { id: "jwt/auth-core", label: "jwt  @auth/core 0.41.3", library: "@auth/core", strategy: "jwt" },
  { id: "jwt-cold/ours", label: "jwt  cold: ours (default)", library: "ours", strategy: "jwt", tokens: "distinct" },
  {
    id: "jwt-cold/ours-updateAge-0",
    label: "jwt  cold: ours (updateAge 0)",
    library: "ours",
    strategy: "jwt",
    updateAge: 0,
    tokens: "distinct",
  },
  { id: "jwt-cold/auth-core", label: "jwt  cold: @auth/core 0.41.3", library: "@auth/core", strategy: "jwt", tokens: "distinct" },
  { id: "database/ours", label: "db   ours (Prisma, SQLite)", library: "ours", strategy: "database", storage: "sqlite" },
  {
    id: "database/auth-core",
    label: "db   @auth/core 0.41.3 (Prisma, SQLite)",
    library: "@auth/core",
    strategy: "database",
    storage: "sqlite",
  },
  { id: "jwt-channel/ours", label: "jwt  ours, Redis revocation channel", library: "ours", strategy: "jwt", channel: "redis" },
  {
    id: "database-channel/ours",
    label: "db   ours (Prisma, SQLite), Redis revocation channel",
    library: "ours",
    strategy: "database",
    storage: "sqlite",
    channel: "redis",
  },
  { id: "database-memory/ours", label: "db   ours (in-memory adapter)", library: "ours", strategy: "database", storage: "memory" },
  {
    id: "database-memory/auth-core",
    label: "db   @auth/core 0.41.3 (in-memory adapter)",
    library: "@auth/core",
    strategy: "database",
    storage: "memory",
  },
]

/** Cases that need the SQLite fixture. */
export function needsSqlite(spec: CaseSpec): boolean {
  return spec.strategy === "database" && spec.storage === "sqlite"
}

export const SESSION_COOKIE = "authjs.session-token"
const SESSION_URL = `${ORIGIN}${BASE_PATH}/session`

export interface Counters {
  ops: number
  setCookies: number
  failures: number
  lastFailure?: string
}

export interface BenchCase {
  spec: CaseSpec
  handle: (request: Request) => Promise<Response>
  jar: CookieJar
  expectedEmail: string
  counters: Counters
  /** Cold cases: the tokens still to send, one per request. */
  pool?: string[]
}

/** What a database case needs from the fixture. */
export interface DatabaseSession {
  adapter: Adapter
  sessionToken: string
  email: string
}

async function signInWithCredentials(handle: (request: Request) => Promise<Response>, jar: CookieJar): Promise<void> {
  const csrfResponse = await handle(new Request(`${ORIGIN}${BASE_PATH}/csrf`, { headers: { cookie: jar.header() } }))
  jar.update(csrfResponse.headers)
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken?: string }
  if (!csrfToken) throw new Error(`GET ${BASE_PATH}/csrf returned no csrfToken (status ${csrfResponse.status})`)

  const callback = await handle(
    new Request(`${ORIGIN}${BASE_PATH}/callback/credentials`, {
      method: "POST",
      headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, email: JWT_USER.email, password: PASSWORD }),
    }),
  )
  jar.update(callback.headers)
  await callback.body?.cancel()
  if (!jar.get(SESSION_COOKIE)) {
    throw new Error(`credentials sign-in set no ${SESSION_COOKIE} (status ${callback.status}, Location ${callback.headers.get("location")})`)
  }
}

/**
 * `requests`: how many GET /session the case will serve in all (warm-up
 * included); a cold case mints that many distinct tokens up front.
 */
export async function setupCase(spec: CaseSpec, library: LoadedLibrary, database?: DatabaseSession, requests = 0): Promise<BenchCase> {
  if (library.library !== spec.library) throw new Error(`case ${spec.id} needs ${spec.library}, got ${library.library}`)
  const jar = new CookieJar()
  let handle: BenchCase["handle"]
  let expectedEmail: string
  if (spec.strategy === "database") {
    database ??= spec.storage === "memory" ? await memorySession() : undefined
    if (!database) throw new Error(`case ${spec.id} needs the SQLite fixture`)
    handle = library.handler({ strategy: "database", adapter: database.adapter, updateAge: spec.updateAge, revocationChannel: await channelFor(spec) })
    jar.set(SESSION_COOKIE, database.sessionToken)
    expectedEmail = database.email
  } else {
    // Both get the same adapter. Ours checks every token against the user's "sessions valid since"
    // (set an hour ago, so every token passes the whole check); the bench user's instant is read
    // once and then comes from the per-process cache, as a returning user's does.
    const adapter = createMapAdapter()
    await adapter.setSessionsValidSince(JWT_USER.id, new Date(Date.now() - 60 * 60 * 1000))
    handle = library.handler({ strategy: "jwt", updateAge: spec.updateAge, adapter, revocationChannel: await channelFor(spec) })
    await signInWithCredentials(handle, jar)
    expectedEmail = JWT_USER.email
  }
  // One more than the timed requests: verifySession below spends the first.
  const pool = spec.tokens === "distinct" ? await mintTokens(spec.library, requests + 1) : undefined
  const benchCase: BenchCase = { spec, handle, jar, expectedEmail, pool, counters: { ops: 0, setCookies: 0, failures: 0 } }
  await verifySession(benchCase)
  return benchCase
}

function channelFor(spec: CaseSpec) {
  return spec.channel === "redis" ? openRevocationChannel() : Promise.resolve(undefined)
}

/** A user and a session row in a fresh in-memory adapter. */
async function memorySession(): Promise<DatabaseSession> {
  const adapter = createMapAdapter()
  const user = await adapter.createUser({ id: "", email: "grace@example.com", name: "Grace Hopper", emailVerified: null, image: null })
  const sessionToken = crypto.randomUUID()
  await adapter.createSession({ sessionToken, userId: user.id, expires: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000) })
  return { adapter, sessionToken, email: user.email as string }
}

/** One GET /session must return this user's session, else the case is refused. */
async function verifySession(benchCase: BenchCase): Promise<void> {
  const response = await benchCase.handle(sessionRequest(benchCase))
  benchCase.jar.update(response.headers)
  const body = (await response.json()) as { user?: { email?: string } } | null
  if (response.status !== 200 || body?.user?.email !== benchCase.expectedEmail) {
    throw new Error(
      `${benchCase.spec.id}: GET ${BASE_PATH}/session did not return the session (status ${response.status}, body ${JSON.stringify(body)})`,
    )
  }
}

/** A cold case puts its next unseen token in the jar first (a re-issued cookie is thus never sent back). */
function sessionRequest({ jar, pool, spec }: BenchCase): Request {
  if (pool) {
    const token = pool.pop()
    if (!token) throw new Error(`${spec.id}: out of distinct tokens (setupCase was told too few requests)`)
    jar.set(SESSION_COOKIE, token)
  }
  return new Request(SESSION_URL, { headers: { cookie: jar.header() } })
}

/**
 * `count` sequential GET /session calls. Only the library's work is timed:
 * the call and reading the response body. Building the Request and applying
 * Set-Cookie to the jar happen outside the clock. Every response is checked.
 */
export async function runOps(benchCase: BenchCase, count: number, samples?: Float64Array, offset = 0): Promise<void> {
  const { handle, jar, counters, expectedEmail } = benchCase
  for (let i = 0; i < count; i++) {
    const request = sessionRequest(benchCase)
    const start = process.hrtime.bigint()
    const response = await handle(request)
    const body = await response.text()
    const elapsed = process.hrtime.bigint() - start
    if (samples) samples[offset + i] = Number(elapsed)
    counters.ops++
    counters.setCookies += jar.update(response.headers)
    if (response.status !== 200 || !body.includes(expectedEmail)) {
      counters.failures++
      counters.lastFailure = `status ${response.status}, body ${body.slice(0, 200)}`
    }
  }
}
