/**
 * Test support for the endpoint suites: a tiny cookie-keeping "browser" that
 * sends real Requests through Auth(), Set-Cookie parsing, and database
 * snapshots. Nothing here stands in for library code.
 */
import { expect } from "vitest"
import { Auth } from "@/lib/auth"
import type { AuthConfig } from "@/lib/auth"
import Credentials from "@/lib/auth/providers/credentials"

export const SECRET = "endpoint-suite-secret-7f3a9c1e5b2d4f6a8c0e"
export const OTHER_SECRET = "another-deployment-secret-1b3d5f7a9c2e4f6"
export const ORIGIN = "http://localhost:3000"
export const HTTPS_ORIGIN = "https://app.example.test"
export const BASE = "/auth"

/** Every database the suite runs on with every session strategy: where sessions and their storage both matter. */
export const DATABASE_AND_STRATEGY_CASES = [
  ["sqlite", "database"],
  ["sqlite", "jwt"],
  ["postgresql", "database"],
  ["postgresql", "jwt"],
] as const

export interface SetCookie {
  name: string
  /** Raw (still percent-encoded) value, as a browser would send it back. */
  value: string
  /** Attribute names lower-cased; flags map to true. */
  attributes: Record<string, string | true>
  raw: string
}

export function parseSetCookie(header: string): SetCookie {
  const [pair, ...rest] = header.split(";")
  const eq = pair.indexOf("=")
  const attributes: Record<string, string | true> = {}
  for (const part of rest) {
    const trimmed = part.trim()
    const i = trimmed.indexOf("=")
    if (i === -1) attributes[trimmed.toLowerCase()] = true
    else attributes[trimmed.slice(0, i).toLowerCase()] = trimmed.slice(i + 1)
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes, raw: header }
}

export function setCookies(res: Response): SetCookie[] {
  return res.headers.getSetCookie().map(parseSetCookie)
}

export function setCookie(res: Response, name: string): SetCookie | undefined {
  return setCookies(res).find((c) => c.name === name)
}

/** A Set-Cookie that removes the cookie (Max-Age=0 or an Expires in the past). */
export function isDeletion(cookie: SetCookie): boolean {
  if (cookie.attributes["max-age"] === "0") return true
  const expires = cookie.attributes.expires
  return typeof expires === "string" && Date.parse(expires) <= Date.now()
}

/** The attributes every auth cookie carries. */
export function expectBaseAttributes(cookie: SetCookie, secure: boolean): void {
  expect(cookie.attributes.httponly, `${cookie.name} HttpOnly`).toBe(true)
  expect(cookie.attributes.samesite, `${cookie.name} SameSite`).toBe("Lax")
  expect(cookie.attributes.path, `${cookie.name} Path`).toBe("/")
  expect(cookie.attributes.secure === true, `${cookie.name} Secure`).toBe(secure)
}

export interface SendOptions {
  method?: string
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>
  /** Sent as application/json (any JSON value). */
  json?: unknown
  /** Raw body with an explicit content type given in `headers`. */
  body?: BodyInit
  headers?: Record<string, string>
  /** Replaces the jar's Cookie header for this one request. */
  cookie?: string
  /** Do not store the response's cookies. */
  keepJar?: boolean
}

/** How a Browser's requests reach the library: Auth() itself, or a framework variant. */
export type Transport = (request: Request) => Promise<Response>

/**
 * Holds cookies between requests the way a browser does (stores Set-Cookie,
 * drops deleted cookies, sends the rest back) and calls Auth() directly, or
 * goes through `transport` (a framework variant, a real server).
 */
export class Browser {
  readonly jar = new Map<string, string>()

  constructor(
    public config: AuthConfig,
    readonly origin: string = ORIGIN,
    readonly transport?: Transport,
  ) {}

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ")
  }

  request(path: string, options: SendOptions = {}): Request {
    const headers = new Headers(options.headers)
    let body: BodyInit | undefined = options.body
    if (options.form) {
      headers.set("content-type", "application/x-www-form-urlencoded")
      body = new URLSearchParams(options.form).toString()
    } else if (options.json !== undefined) {
      headers.set("content-type", "application/json")
      body = JSON.stringify(options.json)
    }
    const cookie = options.cookie ?? this.cookieHeader()
    if (cookie !== "") headers.set("cookie", cookie)
    const method = options.method ?? (body === undefined ? "GET" : "POST")
    const url = path.startsWith("http") ? path : `${this.origin}${path}`
    return new Request(url, { method, headers, body })
  }

  async send(path: string, options: SendOptions = {}): Promise<Response> {
    const request = this.request(path, options)
    const res = await (this.transport ? this.transport(request) : Auth(request, this.config))
    if (!options.keepJar) this.store(res)
    return res
  }

  store(res: Response): void {
    for (const cookie of setCookies(res)) {
      if (isDeletion(cookie) || cookie.value === "") this.jar.delete(cookie.name)
      else this.jar.set(cookie.name, cookie.value)
    }
  }

  /** GET /csrf and return the token (the cookie lands in the jar). */
  async csrfToken(): Promise<string> {
    const res = await this.send(`${BASE}/csrf`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { csrfToken: string }
    return body.csrfToken
  }

  /** POST /callback/credentials with a fresh CSRF token plus `fields`. */
  async signInWithCredentials(fields: Record<string, string> = {}, providerId = "credentials"): Promise<Response> {
    const csrfToken = await this.csrfToken()
    return this.send(`${BASE}/callback/${providerId}`, { form: { csrfToken, ...fields } })
  }

  sessionCookieName(): string {
    return `${this.origin.startsWith("https:") ? "__Secure-" : ""}authjs.session-token`
  }

  /** The session cookie value from the jar, chunks joined. */
  sessionValue(): string {
    const base = this.sessionCookieName()
    const direct = this.jar.get(base)
    if (direct) return decodeURIComponent(direct)
    return [...this.jar]
      .filter(([name]) => name.startsWith(`${base}.`))
      .sort(([a], [b]) => Number(a.slice(base.length + 1)) - Number(b.slice(base.length + 1)))
      .map(([, value]) => decodeURIComponent(value))
      .join("")
  }
}

/** A body must never reveal server internals: no stack frames, no source paths. */
export function expectNoInternals(body: string): void {
  expect(body).not.toMatch(/\n\s+at\s/)
  expect(body).not.toMatch(/\bat\s+\S+\s+\(/)
  expect(body).not.toMatch(/\/work\/|node_modules|\.ts:\d+|\.js:\d+|file:\/\//)
  expect(body).not.toMatch(/\b(Prisma|SQLITE_|ECONNREFUSED|TypeError|ReferenceError|SyntaxError)\b/)
}

// ---------------------------------------------------------------------------
// Database helpers (structural: works with the SQLite and PostgreSQL clients)
// ---------------------------------------------------------------------------

export interface UserRow {
  id: string
  name: string | null
  email: string
  emailVerified: Date | null
  image: string | null
}

export interface SessionRow {
  sessionToken: string
  userId: string
  expires: Date
}

/** The slice of a generated Prisma client these suites read and seed with. */
export interface TestPrisma {
  user: {
    create(args: { data: { email: string; name?: string | null; image?: string | null } }): Promise<UserRow>
    findMany(args: { orderBy: { id: "asc" } }): Promise<UserRow[]>
    findUnique(args: { where: { id: string } }): Promise<UserRow | null>
    deleteMany(args: object): Promise<unknown>
  }
  session: {
    create(args: { data: SessionRow }): Promise<SessionRow>
    findMany(args: { orderBy: { sessionToken: "asc" }; where?: { userId?: string } }): Promise<SessionRow[]>
    findUnique(args: { where: { sessionToken: string } }): Promise<SessionRow | null>
    deleteMany(args: object): Promise<unknown>
  }
  account: { deleteMany(args: object): Promise<unknown> }
  verificationToken: { deleteMany(args: object): Promise<unknown> }
}

export interface TableSnapshot {
  users: UserRow[]
  sessions: SessionRow[]
}

export async function snapshot(prisma: TestPrisma): Promise<TableSnapshot> {
  const users = await prisma.user.findMany({ orderBy: { id: "asc" } })
  const sessions = await prisma.session.findMany({ orderBy: { sessionToken: "asc" } })
  return {
    users: users.map(({ id, name, email, emailVerified, image }) => ({ id, name, email, emailVerified, image })),
    sessions: sessions.map(({ sessionToken, userId, expires }) => ({ sessionToken, userId, expires })),
  }
}

export async function emptyTables(prisma: TestPrisma): Promise<void> {
  await prisma.session.deleteMany({})
  await prisma.account.deleteMany({})
  await prisma.verificationToken.deleteMany({})
  await prisma.user.deleteMany({})
}

export { withEnv } from "../../helpers/env"

/** A logger that records what the library reports. */
export function recordingLogger() {
  const errors: Error[] = []
  const warnings: string[] = []
  return {
    errors,
    warnings,
    logger: {
      error: (_code: string, ...message: unknown[]) => void errors.push(...message.filter((m): m is Error => m instanceof Error)),
      warn: (code: string) => void warnings.push(code),
      debug: () => {},
    },
  }
}

/** The one account the framework-variant suites sign in with (password "correct"). */
export const alice = { id: "user-alice", name: "Alice", email: "alice@example.test" }

/** A credentials-only configuration that signs `alice` in; logs go to a recording logger. */
export function aliceConfig(): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    logger: recordingLogger().logger,
    providers: [
      Credentials({
        credentials: { email: {}, password: {} },
        authorize: async (c) => (c.email === alice.email && c.password === "correct" ? alice : null),
      }),
    ],
  }
}
