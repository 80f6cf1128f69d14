/**
 * The direct session read (session/read.ts) answers what GET {basePath}/session
 * answers for the same cookies: the same body, the same Set-Cookie, the same
 * events; and it tells an unreachable database apart from a signed-out user.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { Auth, type AuthConfig, DatabaseUnavailable, resolveAuthConfig } from "@/lib/auth"
import type { Adapter, AdapterSession, AdapterUser } from "@/lib/auth/adapters/types"
import { serializeCookie } from "@/lib/auth/cookies"
import { encode } from "@/lib/auth/jwt"
import { readSession } from "@/lib/auth/session/read"

const secret = "direct-session-read-secret-0123456789abcdef"
const origin = "http://localhost:3000"
const ada: AdapterUser = { id: "user-ada", name: "Ada", email: "ada@example.test", emailVerified: null, image: null }

function silentLogger() {
  return { error: vi.fn(), warn: vi.fn(), debug: vi.fn() }
}

/** A database in memory: just what the database strategy calls. */
function memoryAdapter(rows: AdapterSession[]): Adapter {
  return {
    createUser: async (user) => ({ ...user, id: "new" }) as AdapterUser,
    getUser: async (id) => (id === ada.id ? ada : null),
    getUserByEmail: async () => null,
    getUserByAccount: async () => null,
    updateUser: async (user) => ({ ...ada, ...user }) as AdapterUser,
    linkAccount: async () => undefined,
    createSession: async (session) => (rows.push(session), session),
    getSessionAndUser: async (token) => {
      const row = rows.find((r) => r.sessionToken === token)
      return row ? { session: { ...row }, user: ada } : null
    },
    updateSession: async (patch) => {
      const row = rows.find((r) => r.sessionToken === patch.sessionToken)
      if (row) Object.assign(row, patch)
      return row ?? null
    },
    deleteSession: async (token) => {
      const index = rows.findIndex((r) => r.sessionToken === token)
      return index === -1 ? null : rows.splice(index, 1)[0]
    },
  }
}

/** Both ways of reading the same Cookie header, on the same (resolved-once) config. */
async function bothReads(config: AuthConfig, cookie: string) {
  const response = await Auth(new Request(`${origin}/auth/session`, { headers: { cookie } }), config)
  const endpoint = { status: response.status, body: await response.json(), setCookies: response.headers.getSetCookie() }
  const direct = await readSession(resolveAuthConfig(config), { origin, cookie })
  return { endpoint, direct, directSetCookies: direct.cookies.map(serializeCookie) }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] })
  vi.setSystemTime(new Date("2030-01-01T12:00:00Z"))
})
afterEach(() => vi.useRealTimers())

describe("the jwt strategy", () => {
  async function token(claims: Record<string, unknown> = {}) {
    const value = await encode({ token: { name: "Ada", email: ada.email, sub: ada.id, ...claims }, secret, salt: "authjs.session-token" })
    return `authjs.session-token=${value}`
  }

  it("gives GET /session's body, shaped by the session callback, and fires the session event each time", async () => {
    const session = vi.fn()
    const config: AuthConfig = {
      secret,
      providers: [],
      events: { session },
      callbacks: { session: ({ session, token }) => ({ ...session, role: (token as { role?: string }).role }) },
    }
    const { endpoint, direct, directSetCookies } = await bothReads(config, await token({ role: "admin" }))
    expect(endpoint.status).toBe(200)
    expect(direct.session).toEqual(endpoint.body)
    expect(direct.session).toMatchObject({ user: { email: ada.email }, role: "admin" })
    expect(directSetCookies).toEqual(endpoint.setCookies)
    expect(direct.failure).toBeUndefined()
    expect(session).toHaveBeenCalledTimes(2)
  })

  it("re-issues the cookie when the endpoint does (updateAge 0), under the same name and attributes", async () => {
    const config: AuthConfig = { secret, providers: [], session: { updateAge: 0 } }
    const { endpoint, direct, directSetCookies } = await bothReads(config, await token())
    const shape = (line: string) => line.replace(/=[^;]*/, "=<token>")
    expect(endpoint.setCookies).toHaveLength(1)
    expect(directSetCookies.map(shape)).toEqual(endpoint.setCookies.map(shape))
    expect(direct.session).toEqual(endpoint.body)
  })

  it("reads a broken cookie as signed out and clears it, as the endpoint does", async () => {
    const config: AuthConfig = { secret, providers: [], logger: silentLogger() }
    const { endpoint, direct, directSetCookies } = await bothReads(config, "authjs.session-token=not-a-token")
    expect(endpoint.body).toBeNull()
    expect(direct).toMatchObject({ session: null })
    expect(direct.failure).toBeUndefined()
    expect(directSetCookies).toEqual(endpoint.setCookies)
    expect(directSetCookies[0]).toMatch(/^authjs\.session-token=;.*Max-Age=0/)
  })

  it("uses the __Secure- cookie for an https origin", async () => {
    const name = "__Secure-authjs.session-token"
    const value = `${name}=${await encode({ token: { email: ada.email, sub: ada.id }, secret, salt: name })}`
    const resolved = resolveAuthConfig({ secret, providers: [] })
    expect((await readSession(resolved, { origin, cookie: value })).session).toBeNull()
    expect((await readSession(resolved, { origin: "https://app.example.test", cookie: value })).session).not.toBeNull()
  })
})

describe("the database strategy", () => {
  const hour = 3600 * 1000

  it("slides the row's expiry and sets the same cookie as the endpoint", async () => {
    const rows: AdapterSession[] = []
    const config: AuthConfig = { secret, providers: [], adapter: memoryAdapter(rows), session: { strategy: "database" } }
    // Old enough to slide (a day past the default updateAge), for each read in turn.
    const stale = () => new Date(Date.now() + 30 * 24 * hour - 2 * 24 * hour)
    rows.push({ sessionToken: "s-1", userId: ada.id, expires: stale() })
    const response = await Auth(new Request(`${origin}/auth/session`, { headers: { cookie: "authjs.session-token=s-1" } }), config)
    const endpointCookies = response.headers.getSetCookie()
    const endpointBody = await response.json()
    rows[0].expires = stale()
    const direct = await readSession(resolveAuthConfig(config), { origin, cookie: "authjs.session-token=s-1" })
    expect(direct.session).toEqual(endpointBody)
    expect(direct.cookies.map(serializeCookie)).toEqual(endpointCookies)
    expect(endpointCookies).toHaveLength(1)
  })

  it("deletes an expired row and clears the cookie, as the endpoint does", async () => {
    const rows: AdapterSession[] = []
    const config: AuthConfig = { secret, providers: [], adapter: memoryAdapter(rows), session: { strategy: "database" } }
    rows.push({ sessionToken: "gone", userId: ada.id, expires: new Date(Date.now() - hour) })
    const response = await Auth(new Request(`${origin}/auth/session`, { headers: { cookie: "authjs.session-token=gone" } }), config)
    rows.push({ sessionToken: "gone", userId: ada.id, expires: new Date(Date.now() - hour) })
    const direct = await readSession(resolveAuthConfig(config), { origin, cookie: "authjs.session-token=gone" })
    expect(direct.session).toBeNull()
    expect(await response.json()).toBeNull()
    expect(direct.cookies.map(serializeCookie)).toEqual(response.headers.getSetCookie())
    expect(rows).toHaveLength(0)
  })

  it("reports an unreachable database as unavailable, with its cause, where the endpoint answers 503", async () => {
    const driverError = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })
    const adapter = memoryAdapter([])
    adapter.getSessionAndUser = async () => {
      throw new DatabaseUnavailable("The database is unavailable", { cause: driverError })
    }
    const config: AuthConfig = { secret, providers: [], adapter, session: { strategy: "database" }, logger: silentLogger() }
    const { endpoint, direct } = await bothReads(config, "authjs.session-token=s-1")
    expect(endpoint.status).toBe(503)
    expect(direct.session).toBeNull()
    expect(direct.failure?.reason).toBe("unavailable")
    expect(direct.failure?.error).toBeInstanceOf(DatabaseUnavailable)
    expect(direct.failure?.error.cause?.err).toBe(driverError)
  })
})

describe("failures other than an outage", () => {
  it("a broken configuration is its typed error, logged once per read", async () => {
    const logger = silentLogger()
    const config: AuthConfig = { secret: undefined, providers: [], logger }
    const direct = await readSession(resolveAuthConfig(config), { origin, cookie: null })
    expect(direct).toMatchObject({ session: null, cookies: [], failure: { reason: "configuration" } })
    expect(direct.failure?.error.type).toBe("MissingSecret")
    expect(logger.error).toHaveBeenCalledTimes(1)
  })

  it("a session callback that throws is logged and reads as no session, as the endpoint answers", async () => {
    const logger = silentLogger()
    const boom = new Error("callback bug")
    const config: AuthConfig = {
      secret,
      providers: [],
      logger,
      callbacks: {
        session: () => {
          throw boom
        },
      },
    }
    const cookie = `authjs.session-token=${await encode({ token: { sub: ada.id }, secret, salt: "authjs.session-token" })}`
    const { endpoint, direct } = await bothReads(config, cookie)
    expect(endpoint).toMatchObject({ status: 200, body: null })
    expect(direct.session).toBeNull()
    expect(direct.failure?.reason).toBe("failed")
    expect(direct.failure?.error.cause?.err).toBe(boom)
    expect(logger.error).toHaveBeenCalledTimes(2)
  })
})
