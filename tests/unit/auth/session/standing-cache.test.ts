/**
 * The per-process cache of users' stored standing (roles, address, ban): how long an entry is used,
 * that a burst costs one read, that this process's own change wins over a read in flight, what an
 * outage falls back to, and that a revocation cache brings its own companion.
 */
import { describe, expect, it } from "vitest"
import type { UserAccessRecord } from "@/lib/auth/access/user-access"
import { StandingCache, standingCacheFor } from "@/lib/auth/session/standing-cache"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"

const admin: UserAccessRecord = { roles: ["admin"], email: "a@example.test", emailVerified: new Date(), bannedAt: null, banExpires: null }
const banned: UserAccessRecord = { ...admin, bannedAt: new Date() }

function clock() {
  let now = 1_000_000
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

describe("StandingCache", () => {
  it("reads a user's standing once per delay and again after it", async () => {
    const time = clock()
    const cache = new StandingCache({ now: time.now })
    let reads = 0
    const read = async () => (++reads === 1 ? admin : banned)
    expect(await cache.get("u", 60_000, read)).toBe(admin)
    expect(await cache.get("u", 60_000, read)).toBe(admin)
    expect(reads).toBe(1)
    time.advance(60_000)
    expect(await cache.get("u", 60_000, read)).toBe(banned)
    expect(reads).toBe(2)
  })

  it("a burst of reads for one user costs one read", async () => {
    const cache = new StandingCache()
    let reads = 0
    const read = async () => (reads++, admin)
    await Promise.all([cache.get("u", 60_000, read), cache.get("u", 60_000, read), cache.get("u", 60_000, read)])
    expect(reads).toBe(1)
  })

  it("forget makes the next read go to the database, and a read in flight when it came is not kept", async () => {
    const cache = new StandingCache()
    let release: (record: UserAccessRecord) => void = () => {}
    const stale = cache.get("u", 60_000, () => new Promise((resolve) => (release = resolve)))
    cache.forget("u")
    release(admin)
    expect(await stale).toBe(admin)
    expect(await cache.get("u", 60_000, async () => banned)).toBe(banned)
  })

  it("a failed read keeps the last answer, and rejects when there is none", async () => {
    const time = clock()
    const cache = new StandingCache({ now: time.now })
    const outage = async () => {
      throw new Error("database unavailable")
    }
    await expect(cache.get("u", 60_000, outage)).rejects.toThrow("database unavailable")
    await cache.get("u", 60_000, async () => admin)
    time.advance(60_000)
    expect(await cache.get("u", 60_000, outage)).toBe(admin)
  })

  it("each revocation cache has one companion, shared by whoever holds that cache", () => {
    const processWide = new ValidSinceCache()
    expect(standingCacheFor(processWide)).toBe(standingCacheFor(processWide))
    expect(standingCacheFor(processWide)).not.toBe(standingCacheFor(new ValidSinceCache()))
  })
})
