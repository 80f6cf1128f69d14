/**
 * What a failed session read means to a framework's page: an outage is
 * reported as itself (never "signed out"); any other failure fails closed.
 */
import { describe, expect, it, vi } from "vitest"
import { type AuthConfig, DatabaseUnavailable } from "@/lib/auth"
import { readRequestSession } from "@/lib/auth/frameworks/shared/session"
import { encode } from "@/lib/auth/jwt"

const secret = "shared-session-read-secret-0123456789abcdef"
const origin = "http://localhost:3000"
const logger = () => ({ error: vi.fn(), warn: vi.fn(), debug: vi.fn() })

describe("readRequestSession", () => {
  it("returns the session and the cookies to set", async () => {
    const token = await encode({ token: { name: "Ada", email: "ada@example.test", sub: "u1" }, secret, salt: "authjs.session-token" })
    const read = await readRequestSession({ secret, providers: [], session: { updateAge: 0 } }, { origin, cookie: `authjs.session-token=${token}` })
    expect(read.session?.user?.email).toBe("ada@example.test")
    expect(read.cookies.map((c) => c.name)).toEqual(["authjs.session-token"])
    expect(read.unavailable).toBeUndefined()
  })

  it("reports an outage as unavailable, keeping its cause", async () => {
    const cause = new Error("connect ECONNREFUSED")
    const config: AuthConfig = {
      secret,
      providers: [],
      session: { strategy: "database" },
      logger: logger(),
      adapter: {
        getSessionAndUser: async () => {
          throw new DatabaseUnavailable("The database is unavailable", { cause })
        },
        getUser: async () => null,
        createSession: async (s) => s,
        updateSession: async () => null,
        deleteSession: async () => null,
      },
    }
    const read = await readRequestSession(config, { origin, cookie: "authjs.session-token=s-1" })
    expect(read.session).toBeNull()
    expect(read.unavailable).toBeInstanceOf(DatabaseUnavailable)
    expect(read.unavailable?.cause?.err).toBe(cause)
  })

  it("reads a broken configuration as signed out (fail closed), having logged it", async () => {
    const log = logger()
    const read = await readRequestSession({ secret: undefined, providers: [], logger: log }, { origin, cookie: "authjs.session-token=x" })
    expect(read).toEqual({ session: null, cookies: [] })
    expect(log.error).toHaveBeenCalledTimes(1)
  })
})
