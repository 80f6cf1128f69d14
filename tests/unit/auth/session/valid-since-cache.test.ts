/**
 * The per-process cache of users' "sessions valid since" instants: how long
 * an entry is used, that it stays bounded, that one read serves a burst, that
 * this process's own revocation wins over a read in flight, and what an
 * outage falls back to. Reads are plain functions standing in for the
 * database column (the Prisma path: tests/integration/auth/jwt-revocation).
 */
import { describe, expect, it } from "vitest"
import { DatabaseUnavailable } from "@/lib/auth/errors"
import { resolveAuthConfig } from "@/lib/auth"
import { NO_USER_LEFT, ValidSinceCache } from "@/lib/auth/session/valid-since-cache"

const T = new Date("2026-11-26T10:00:00.000Z")

describe("ValidSinceCache", () => {
  it("uses what it read until it is maxAge old, then reads again; maxAge 0 reads every time", async () => {
    let now = 0
    let reads = 0
    const cache = new ValidSinceCache({ now: () => now })
    const read = async () => (reads++, T)
    expect(await cache.get("u", 60_000, read)).toBe(T.getTime())
    now = 59_999
    await cache.get("u", 60_000, read)
    expect(reads).toBe(1)
    now = 60_000
    await cache.get("u", 60_000, read)
    expect(reads).toBe(2)
    await cache.get("u", 0, read)
    await cache.get("u", 0, read)
    expect(reads).toBe(4)
  })

  it("keeps at most maxEntries users, forgetting the oldest read", async () => {
    const cache = new ValidSinceCache({ maxEntries: 2 })
    let reads = 0
    const read = async () => (reads++, null)
    for (const user of ["a", "b", "c"]) await cache.get(user, 60_000, read)
    expect(cache.size).toBe(2)
    await cache.get("c", 60_000, read)
    expect(reads).toBe(3)
    await cache.get("a", 60_000, read)
    expect(reads).toBe(4)
  })

  it("a burst of lookups for one user costs one read", async () => {
    const cache = new ValidSinceCache()
    let reads = 0
    const read = () => new Promise<Date>((resolve) => setTimeout(() => resolve((reads++, T)), 10))
    const all = await Promise.all(Array.from({ length: 20 }, () => cache.get("u", 60_000, read)))
    expect(new Set(all)).toEqual(new Set([T.getTime()]))
    expect(reads).toBe(1)
  })

  it("an instant set by this process wins over a read that was already in flight", async () => {
    const cache = new ValidSinceCache()
    let finish: (value: Date | null) => void = () => {}
    const stale = cache.get("u", 60_000, () => new Promise<Date | null>((resolve) => (finish = resolve)))
    cache.set("u", T)
    finish(null)
    await stale
    expect(await cache.get("u", 60_000, async () => null)).toBe(T.getTime())
  })

  it("a user the adapter does not have is kept as +Infinity (no token is valid), from a read or set by this process", async () => {
    const cache = new ValidSinceCache()
    expect(await cache.get("gone", 60_000, async () => "no-such-user")).toBe(NO_USER_LEFT)
    expect(NO_USER_LEFT).toBe(Number.POSITIVE_INFINITY)
    await cache.get("deleted-here", 60_000, async () => T)
    cache.set("deleted-here", "no-such-user")
    let reads = 0
    expect(await cache.get("deleted-here", 60_000, async () => (reads++, T))).toBe(NO_USER_LEFT)
    expect(reads).toBe(0)
  })

  it("an outage uses the last instant read (none: null) and keeps it for maxAge; other errors reject", async () => {
    let now = 0
    const cache = new ValidSinceCache({ now: () => now })
    const outage = async (): Promise<Date | null> => {
      throw new DatabaseUnavailable("down")
    }
    const tolerate = (error: unknown) => error instanceof DatabaseUnavailable
    expect(await cache.get("new", 1000, outage, tolerate)).toBeNull()
    await cache.get("known", 1000, async () => T)
    now = 5000
    expect(await cache.get("known", 1000, outage, tolerate)).toBe(T.getTime())
    let reads = 0
    await cache.get("known", 1000, async () => (reads++, null))
    expect(reads).toBe(0)
    await expect(cache.get("other", 1000, async () => Promise.reject(new Error("no such column")), tolerate)).rejects.toThrow(
      "no such column",
    )
  })
})

describe("the revocation delay setting", () => {
  const base = { secret: "revocation-delay-secret-0123456789abcdef", trustHost: true, providers: [] }

  it("defaults to 60 s, AUTH_REVOCATION_DELAY sets it, and an unusable value is a configuration error naming the variable", async () => {
    const { createConfigResolver } = await import("@/lib/auth/config/resolve")
    expect(resolveAuthConfig({ ...base }).session.revocationDelay).toBe(60)
    expect(createConfigResolver({ env: { AUTH_REVOCATION_DELAY: "0" } })({ ...base }).session.revocationDelay).toBe(0)
    expect(createConfigResolver({ env: { AUTH_REVOCATION_DELAY: "15" } })({ ...base }).session.revocationDelay).toBe(15)
    for (const value of ["-1", "1.5", "soon", "60s"]) {
      const error = createConfigResolver({ env: { AUTH_REVOCATION_DELAY: value } })({ ...base }).error
      expect(error?.message).toContain("AUTH_REVOCATION_DELAY")
      expect(error?.message).toContain("e.g. AUTH_REVOCATION_DELAY=60")
    }
    // Set in code, it wins over the environment.
    const inCode = createConfigResolver({ env: { AUTH_REVOCATION_DELAY: "15" } })({ ...base, session: { revocationDelay: 5 } })
    expect(inCode.session.revocationDelay).toBe(5)
  })
})
