/**
 * bench:http's two apps, built and started with their signed-in users (see
 * ./http-sessions), and one autocannon run against either: what bench/http.ts
 * measures and bench/http-profile.ts profiles.
 */
import { randomBytes } from "node:crypto"
import { existsSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

import autocannon from "autocannon"

import { migrateDatabase } from "../../lib/db/migrate"
import { assembleFreeAuthApp, assembleMirrorApp, FREE_AUTH_APP, MIRROR_APP, NEXT_AUTH_APP } from "./next-auth-mirror"
import { binPath, freePort, isBuildCurrent, runStep, type RunningServer, startNext } from "./http-server"
import {
  benchUsers,
  type BenchUser,
  expectSession,
  mintNextAuthSessions,
  mintStarterSessions,
  signIn,
  type Strategy,
  BENCH_ORGANIZATION,
  mintOrganizationSessions,
  mirrorSeededUser,
  seedBenchOrganization,
  activateBenchOrganization,
} from "./http-sessions"

export type { Strategy } from "./http-sessions"

const ROOT = fileURLToPath(new URL("../../", import.meta.url))
const QUERY_COUNTER = fileURLToPath(new URL("./query-counter.cjs", import.meta.url))
const SEED_EMAIL = "demo@example.com"
const SEED_PASSWORD = "demo-password-123"
const SEED_ADMIN_EMAIL = "admin@example.com"
const SEED_ADMIN_PASSWORD = "admin-password-123"

/**
 * "ours-channel": the starter with the Redis revocation channel on, as several instances run it.
 * "free-auth": the reference app's pages on an auth "library" that costs nothing (bench/free-auth-overlay):
 * what any library could reach with these pages, on the page cases only.
 */
export type AppId = "ours" | "ours-channel" | "next-auth" | "free-auth"

/** The cases the free "library" runs: the signed-in pages the reference app mirrors. */
const FREE_AUTH_CASES = new Set(["dashboard", "frame"])
export type Mode = "warm" | "cold"
export interface Case {
  id: string
  path: string
  /** The bare route reads no cookie: one mode is enough. */
  modes: readonly Mode[]
  /**
   * Run as the starter's admins (the seeded admin warm, admin users cold), on the starter alone:
   * the reference app has no roles. The permission-guarded page is measured against the
   * dashboard with these same cookies.
   */
  asAdmin?: true
  /**
   * Run as members of the bench organization (the seeded owner warm, member users cold), on the
   * starter alone: the reference app has no organizations. Its page is measured against the
   * dashboard.
   */
  asMember?: true
  /** Also run on the starter with the Redis revocation channel on: what the channel costs this path. */
  channel?: true
}

export const CASES: readonly Case[] = [
  { id: "bare", path: "/api/bench/bare", modes: ["warm"] },
  { id: "session", path: "/api/auth/session", modes: ["warm", "cold"], channel: true },
  { id: "auth-route", path: "/api/me", modes: ["warm", "cold"] },
  { id: "dashboard", path: "/dashboard", modes: ["warm", "cold"], channel: true },
  // The dashboard's frame around an empty page: the bound of every signed-in page's ratio.
  { id: "frame", path: "/bench/frame", modes: ["warm", "cold"] },
  { id: "public", path: "/", modes: ["warm", "cold"] },
  { id: "admin-dashboard", path: "/dashboard", modes: ["warm", "cold"], asAdmin: true },
  { id: "guarded", path: "/bench/guarded", modes: ["warm", "cold"], asAdmin: true },
  { id: "org-home", path: `/o/${BENCH_ORGANIZATION.slug}`, modes: ["warm", "cold"], asMember: true },
]

/** The apps a case runs on: the starter alone for the admins' and members' cases; the channel's starter only where the case asks. */
export function appsFor<A extends { id: AppId }>(benchCase: Case, apps: readonly A[]): A[] {
  if (benchCase.asAdmin || benchCase.asMember) return apps.filter((app) => app.id === "ours")
  return apps.filter((app) => (app.id !== "ours-channel" || benchCase.channel) && (app.id !== "free-auth" || FREE_AUTH_CASES.has(benchCase.id)))
}

/** The cookies a case sends: the app's admins' for an admin case, its plain users' otherwise. */
export function cookiesFor(app: App, benchCase: Case): { warm: string; cold: readonly string[] } {
  if (benchCase.asMember) {
    if (!app.member) throw new Error(`${app.id} has no organization members for ${benchCase.path}`)
    return app.member
  }
  if (!benchCase.asAdmin) return app
  if (!app.admin) throw new Error(`${app.id} has no admin users for ${benchCase.path}`)
  return app.admin
}

export interface LoadOptions {
  connections: number
  users: number
  /** Extra Node.js arguments for the server process (e.g. --cpu-prof, which NODE_OPTIONS may not carry). */
  nodeArgs?: readonly string[]
}

/** The starter builds into .next-bench (next.config.ts), never touching the e2e build in .next. */
export const STARTER_BUILD_ENV = { NEXT_BENCH_BUILD: "1", NEXT_TELEMETRY_DISABLED: "1" }

const MIRROR_SOURCES = ["app", "components", "auth.ts", "db.ts", "account.ts", "middleware.ts", "next.config.ts", "instrumentation.ts", "../../components", "../../server/display", "../../server/auth-page-headers.ts", "../../app/site-metadata.ts", "../../app/globals.css", "../../app/not-found.tsx"]

/** Builds the apps named in `only` (default both) whose build is missing or older than their sources. */
export async function prepareBuilds(forceBuild: boolean, skipBuild: boolean, only: readonly AppId[] = ["ours", "next-auth"]): Promise<void> {
  if ((only.includes("next-auth") || only.includes("free-auth")) && ["next-auth", "@auth/prisma-adapter"].some((name) => !existsSync(path.join(NEXT_AUTH_APP, "node_modules", name)))) {
    console.log("bench/next-auth-app: npm install ...")
    await runStep("npm install", "npm", ["install", "--no-audit", "--no-fund", "--legacy-peer-deps"], NEXT_AUTH_APP, process.env)
  }
  // The reference app is assembled afresh each run (timestamps kept): the plain app plus the mirrored pages.
  if (only.includes("next-auth")) assembleMirrorApp()
  if (only.includes("free-auth")) assembleFreeAuthApp()
  const apps = [
    { id: "ours", name: "the starter", dir: ROOT, dist: ".next-bench", sources: ["app", "lib", "server", "components", "middleware.ts", "auth.ts", "next.config.ts", "instrumentation.ts"], env: STARTER_BUILD_ENV },
    { id: "next-auth", name: "bench/next-auth-mirror-app", dir: MIRROR_APP, dist: ".next", sources: MIRROR_SOURCES, env: { NEXT_TELEMETRY_DISABLED: "1" } },
    { id: "free-auth", name: "bench/free-auth-app", dir: FREE_AUTH_APP, dist: ".next", sources: MIRROR_SOURCES, env: { NEXT_TELEMETRY_DISABLED: "1" } },
  ]
  for (const app of apps.filter((a) => only.includes(a.id as AppId))) {
    const current = isBuildCurrent(app.dir, app.dist, app.sources)
    if (forceBuild || (!current && !skipBuild)) {
      console.log(`next build (${app.name}) ...`)
      await runStep(`next build (${app.name})`, process.execPath, [binPath("next"), "build"], app.dir, { ...process.env, ...app.env })
    } else if (!existsSync(path.join(app.dir, app.dist, "BUILD_ID"))) {
      throw new Error(`${app.name} has no build and --skip-build was given`)
    }
  }
}

export interface App {
  id: AppId
  server: RunningServer
  warm: string
  cold: string[]
  /** The starter's admins: the seeded admin signed in, and cold admin users. */
  admin?: { warm: string; cold: string[] }
  /** The starter's bench organization: its owner signed in (starting in it), and cold members. */
  member?: { warm: string; cold: string[] }
  counterPort: number
}

export async function queryCount(app: App): Promise<number> {
  return Number(await (await fetch(`http://127.0.0.1:${app.counterPort}/`)).text())
}

/** `channel`: the Redis revocation channel on (REDIS_URL), on a channel name of this run's own. */
export async function startStarter(strategy: Strategy, dir: string, options: LoadOptions, channel?: "redis"): Promise<App> {
  const id: AppId = channel ? "ours-channel" : "ours"
  const databaseFile = path.join(dir, `${id}.db`)
  const secret = randomBytes(33).toString("base64")
  const counterPort = await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...STARTER_BUILD_ENV,
    DATABASE_URL: `file:${databaseFile}`,
    AUTH_SESSION_STRATEGY: strategy,
    AUTH_SECRET: secret,
    AUTH_TRUST_HOST: "true",
    SEED_EMAIL,
    SEED_PASSWORD,
    SEED_ADMIN_EMAIL,
    SEED_ADMIN_PASSWORD,
    BENCH_QUERY_COUNTER_PORT: String(counterPort),
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${QUERY_COUNTER}`.trim(),
    ...(channel
      ? { AUTH_REVOCATION_CHANNEL: channel, AUTH_REVOCATION_CHANNEL_NAME: `auth:revocations:bench-http:${randomBytes(4).toString("hex")}`, REDIS_URL: process.env.REDIS_URL || "redis://127.0.0.1:6379" }
      : {}),
  }
  await migrateDatabase(env.DATABASE_URL)
  await runStep("db:seed", process.execPath, [binPath("tsx"), "scripts/db-seed.ts"], ROOT, { ...env, NODE_OPTIONS: process.env.NODE_OPTIONS ?? "" })
  // Before the server starts: a membership written behind its back would reach its jwt sessions'
  // header only after the revocation delay (docs/deploying.md). Not yet the owner's active one: the
  // dashboard's user signs in outside it, as the reference app's does, so both headers match.
  seedBenchOrganization(databaseFile, SEED_EMAIL, { active: false })
  const server = await startNext(id, ROOT, env, options.nodeArgs)
  const warm = await signIn(server.origin, SEED_EMAIL, SEED_PASSWORD)
  await expectSession(server.origin, warm, SEED_EMAIL, "ours (warm)")
  const users = benchUsers(options.users, "ours")
  const cold = await mintStarterSessions(strategy, databaseFile, secret, warm, users)
  await expectSession(server.origin, cold[cold.length - 1]!, users[users.length - 1]!.email, "ours (cold)")
  const adminWarm = await signIn(server.origin, SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD)
  const admins = benchUsers(options.users, "ours-admin", "bench-admin")
  const adminCold = await mintStarterSessions(strategy, databaseFile, secret, adminWarm, admins, "admin")
  await expectSession(server.origin, adminCold[adminCold.length - 1]!, admins[admins.length - 1]!.email, "ours (cold admin)")
  activateBenchOrganization(databaseFile)
  const memberWarm = await signIn(server.origin, SEED_EMAIL, SEED_PASSWORD)
  const members = benchUsers(options.users, "ours-member", "bench-member")
  const memberCold = await mintOrganizationSessions(strategy, databaseFile, secret, memberWarm, members)
  await expectSession(server.origin, memberCold[memberCold.length - 1]!, members[members.length - 1]!.email, "ours (cold member)")
  return { id, server, warm, cold, admin: { warm: adminWarm, cold: adminCold }, member: { warm: memberWarm, cold: memberCold }, counterPort }
}

export async function startNextAuth(strategy: Strategy, dir: string, options: LoadOptions): Promise<App> {
  const databaseFile = path.join(dir, "next-auth.db")
  const secret = randomBytes(33).toString("base64")
  const counterPort = await freePort()
  const users = benchUsers(options.users + 1, "next-auth")
  const cookies = await referenceDatabase(databaseFile, strategy, secret, users)
  const server = await startNext("next-auth", MIRROR_APP, { ...referenceEnv(strategy, databaseFile, counterPort), AUTH_SECRET: secret }, options.nodeArgs)
  const [warm, ...cold] = cookies as [string, ...string[]]
  await expectSession(server.origin, warm, users[0]!.email, "next-auth (warm)")
  await expectSession(server.origin, cold[cold.length - 1]!, users[users.length - 1]!.email, "next-auth (cold)")
  return { id: "next-auth", server, warm, cold, counterPort }
}

/**
 * The reference app's pages on the free "library": the same users, organization and cards as
 * next-auth's app, each signed in by a cookie that names them (bench/free-auth-overlay/auth.ts).
 */
export async function startFreeAuth(strategy: Strategy, dir: string, options: LoadOptions): Promise<App> {
  const databaseFile = path.join(dir, "free-auth.db")
  const counterPort = await freePort()
  const users = benchUsers(options.users + 1, "free-auth")
  // Its users need rows, not sessions: the ones minted here go unused.
  await referenceDatabase(databaseFile, "database", randomBytes(33).toString("base64"), users)
  const server = await startNext("free-auth", FREE_AUTH_APP, referenceEnv(strategy, databaseFile, counterPort), options.nodeArgs)
  const [warm, ...cold] = users.map((user) => `bench-user=${user.id}`) as [string, ...string[]]
  await expectSession(server.origin, warm, users[0]!.email, "free-auth (warm)")
  await expectSession(server.origin, cold[cold.length - 1]!, users[users.length - 1]!.email, "free-auth (cold)")
  return { id: "free-auth", server, warm, cold, counterPort }
}

/**
 * A reference app's database: the starter's migrations (the Auth.js tables, plus additive columns,
 * that @auth/prisma-adapter reads), the bench users with their sessions (answered as cookies), and
 * the first user as the starter's seeded account: a verified address, a password, and the owner of
 * the bench organization, so that every app's dashboard shows the same cards.
 */
async function referenceDatabase(databaseFile: string, strategy: Strategy, secret: string, users: readonly BenchUser[]): Promise<string[]> {
  await migrateDatabase(`file:${databaseFile}`)
  const cookies = await mintNextAuthSessions(strategy, databaseFile, secret, users)
  mirrorSeededUser(databaseFile, users[0]!.email)
  seedBenchOrganization(databaseFile, users[0]!.email)
  return cookies
}

function referenceEnv(strategy: Strategy, databaseFile: string, counterPort: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    AUTH_SESSION_STRATEGY: strategy,
    NEXT_AUTH_BENCH_DB: databaseFile,
    BENCH_QUERY_COUNTER_PORT: String(counterPort),
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${QUERY_COUNTER}`.trim(),
  }
}

export interface Run {
  requestsPerSec: number
  p50: number
  p99: number
  non2xx: number
  errors: number
}

/** One autocannon run; cold runs give every request the next user's cookie. */
export async function load(app: App, benchCase: Case, mode: Mode, seconds: number, connections: number): Promise<Run> {
  const url = `${app.server.origin}${benchCase.path}`
  const cookies = cookiesFor(app, benchCase)
  let next = 0
  const options =
    mode === "warm"
      ? { url, connections, duration: seconds, headers: { cookie: cookies.warm } }
      : {
          url,
          connections,
          duration: seconds,
          requests: [
            {
              method: "GET",
              path: benchCase.path,
              setupRequest: (request: { headers?: Record<string, string> }) => {
                request.headers = { ...request.headers, cookie: cookies.cold[next++ % cookies.cold.length]! }
                return request
              },
            },
          ],
        }
  const result = await autocannon(options)
  return {
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

