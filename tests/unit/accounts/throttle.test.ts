import { describe, expect, it } from "vitest"
import { FailureThrottle } from "@/lib/accounts/throttle"

describe("FailureThrottle", () => {
  it("blocks a key after `limit` failures until its window ends", () => {
    let now = 0
    const throttle = new FailureThrottle({ limit: 3, windowMs: 1000 }, { now: () => now })
    for (let i = 0; i < 3; i++) {
      expect(throttle.isBlocked("k")).toBe(false)
      throttle.recordFailure("k")
    }
    expect(throttle.isBlocked("k")).toBe(true)
    expect(throttle.isBlocked("other")).toBe(false)
    now = 999
    expect(throttle.isBlocked("k")).toBe(true)
    now = 1000
    expect(throttle.isBlocked("k")).toBe(false)
  })

  it("reset clears a key", () => {
    const throttle = new FailureThrottle({ limit: 1, windowMs: 60_000 })
    throttle.recordFailure("k")
    expect(throttle.isBlocked("k")).toBe(true)
    throttle.reset("k")
    expect(throttle.isBlocked("k")).toBe(false)
  })

  it("keeps memory bounded under many distinct keys", () => {
    const throttle = new FailureThrottle({ limit: 1, windowMs: 60_000 }, { maxKeys: 100 })
    for (let i = 0; i < 1000; i++) throttle.recordFailure(`key-${i}`)
    expect(throttle.isBlocked("key-999")).toBe(true)
    expect(throttle.isBlocked("key-0")).toBe(false)
  })
})
