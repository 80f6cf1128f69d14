/**
 * Writing an entry never throws: an adapter whose write fails (or throws
 * synchronously, or rejects with a non-Error) is counted and logged once at
 * warn level with the driver's code, and the caller goes on. An entry holds
 * what the caller said and where the request came from, nothing else.
 */
import { describe, expect, it, vi } from "vitest"
import { Auth, resolveAuthConfig, type AuthConfig, type NewSecurityEvent } from "@/lib/auth"
import Credentials from "@/lib/auth/providers/credentials"
import { recordSecurityEvent } from "@/lib/auth/security-log/record"
import { failureCode, securityLogFailures } from "@/lib/auth/security-log/failures"
import { DatabaseUnavailable } from "@/lib/auth/errors"

const SECRET = "security-log-unit-secret-0123456789abcdef"

function configWith(createSecurityEvent: (event: NewSecurityEvent) => Promise<void>, logger = { warn: vi.fn(), error: vi.fn(), debug: vi.fn() }) {
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger,
    rateLimit: { trustedProxies: 1 },
    adapter: {
      createSecurityEvent,
      listSecurityEvents: async () => [],
      deleteSecurityEventsBefore: async () => 0,
    },
    providers: [],
  }
  return { config, resolved: resolveAuthConfig(config), logger }
}

const request = new Request("http://localhost/", {
  headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "x-forwarded-for": "10.0.0.1, 198.51.100.7" },
})

describe("recordSecurityEvent", () => {
  it("writes what the caller said with the request's address, User-Agent and device", async () => {
    const written: NewSecurityEvent[] = []
    const { resolved } = configWith(async (event) => void written.push(event))
    expect(await recordSecurityEvent(resolved, request, { userId: "u1", type: "password-changed" })).toBe(true)
    expect(written).toEqual([
      {
        userId: "u1",
        type: "password-changed",
        outcome: "success",
        method: null,
        provider: null,
        detail: null,
        // The user's own act: no admin acted.
        actorId: null,
        ip: "198.51.100.7",
        userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
        device: "Firefox|Linux|198.51.100",
      },
    ])
  })

  it("without a request the entry has no address nor User-Agent", async () => {
    const written: NewSecurityEvent[] = []
    const { resolved } = configWith(async (event) => void written.push(event))
    await recordSecurityEvent(resolved, null, { userId: "u1", type: "two-factor-disabled" })
    expect(written[0]).toMatchObject({ ip: null, userAgent: null, device: "Unknown browser|Unknown OS|unknown" })
  })

  it("never throws: rejections, synchronous throws and non-errors are counted; one warning per run of failures", async () => {
    const failures = [
      async () => {
        throw Object.assign(new Error("connect ECONNREFUSED"), { code: "P1001" })
      },
      () => {
        throw "a string"
      },
      async () => Promise.reject(new DatabaseUnavailable("down", { cause: Object.assign(new Error("x"), { code: "P1017" }) })),
    ] as ((event: NewSecurityEvent) => Promise<void>)[]
    const logger = { warn: vi.fn(), error: vi.fn(), debug: vi.fn() }
    const before = securityLogFailures()
    for (const fail of failures) {
      const { resolved } = configWith(fail, logger)
      await expect(recordSecurityEvent(resolved, request, { userId: "u1", type: "sign-in" })).resolves.toBe(false)
    }
    expect(securityLogFailures() - before).toBe(3)
    expect(logger.warn).toHaveBeenCalledTimes(1)
    expect(logger.warn).toHaveBeenCalledWith("security-log-write-failed", { operation: "write", code: "P1001", failures: expect.any(Number) })
    expect(logger.debug).toHaveBeenCalledTimes(2)
    expect(logger.error).not.toHaveBeenCalled()

    // A write that goes through ends the run: the next failure warns again.
    const { resolved: ok } = configWith(async () => {}, logger)
    await recordSecurityEvent(ok, request, { userId: "u1", type: "sign-in" })
    const { resolved: failing } = configWith(failures[0]!, logger)
    await recordSecurityEvent(failing, request, { userId: "u1", type: "sign-in" })
    expect(logger.warn).toHaveBeenCalledTimes(2)
  })

  it("a logger that throws does not make the write throw", async () => {
    const logger = { warn: vi.fn(() => { throw new Error("logger down") }), error: vi.fn(), debug: vi.fn(() => { throw new Error("logger down") }) }
    const { resolved } = configWith(async () => { throw new Error("nope") }, logger)
    await expect(recordSecurityEvent(resolved, request, { userId: "u1", type: "sign-in" })).resolves.toBe(false)
  })

  it("an adapter without the log methods writes nothing", async () => {
    const resolved = resolveAuthConfig({ secret: SECRET, trustHost: true, adapter: { createSecurityEvent: async () => {} }, providers: [] })
    expect(resolved.securityLog.store).toBeUndefined()
    expect(await recordSecurityEvent(resolved, request, { userId: "u1", type: "sign-in" })).toBe(false)
  })
})

describe("failureCode", () => {
  it("prefers the driver's code to the library's wrapper, and never uses the message", () => {
    const driver = Object.assign(new Error("INSERT ... 'secret value'"), { code: "P2002" })
    expect(failureCode(new DatabaseUnavailable("down", { cause: driver }))).toBe("P2002")
    expect(failureCode(new DatabaseUnavailable("down"))).toBe("database_unavailable")
    expect(failureCode(new TypeError("secret value"))).toBe("TypeError")
    expect(failureCode(42)).toBe("unknown")
  })
})

describe("no secret in an entry", () => {
  it("a credentials sign-in with a known password writes no entry containing it (right or wrong)", async () => {
    const PASSWORD = "hunter2-correct-battery-staple"
    const written: NewSecurityEvent[] = []
    const users = new Map([["ada@example.com", { id: "user-ada", email: "ada@example.com", emailVerified: null }]])
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      session: { strategy: "jwt" },
      adapter: {
        getUserByEmail: async (email) => users.get(email) ?? null,
        createSecurityEvent: async (event) => void written.push(event),
        listSecurityEvents: async () => [],
        deleteSecurityEventsBefore: async () => 0,
      },
      providers: [
        Credentials({
          credentials: { email: { type: "email" }, password: { type: "password" } },
          authorize: (c) => (c.email === "ada@example.com" && c.password === PASSWORD ? { id: "user-ada", email: "ada@example.com" } : null),
        }),
      ],
    }
    const jar = new Map<string, string>()
    const send = async (path: string, form?: Record<string, string>) => {
      const headers = new Headers({ cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") })
      if (form) headers.set("content-type", "application/x-www-form-urlencoded")
      const res = await Auth(
        new Request(`http://localhost:3000/auth${path}`, { method: form ? "POST" : "GET", headers, body: form && new URLSearchParams(form).toString() }),
        config,
      )
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(";")
        const i = pair!.indexOf("=")
        jar.set(pair!.slice(0, i), pair!.slice(i + 1))
      }
      return res
    }
    const csrf = async () => ((await (await send("/csrf")).json()) as { csrfToken: string }).csrfToken
    await send("/callback/credentials", { csrfToken: await csrf(), email: "ada@example.com", password: PASSWORD })
    await send("/callback/credentials", { csrfToken: await csrf(), email: "ada@example.com", password: `${PASSWORD}-wrong` })
    expect(written.map((e) => [e.userId, e.type, e.outcome, e.method])).toEqual([
      ["user-ada", "sign-in", "success", "password"],
      ["user-ada", "sign-in", "failure", "password"],
    ])
    expect(JSON.stringify(written)).not.toContain(PASSWORD)
  })
})
