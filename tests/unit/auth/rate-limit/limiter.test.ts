import { describe, expect, it } from "vitest"
import { MemoryRateLimitStore, RateLimiter } from "@/lib/auth/rate-limit"

const limiterWith = (rules: Record<string, { limit: number; windowSeconds: number }>) =>
  new RateLimiter({ store: new MemoryRateLimitStore(), rules })

describe("RateLimiter.consumeAll", () => {
  it("stops at the first refusal: a client over its limit does not spend the budget of the address it names", async () => {
    const limiter = limiterWith({ client: { limit: 4, windowSeconds: 60 }, address: { limit: 3, windowSeconds: 900 } })
    for (let i = 0; i < 4; i++) expect((await limiter.consumeAll([["client", "attacker"], ["address", `other-${i}`]])).allowed).toBe(true)
    for (let i = 0; i < 10; i++) {
      expect(await limiter.consumeAll([["client", "attacker"], ["address", "victim@example.com"]])).toMatchObject({
        allowed: false,
        action: "client",
      })
    }
    // The victim's own client finds its address's whole budget.
    for (let i = 0; i < 3; i++) expect((await limiter.consumeAll([["client", "victim"], ["address", "victim@example.com"]])).allowed).toBe(true)
    expect(await limiter.consumeAll([["client", "victim"], ["address", "victim@example.com"]])).toMatchObject({ allowed: false, action: "address" })
  })

  it("names the refusing rule and its own Retry-After, not another rule's window", async () => {
    const limiter = limiterWith({ slow: { limit: 10, windowSeconds: 900 }, fast: { limit: 1, windowSeconds: 60 } })
    await limiter.consumeAll([["slow", "a"], ["fast", "all"]])
    const refused = await limiter.consumeAll([["slow", "a"], ["fast", "all"]])
    expect(refused).toMatchObject({ allowed: false, action: "fast" })
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60)
  })

  it("when all allow, answers with the tightest remaining budget", async () => {
    const limiter = limiterWith({ a: { limit: 10, windowSeconds: 60 }, b: { limit: 2, windowSeconds: 60 } })
    expect(await limiter.consumeAll([["a", "x"], ["b", "x"]])).toMatchObject({ allowed: true, remaining: 1, action: "b" })
  })
})
