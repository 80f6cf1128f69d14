/**
 * Retention: the cutoff is whole days before now; a prune deletes before the
 * cutoff; a write starts at most one prune an hour per process, and a failed
 * prune is counted, never thrown.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { resolveAuthConfig, type AuthConfig } from "@/lib/auth"
import { securityLogFailures } from "@/lib/auth/security-log/failures"
import { pruneSecurityLog, PRUNE_EVERY_MS, retentionCutoff } from "@/lib/auth/security-log/prune"
import { recordSecurityEvent } from "@/lib/auth/security-log/record"
import { createConfigResolver } from "@/lib/auth/config/resolve"
import { securityLogRetentionDaysFromEnv } from "@/lib/auth/env"

const SECRET = "security-log-unit-secret-0123456789abcdef"

function config(deleteSecurityEventsBefore: (before: Date) => Promise<number>, retentionDays?: number) {
  const input: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    logger: { warn: () => {}, error: () => {}, debug: () => {} },
    ...(retentionDays === undefined ? {} : { securityLog: { retentionDays } }),
    adapter: { createSecurityEvent: async () => {}, listSecurityEvents: async () => [], deleteSecurityEventsBefore },
    providers: [],
  }
  return resolveAuthConfig(input)
}

afterEach(() => vi.useRealTimers())

describe("retention", () => {
  it("the cutoff is retentionDays whole days before now", () => {
    const now = new Date("2026-03-31T12:00:00Z")
    expect(retentionCutoff(now, 90).toISOString()).toBe("2025-12-31T12:00:00.000Z")
    expect(retentionCutoff(now, 1).toISOString()).toBe("2026-03-30T12:00:00.000Z")
  })

  it("defaults to 90 days; the option wins", async () => {
    const cutoffs: Date[] = []
    const now = new Date("2026-03-31T12:00:00Z")
    await pruneSecurityLog(config(async (before) => (cutoffs.push(before), 3)), now)
    expect(await pruneSecurityLog(config(async (before) => (cutoffs.push(before), 3), 7), now)).toBe(3)
    expect(cutoffs.map((d) => d.toISOString())).toEqual(["2025-12-31T12:00:00.000Z", "2026-03-24T12:00:00.000Z"])
  })

  it("AUTH_SECURITY_LOG_RETENTION_DAYS sets it; anything but a whole number of days is a configuration error", () => {
    const input = (): AuthConfig => ({
      secret: SECRET,
      trustHost: true,
      logger: { warn: () => {}, error: () => {}, debug: () => {} },
      providers: [],
    })
    expect(createConfigResolver({ env: { AUTH_SECURITY_LOG_RETENTION_DAYS: "30" } })(input()).securityLog.retentionDays).toBe(30)
    expect(createConfigResolver({ env: {} })(input()).securityLog.retentionDays).toBe(90)
    for (const bad of ["0", "-5", "1.5", "ninety", "90d", "9999999"]) {
      expect(securityLogRetentionDaysFromEnv({ AUTH_SECURITY_LOG_RETENTION_DAYS: bad })).toBeNaN()
      const resolved = createConfigResolver({ env: { AUTH_SECURITY_LOG_RETENTION_DAYS: bad } })(input())
      expect(resolved.error?.message).toContain("AUTH_SECURITY_LOG_RETENTION_DAYS")
    }
    const fromOption = createConfigResolver({ env: {} })({ ...input(), securityLog: { retentionDays: 0 } })
    expect(fromOption.error?.message).toContain("securityLog.retentionDays")
  })

  it("a failed prune is counted and resolves to 0", async () => {
    const before = securityLogFailures()
    await expect(pruneSecurityLog(config(async () => Promise.reject(new Error("locked"))))).resolves.toBe(0)
    expect(securityLogFailures() - before).toBe(1)
  })

  it("writes start at most one prune per hour per process", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(new Date("2030-01-01T00:00:00Z"))
    const prunes: Date[] = []
    const resolved = config(async (before) => (prunes.push(before), 0))
    const write = () => recordSecurityEvent(resolved, null, { userId: "u", type: "sign-in" })
    await write()
    await write()
    expect(prunes).toHaveLength(1)
    vi.setSystemTime(new Date(Date.now() + PRUNE_EVERY_MS - 1000))
    await write()
    expect(prunes).toHaveLength(1)
    vi.setSystemTime(new Date(Date.now() + 2000))
    await write()
    expect(prunes).toHaveLength(2)
  })
})
