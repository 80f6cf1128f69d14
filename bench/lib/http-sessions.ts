/**
 * bench:http's signed-in users: one real sign-in through the starter's own
 * endpoints, then `count` distinct users with sessions of their own for the
 * cold runs, minted as each library would issue them:
 *   - the starter, jwt: the real sign-in's token decoded and re-encoded per
 *     user with the library's own encoder and the server's secret;
 *   - the starter, database: User and Session rows shaped like the real
 *     sign-in's row, written straight into its SQLite file;
 *   - next-auth, jwt: @auth/core's encode() (the version next-auth depends on);
 *   - next-auth, database: User and Session rows in the starter's migrated
 *     tables, which the reference app reads through @auth/prisma-adapter
 *     (its Credentials provider cannot create database sessions).
 */
import { randomBytes } from "node:crypto"
import Database from "better-sqlite3"
import { encode as authCoreEncode } from "@auth/core/jwt"
import { decode, encode } from "../../lib/auth/jwt"
import { CookieJar } from "./jar"

/** The session cookie's name on plain http, in both libraries. */
export const SESSION_COOKIE = "authjs.session-token"
const BASE_PATH = "/api/auth"

export type Strategy = "jwt" | "database"

export interface BenchUser {
  id: string
  email: string
  name: string
}

export function benchUsers(count: number, prefix: string, emailPrefix = "bench"): BenchUser[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-user-${i}`,
    email: `${emailPrefix}-${i}@example.com`,
    name: `Bench User ${i}`,
  }))
}

/** Signs an account in through the real endpoints; returns the Cookie header that carries the session. */
export async function signIn(origin: string, email: string, password: string): Promise<string> {
  const jar = new CookieJar()
  const csrf = await fetch(`${origin}${BASE_PATH}/csrf`)
  jar.update(csrf.headers)
  const { csrfToken } = (await csrf.json()) as { csrfToken?: string }
  if (!csrfToken) throw new Error(`GET ${BASE_PATH}/csrf gave no csrfToken (status ${csrf.status})`)
  const callback = await fetch(`${origin}${BASE_PATH}/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: origin }),
  })
  jar.update(callback.headers)
  await callback.body?.cancel()
  const location = callback.headers.get("location") ?? ""
  if (callback.status !== 302 || location.includes("error=")) throw new Error(`credentials sign-in failed: ${callback.status} ${location}`)
  const token = jar.get(SESSION_COOKIE)
  if (!token) throw new Error("the sign-in set no session cookie")
  return `${SESSION_COOKIE}=${token}`
}

/** Throws unless GET /api/auth/session with `cookie` answers the user with `email`. */
export async function expectSession(origin: string, cookie: string, email: string, label: string): Promise<void> {
  const response = await fetch(`${origin}${BASE_PATH}/session`, { headers: { cookie } })
  const body = (await response.json()) as { user?: { email?: string } } | null
  if (response.status !== 200 || body?.user?.email !== email) {
    throw new Error(`${label}: GET ${BASE_PATH}/session did not return ${email}: ${response.status} ${JSON.stringify(body)}`)
  }
}

function tokenOf(cookie: string): string {
  return cookie.slice(cookie.indexOf("=") + 1)
}

/**
 * The starter's cold users: User rows, and a session each like the real sign-in's. `roles`
 * (stored, comma-separated) gives them roles, as the admin bench users have; a jwt copies the
 * signed-in token's claims, so sign in as a user holding the same roles.
 */
export async function mintStarterSessions(
  strategy: Strategy,
  databaseFile: string,
  secret: string,
  signedIn: string,
  users: readonly BenchUser[],
  roles = "",
): Promise<string[]> {
  const db = new Database(databaseFile)
  try {
    const insertUser = db.prepare('INSERT INTO "User" (id, name, email, roles) VALUES (?, ?, ?, ?)')
    db.transaction(() => users.forEach((u) => insertUser.run(u.id, u.name, u.email, roles)))()
    if (strategy === "jwt") {
      const claims = await decode({ token: tokenOf(signedIn), secret, salt: SESSION_COOKIE })
      if (!claims) throw new Error("the signed-in token does not decode with the server's secret")
      const { iat: _iat, exp: _exp, jti: _jti, ...kept } = claims
      return Promise.all(
        users.map(async (u) => {
          const token = await encode({ token: { ...kept, sub: u.id, name: u.name, email: u.email }, secret, salt: SESSION_COOKIE })
          return `${SESSION_COOKIE}=${token}`
        }),
      )
    }
    const row = db.prepare('SELECT * FROM "Session" WHERE sessionToken = ?').get(tokenOf(signedIn)) as Record<string, unknown> | undefined
    if (!row) throw new Error("the signed-in session has no row")
    const columns = Object.keys(row)
    const insertSession = db.prepare(
      `INSERT INTO "Session" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    )
    const tokens = users.map(() => randomBytes(32).toString("hex"))
    db.transaction(() =>
      users.forEach((u, i) => insertSession.run(...columns.map((c) => (c === "sessionToken" ? tokens[i] : c === "userId" ? u.id : row[c])))),
    )()
    return tokens.map((t) => `${SESSION_COOKIE}=${t}`)
  } finally {
    db.close()
  }
}

/**
 * The reference app's users and their sessions, as next-auth would issue them.
 * The database is the starter's migrated schema (the Auth.js tables), which
 * the reference app reads through Auth.js's Prisma adapter.
 */
export async function mintNextAuthSessions(strategy: Strategy, databaseFile: string, secret: string, users: readonly BenchUser[]): Promise<string[]> {
  const db = new Database(databaseFile)
  try {
    const insertUser = db.prepare('INSERT INTO "User" (id, name, email) VALUES (?, ?, ?)')
    db.transaction(() => users.forEach((u) => insertUser.run(u.id, u.name, u.email)))()
    if (strategy === "jwt") {
      return Promise.all(
        users.map(async (u) => {
          const token = await authCoreEncode({ token: { name: u.name, email: u.email, picture: null, sub: u.id }, secret, salt: SESSION_COOKIE })
          return `${SESSION_COOKIE}=${token}`
        }),
      )
    }
    // DateTime as Prisma's SQLite adapter writes it (ISO text), so that Prisma reads the rows back as its own.
    const expires = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().replace("Z", "+00:00")
    const insertSession = db.prepare('INSERT INTO "Session" ("sessionToken", "userId", "expires") VALUES (?, ?, ?)')
    const tokens = users.map(() => randomBytes(32).toString("hex"))
    db.transaction(() => users.forEach((u, i) => insertSession.run(tokens[i], u.id, expires)))()
    return tokens.map((t) => `${SESSION_COOKIE}=${t}`)
  } finally {
    db.close()
  }
}

/**
 * Gives the reference app's signed-in user what the starter's seed gives its demo account: a
 * verified address and a password (its hash is never checked: the bench mints the sessions).
 */
export function mirrorSeededUser(databaseFile: string, email: string): void {
  const db = new Database(databaseFile)
  try {
    const changed = db.prepare('UPDATE "User" SET "emailVerified" = ?, "passwordHash" = ? WHERE email = ?').run(sqliteDate(new Date()), "bench-unused-hash", email)
    if (changed.changes !== 1) throw new Error(`no user ${email} to mirror the seeded account on`)
  } finally {
    db.close()
  }
}

/** The organization the org-home case opens: its slug is the page's /o/<slug>. */
export const BENCH_ORGANIZATION = { id: "bench-organization", name: "Bench Organization", slug: "bench-org" }

/** DateTime as Prisma's SQLite adapter writes it (ISO text), so Prisma and the raw reads take it as their own. */
const sqliteDate = (date: Date) => date.toISOString().replace("Z", "+00:00")

/**
 * The bench organization with the seeded user as its owner, made their active one, so their next
 * sign-in starts in it (the session carries it: the jwt snapshot, or the row's column).
 */
export function seedBenchOrganization(databaseFile: string, ownerEmail: string, options: { active?: boolean } = {}): void {
  const db = new Database(databaseFile)
  try {
    const owner = db.prepare('SELECT id FROM "User" WHERE email = ?').get(ownerEmail) as { id: string } | undefined
    if (!owner) throw new Error(`no user ${ownerEmail} to own the bench organization`)
    const now = sqliteDate(new Date())
    db.prepare('INSERT INTO "Organization" (id, name, slug, "createdAt") VALUES (?, ?, ?, ?)').run(BENCH_ORGANIZATION.id, BENCH_ORGANIZATION.name, BENCH_ORGANIZATION.slug, now)
    db.prepare('INSERT INTO "Member" (id, "organizationId", "userId", roles, "createdAt", "lastActiveAt") VALUES (?, ?, ?, ?, ?, ?)').run(
      `${BENCH_ORGANIZATION.id}-owner`, BENCH_ORGANIZATION.id, owner.id, "owner", now, options.active === false ? null : now,
    )
  } finally {
    db.close()
  }
}

/** The bench organization as its owner's last active one: their next sign-in starts in it. */
export function activateBenchOrganization(databaseFile: string): void {
  const db = new Database(databaseFile)
  try {
    db.prepare('UPDATE "Member" SET "lastActiveAt" = ? WHERE id = ?').run(sqliteDate(new Date()), `${BENCH_ORGANIZATION.id}-owner`)
  } finally {
    db.close()
  }
}

/**
 * The org-home case's cold users: members of the bench organization with sessions that start in
 * it, minted like mintStarterSessions' from the seeded owner's sign-in (`signedIn`, which
 * restored the organization); a jwt's membership snapshot names each user's own member row.
 */
export async function mintOrganizationSessions(
  strategy: Strategy,
  databaseFile: string,
  secret: string,
  signedIn: string,
  users: readonly BenchUser[],
): Promise<string[]> {
  const cookies = await mintStarterSessions(strategy, databaseFile, secret, signedIn, users)
  const memberId = (user: BenchUser) => `${user.id}-member`
  const db = new Database(databaseFile)
  try {
    const now = sqliteDate(new Date())
    const insert = db.prepare('INSERT INTO "Member" (id, "organizationId", "userId", roles, "createdAt", "lastActiveAt") VALUES (?, ?, ?, ?, ?, ?)')
    db.transaction(() => users.forEach((u) => insert.run(memberId(u), BENCH_ORGANIZATION.id, u.id, "member", now, now)))()
  } finally {
    db.close()
  }
  if (strategy === "database") return cookies
  return Promise.all(
    cookies.map(async (cookie, i) => {
      const claims = await decode({ token: tokenOf(cookie), secret, salt: SESSION_COOKIE })
      const snapshot = claims?.activeMembership as { member?: Record<string, unknown> } | undefined
      if (!claims || !snapshot?.member) throw new Error("the owner's sign-in did not start in the bench organization")
      const { iat: _iat, exp: _exp, jti: _jti, ...kept } = claims
      const member = { ...snapshot.member, id: memberId(users[i]!), roles: ["member"] }
      const token = await encode({ token: { ...kept, activeMembership: { ...snapshot, member } }, secret, salt: SESSION_COOKIE })
      return `${SESSION_COOKIE}=${token}`
    }),
  )
}
