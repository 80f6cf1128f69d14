/**
 * The starter's choice of revocation channel and store from the environment:
 * unset means none (the delay alone), a typo is an error that names the
 * variable, "postgres" needs a PostgreSQL DATABASE_URL, and every server
 * bundle of a process gets the same channel. Nothing here connects: the
 * transports themselves run in tests/integration/auth/session.
 */
import { describe, expect, it } from "vitest"
import { RedisRevocationChannel, RedisRevocationStore } from "@/lib/auth/revocation-transports"
import { revocationChannelFromEnv, revocationChannelKind, revocationStoreFromEnv } from "@/server/revocation-channel"

describe("revocationChannelFromEnv", () => {
  it("unset or none: no channel; a value it does not know is refused with the variable's name", () => {
    expect(revocationChannelFromEnv({})).toBeUndefined()
    expect(revocationChannelFromEnv({ AUTH_REVOCATION_CHANNEL: " None " })).toBeUndefined()
    expect(() => revocationChannelKind({ AUTH_REVOCATION_CHANNEL: "kafka" })).toThrow(/AUTH_REVOCATION_CHANNEL must be none, redis or postgres/)
  })

  it("postgres needs DATABASE_URL to be PostgreSQL", () => {
    expect(() => revocationChannelFromEnv({ AUTH_REVOCATION_CHANNEL: "postgres", DATABASE_URL: "file:./prisma/dev.db" })).toThrow(/postgresql:\/\//)
  })

  it("one channel per process, whichever bundle asks first", () => {
    const env = { AUTH_REVOCATION_CHANNEL: "redis", REDIS_URL: "redis://127.0.0.1:6379" }
    const first = revocationChannelFromEnv(env)
    expect(first).toBeInstanceOf(RedisRevocationChannel)
    expect(revocationChannelFromEnv(env)).toBe(first)
  })
})

describe("revocationStoreFromEnv", () => {
  it("unset: none; redis: one store per process; anything else is refused", () => {
    expect(revocationStoreFromEnv({})).toBeUndefined()
    const store = revocationStoreFromEnv({ AUTH_REVOCATION_STORE: "redis" })
    expect(store).toBeInstanceOf(RedisRevocationStore)
    expect(revocationStoreFromEnv({ AUTH_REVOCATION_STORE: "redis" })).toBe(store)
    expect(() => revocationStoreFromEnv({ AUTH_REVOCATION_STORE: "memcached" })).toThrow(/AUTH_REVOCATION_STORE must be none or redis/)
  })
})
