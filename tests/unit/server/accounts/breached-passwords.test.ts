/**
 * The app's breached-password policy (ASVS 6.2.12) against a local range
 * server: off unless AUTH_BREACHED_PASSWORDS_URL is set; a breached password is
 * refused; when the service times out or answers 5xx,
 * AUTH_BREACHED_PASSWORDS_ON_ERROR decides (allow by default, or refuse), and
 * the outcome is logged once per failure kind, without the password or any
 * part of its hash.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { breachedPasswordProblem } from "@/server/accounts/breached-passwords"
import { screenNewPassword } from "@/server/accounts/new-password"
import { type RangeServer, sha1Upper, startRangeServer } from "@/tests/helpers/range-server"

const BREACHED = "monkey-banana-sunrise"
const CLEAN = "violet kettle harbour mango 4417"

describe("breached-password policy", () => {
  let range: RangeServer
  let lines: string[]
  const log = (line: string) => void lines.push(line)
  beforeAll(async () => {
    range = await startRangeServer({ [BREACHED]: 42 })
  })
  afterAll(() => range.close())
  beforeEach(async () => {
    range.requests.length = 0
    lines = []
    // A successful answer first, so each test starts with no failure kind already logged.
    range.behave({ kind: "answer" })
    await breachedPasswordProblem(CLEAN, { env: { AUTH_BREACHED_PASSWORDS_URL: range.url }, log })
    range.requests.length = 0
  })

  it("is off by default: no request leaves, nothing is refused", async () => {
    expect(await breachedPasswordProblem(BREACHED, { env: {}, log })).toBeNull()
    expect(range.requests).toHaveLength(0)
  })

  it("refuses a breached password and accepts a clean one", async () => {
    const env = { AUTH_BREACHED_PASSWORDS_URL: range.url }
    expect(await breachedPasswordProblem(BREACHED, { env, log })).toBe("breached")
    expect(await breachedPasswordProblem(CLEAN, { env, log })).toBeNull()
    expect(range.requests).toHaveLength(2)
  })

  it("checks only after the free rules pass: a too-short password never reaches the service", async () => {
    const breach = { env: { AUTH_BREACHED_PASSWORDS_URL: range.url }, log }
    expect(await screenNewPassword("short", {}, breach)).toBe("too-short")
    expect(range.requests).toHaveLength(0)
    expect(await screenNewPassword(BREACHED, { email: "x7@mail.test" }, breach)).toBe("breached")
  })

  it.each([
    ["a timeout", { kind: "delay", ms: 1500 } as const, "timeout"],
    ["a 5xx", { kind: "status", status: 503 } as const, "http-status"],
  ])("on %s, allow (the default) accepts the password and logs the outcome once", async (_, behaviour, kind) => {
    range.behave(behaviour)
    const env = { AUTH_BREACHED_PASSWORDS_URL: range.url }
    expect(await breachedPasswordProblem(BREACHED, { env, log, timeoutMs: 150 })).toBeNull()
    expect(await breachedPasswordProblem(BREACHED, { env, log, timeoutMs: 150 })).toBeNull()
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(`(${kind})`)
    expect(lines[0]).toContain("accepted unchecked (AUTH_BREACHED_PASSWORDS_ON_ERROR=allow)")
  })

  it.each([
    ["a timeout", { kind: "delay", ms: 1500 } as const, "timeout"],
    ["a 5xx", { kind: "status", status: 500 } as const, "http-status"],
  ])("on %s, refuse refuses the password with its own reason and logs the outcome once", async (_, behaviour, kind) => {
    range.behave(behaviour)
    const env = { AUTH_BREACHED_PASSWORDS_URL: range.url, AUTH_BREACHED_PASSWORDS_ON_ERROR: "refuse" }
    expect(await breachedPasswordProblem(CLEAN, { env, log, timeoutMs: 150 })).toBe("breach-check-unavailable")
    expect(await breachedPasswordProblem(CLEAN, { env, log, timeoutMs: 150 })).toBe("breach-check-unavailable")
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(`(${kind})`)
    expect(lines[0]).toContain("refused (AUTH_BREACHED_PASSWORDS_ON_ERROR=refuse)")
  })

  it("logs each failure kind once, and again after the service has answered in between", async () => {
    const env = { AUTH_BREACHED_PASSWORDS_URL: range.url }
    range.behave({ kind: "status", status: 500 })
    await breachedPasswordProblem(CLEAN, { env, log })
    await breachedPasswordProblem(CLEAN, { env, log })
    range.behave({ kind: "delay", ms: 1500 })
    await breachedPasswordProblem(CLEAN, { env, log, timeoutMs: 150 })
    expect(lines.map((l) => /\((\w[\w-]*)\); /.exec(l)?.[1])).toEqual(["http-status", "timeout"])
    range.behave({ kind: "answer" })
    await breachedPasswordProblem(CLEAN, { env, log })
    range.behave({ kind: "status", status: 500 })
    await breachedPasswordProblem(CLEAN, { env, log })
    expect(lines).toHaveLength(3)
  })

  it("never logs the password, its hash or the hash prefix", async () => {
    range.behave({ kind: "status", status: 502 })
    await breachedPasswordProblem(BREACHED, { env: { AUTH_BREACHED_PASSWORDS_URL: range.url }, log })
    const hash = sha1Upper(BREACHED)
    const logged = lines.join("\n")
    expect(lines).toHaveLength(1)
    expect(logged).not.toContain(BREACHED)
    expect(logged.toUpperCase()).not.toContain(hash.slice(0, 5))
    expect(logged).toContain(new URL(range.url).origin)
  })

  it("fails closed when AUTH_BREACHED_PASSWORDS_ON_ERROR holds something the start-up check refuses", async () => {
    range.behave({ kind: "status", status: 500 })
    const env = { AUTH_BREACHED_PASSWORDS_URL: range.url, AUTH_BREACHED_PASSWORDS_ON_ERROR: "maybe" }
    expect(await breachedPasswordProblem(CLEAN, { env, log })).toBe("breach-check-unavailable")
  })
})
