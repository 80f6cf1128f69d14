/**
 * An instance's watch on the revocation store, with a clock of the test's own
 * and the store in memory (Redis's runs for real in
 * tests/integration/auth/session/revocation-channel): the store is asked at
 * most once a second per user; a new change id reads as a change, the same
 * one does not; an expired id reads as a change (one extra database read);
 * an unreachable store is never a change, is asked again only a second
 * later, and is reported once lost and once back.
 */
import { describe, expect, it } from "vitest"
import { ChangeWatch, type RevocationStore } from "@/lib/auth/session/revocation-store"

class MemoryStore implements RevocationStore {
  readonly ids = new Map<string, string>()
  asked = 0
  down = false
  async markChanged(userId: string) {
    this.ids.set(userId, Math.random().toString(36))
  }
  async changeOf(userId: string) {
    this.asked++
    if (this.down) throw new Error("unreachable")
    return this.ids.get(userId) ?? null
  }
}

describe("ChangeWatch", () => {
  it("asks once a second per user, and says changed only when the id moved", async () => {
    let now = 0
    const store = new MemoryStore()
    const watch = new ChangeWatch(store, { now: () => now })
    // Nothing known yet: whatever this instance holds, it did not see it checked.
    expect(await watch.changed("ada")).toBe(true)
    await store.markChanged("ada")
    expect(await watch.changed("ada")).toBe(false)
    expect(store.asked).toBe(1)
    now = 1000
    expect(await watch.changed("ada")).toBe(true)
    now = 2000
    expect(await watch.changed("ada")).toBe(false)
    store.ids.delete("ada")
    now = 3000
    expect(await watch.changed("ada")).toBe(true)
  })

  it("an unreachable store is no change, is asked again only after a second, and is reported once lost and once back", async () => {
    let now = 0
    const store = new MemoryStore()
    const reports: string[] = []
    const watch = new ChangeWatch(store, { now: () => now, onConnection: (change) => reports.push(change) })
    expect(await watch.changed("ada")).toBe(true)
    store.down = true
    now = 1000
    expect(await watch.changed("ada")).toBe(false)
    const asked = store.asked
    expect(await watch.changed("bob")).toBe(false)
    expect(store.asked).toBe(asked)
    for (now = 2000; now < 6000; now += 1000) expect(await watch.changed("ada")).toBe(false)
    expect(reports).toEqual(["lost"])
    store.down = false
    await store.markChanged("ada")
    now = 7000
    expect(await watch.changed("ada")).toBe(true)
    expect(reports).toEqual(["lost", "restored"])
  })
})
