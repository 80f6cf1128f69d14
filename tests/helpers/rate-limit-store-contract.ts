// The behaviour every rate-limit store must have, run against each real backend
// (memory, SQLite, PostgreSQL, Redis) by its own test file.
import { randomBytes } from "node:crypto"
import { expect, it } from "vitest"
import type { RateLimitStore } from "@/lib/auth/rate-limit"

const freshKey = () => `contract:${randomBytes(8).toString("hex")}`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function rateLimitStoreContract(getStore: () => RateLimitStore) {
  it("opens a window on the first hit and counts later hits into it", async () => {
    const store = getStore()
    const key = freshKey()
    const before = Date.now()
    const first = await store.hit(key, 60_000)
    expect(first.count).toBe(1)
    expect(first.resetAt).toBeGreaterThanOrEqual(before + 59_000)
    expect(first.resetAt).toBeLessThanOrEqual(Date.now() + 60_000 + 50)
    const second = await store.hit(key, 60_000)
    expect(second).toEqual({ count: 2, resetAt: expect.closeTo(first.resetAt, -2) })
  })

  it("gives 50 concurrent hits on one key 50 distinct counts (no lost update)", async () => {
    const store = getStore()
    const key = freshKey()
    const counts = (await Promise.all(Array.from({ length: 50 }, () => store.hit(key, 60_000)))).map((w) => w.count)
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
  })

  it("keeps keys apart", async () => {
    const store = getStore()
    const [a, b] = [freshKey(), freshKey()]
    await store.hit(a, 60_000)
    await store.hit(a, 60_000)
    expect((await store.hit(b, 60_000)).count).toBe(1)
  })

  it("starts a new window once the old one has ended", async () => {
    const store = getStore()
    const key = freshKey()
    await store.hit(key, 300)
    await store.hit(key, 300)
    await sleep(450)
    expect((await store.hit(key, 300)).count).toBe(1)
  })

  it("undo takes back one hit and never goes below zero", async () => {
    const store = getStore()
    const key = freshKey()
    await store.hit(key, 60_000)
    await store.hit(key, 60_000)
    await store.undo(key)
    expect((await store.hit(key, 60_000)).count).toBe(2)
    const other = freshKey()
    await store.undo(other)
    expect((await store.hit(other, 60_000)).count).toBe(1)
    await store.undo(other)
    await store.undo(other)
    expect((await store.hit(other, 60_000)).count).toBe(1)
  })

  it("reset forgets the window", async () => {
    const store = getStore()
    const key = freshKey()
    for (let i = 0; i < 5; i++) await store.hit(key, 60_000)
    await store.reset(key)
    expect((await store.hit(key, 60_000)).count).toBe(1)
  })
}
