import { randomBytes } from "node:crypto"
import { Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { RedisRateLimitStore } from "@/lib/auth/rate-limit"
import { rateLimitStoreContract } from "@/tests/helpers/rate-limit-store-contract"

describe("Redis rate-limit store (real Redis on 127.0.0.1:6379)", () => {
  let redis: Redis
  const prefix = `authrl-test-${randomBytes(4).toString("hex")}:`
  const store = () => new RedisRateLimitStore(redis, { prefix })
  beforeAll(() => {
    redis = new Redis({ host: "127.0.0.1", port: 6379, lazyConnect: false, maxRetriesPerRequest: 1 })
  })
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length > 0) await redis.del(...keys)
    await redis.quit()
  })
  rateLimitStoreContract(store)

  it("lets Redis expire the window (no key outlives it)", async () => {
    await store().hit("expiring", 60_000)
    const ttl = await redis.pttl(`${prefix}expiring`)
    expect(ttl).toBeGreaterThan(50_000)
    expect(ttl).toBeLessThanOrEqual(60_000)
  })
})
