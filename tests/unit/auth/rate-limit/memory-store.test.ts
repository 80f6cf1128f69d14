import { describe, expect, it, vi } from "vitest"
import { MemoryRateLimitStore, processMemoryStore } from "@/lib/auth/rate-limit"
import { rateLimitStoreContract } from "@/tests/helpers/rate-limit-store-contract"

describe("memory rate-limit store", () => {
  rateLimitStoreContract(() => new MemoryRateLimitStore())

  it("filled past its cap by a flood of distinct keys, still lets a new user in (never refuses because it is full)", async () => {
    const store = new MemoryRateLimitStore({ maxKeys: 1_000 })
    for (let i = 0; i < 5_000; i++) await store.hit(`flood-${i}`, 60_000)
    expect(await store.hit("newcomer", 60_000)).toMatchObject({ count: 1 })
    expect((await store.hit("newcomer", 60_000)).count).toBe(2)
  })

  it("holds at most its cap of windows, however many keys arrive", async () => {
    const store = new MemoryRateLimitStore({ maxKeys: 1_000 })
    for (let i = 0; i < 5_000; i++) await store.hit(`flood-${i}`, 60_000)
    expect(store.size).toBe(1_000)
  })

  it("keeps counting the window the flood itself keeps hitting: a flooding client never gets a fresh budget", async () => {
    const store = new MemoryRateLimitStore({ maxKeys: 100 })
    // The limiter counts the client on every attempt, so its window is always the most recently used.
    for (let i = 0; i < 1_000; i++) {
      await store.hit("client:attacker", 60_000)
      await store.hit(`email:${i}`, 60_000)
    }
    expect((await store.hit("client:attacker", 60_000)).count).toBe(1_001)
  })

  it("forgets a window when it ends", async () => {
    let now = 1_000_000
    const store = new MemoryRateLimitStore({ maxKeys: 100, now: () => now })
    for (let i = 0; i < 3; i++) await store.hit("key", 1_000)
    now += 999
    expect((await store.hit("key", 1_000)).count).toBe(4)
    now += 1
    expect(await store.hit("key", 1_000)).toEqual({ count: 1, resetAt: now + 1_000 })
    now += 5_000
    await store.undo("key")
    expect((await store.hit("key", 1_000)).count).toBe(1)
  })

  it("is one store per process, whichever bundle asks (kept on globalThis)", async () => {
    const first = processMemoryStore()
    // A second copy of the module, as a separate server bundle would load it.
    vi.resetModules()
    const copy = await import("@/lib/auth/rate-limit/memory-store")
    expect(copy.MemoryRateLimitStore).not.toBe(MemoryRateLimitStore)
    expect(copy.processMemoryStore()).toBe(first)
  })
})
