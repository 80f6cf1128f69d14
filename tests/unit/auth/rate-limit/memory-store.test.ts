import { describe, expect, it, vi } from "vitest"
import { MemoryRateLimitStore, processMemoryStore } from "@/lib/auth/rate-limit"
import { rateLimitStoreContract } from "@/tests/helpers/rate-limit-store-contract"

describe("memory rate-limit store", () => {
  rateLimitStoreContract(() => new MemoryRateLimitStore())

  it("never evicts a live window to make room: 10,000 other keys leave a victim's lock in place", async () => {
    const store = new MemoryRateLimitStore({ maxKeys: 10_000 })
    for (let i = 0; i < 6; i++) await store.hit("victim", 60_000)
    for (let i = 0; i < 20_000; i++) await store.hit(`flood-${i}`, 60_000)
    expect((await store.hit("victim", 60_000)).count).toBe(7)
    // A new key beyond the cap is refused, not admitted by forgetting someone else's window.
    expect((await store.hit("newcomer", 60_000)).count).toBeGreaterThan(1_000_000)
  })

  it("makes room from expired windows only", async () => {
    let now = 0
    const store = new MemoryRateLimitStore({ maxKeys: 100, now: () => now })
    for (let i = 0; i < 100; i++) await store.hit(`old-${i}`, 1_000)
    now = 2_000
    expect((await store.hit("fresh", 1_000)).count).toBe(1)
    expect(store.size).toBe(1)
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
