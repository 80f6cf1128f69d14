/**
 * An instance's side of the revocation channel, with the real caches and a
 * channel held in memory (the Redis and PostgreSQL transports run for real in
 * tests/integration/auth/session/revocation-channel): a message makes this
 * process forget only that user; one subscription per cache however often a
 * configuration is resolved; an outage is one log line, its end another, and
 * the end forgets everything, because what was sent meanwhile was not heard.
 * And the revocation rule publishes every change it makes, without waiting
 * on or failing with the channel.
 */
import { describe, expect, it } from "vitest"
import type { SessionsValidSince } from "@/lib/auth/adapters/types"
import { ConnectionReport, type RevocationChannel, type RevocationChannelConnection } from "@/lib/auth/session/revocation-channel"
import { listenForRevocations } from "@/lib/auth/session/revocation-listener"
import { sessionRevocation } from "@/lib/auth/session/revocation"
import { StandingCache } from "@/lib/auth/session/standing-cache"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"

/** The interface's contract in memory: every subscriber hears every publish; the test drives the connection. */
class MemoryChannel implements RevocationChannel {
  readonly published: string[] = []
  readonly users = new Set<(userId: string) => void>()
  readonly connection = new Set<(change: RevocationChannelConnection) => void>()
  readonly report = new ConnectionReport(this.connection)
  failing = false
  async publish(userId: string): Promise<void> {
    if (this.failing) throw new Error("unreachable")
    this.published.push(userId)
    for (const listener of this.users) listener(userId)
  }
  subscribe(onUserChanged: (userId: string) => void, onConnection?: (change: RevocationChannelConnection) => void) {
    this.users.add(onUserChanged)
    if (onConnection) this.connection.add(onConnection)
    this.report.connected()
    return () => this.users.delete(onUserChanged)
  }
  ready() {
    return this.report.firstUp
  }
  async close() {}
}

const STANDING = { roles: ["user"], email: "ada@example.com", ban: null } as never
const read = (since: number) => async (): Promise<SessionsValidSince> => new Date(since)

async function cached() {
  const validSince = new ValidSinceCache()
  const standing = new StandingCache()
  for (const user of ["ada", "bob"]) {
    await validSince.get(user, 60_000, read(1_000))
    await standing.get(user, 60_000, async () => STANDING)
  }
  return { validSince, standing }
}

describe("listenForRevocations", () => {
  it("a user named on the channel is forgotten by both caches; other users stay cached", async () => {
    const caches = await cached()
    const channel = new MemoryChannel()
    listenForRevocations(channel, caches, { warn: () => undefined })
    await channel.publish("ada")
    expect(caches.validSince.peek("ada", 60_000)).toBeUndefined()
    expect(caches.validSince.peek("bob", 60_000)).toBe(1_000)
    let reads = 0
    await caches.standing.get("ada", 60_000, async () => (reads++, STANDING))
    await caches.standing.get("bob", 60_000, async () => (reads++, STANDING))
    expect(reads).toBe(1)
  })

  it("subscribes once per cache and channel, however often a configuration is resolved", async () => {
    const caches = await cached()
    const channel = new MemoryChannel()
    for (let i = 0; i < 3; i++) listenForRevocations(channel, caches, { warn: () => undefined })
    expect(channel.users.size).toBe(1)
    listenForRevocations(channel, { validSince: new ValidSinceCache(), standing: new StandingCache() }, { warn: () => undefined })
    expect(channel.users.size).toBe(2)
  })

  it("an outage is one warning however many retries fail; its end is one more, and every entry is read again after it", async () => {
    const caches = await cached()
    const channel = new MemoryChannel()
    const warnings: string[] = []
    listenForRevocations(channel, caches, { warn: (code) => warnings.push(code) })
    expect(warnings).toEqual([])
    for (let i = 0; i < 5; i++) channel.report.disconnected()
    expect(warnings).toEqual(["revocation-channel-lost"])
    // Lost, the caches keep their entries for the delay: neither signed out nor trusted longer.
    expect(caches.validSince.peek("ada", 60_000)).toBe(1_000)
    channel.report.connected()
    channel.report.connected()
    expect(warnings).toEqual(["revocation-channel-lost", "revocation-channel-restored"])
    expect(caches.validSince.size).toBe(0)
    expect(caches.standing.size).toBe(0)
  })

  it("ready() resolves on the first connection even after failed attempts", async () => {
    const report = new ConnectionReport(new Set())
    report.disconnected()
    report.connected()
    await expect(report.firstUp).resolves.toBeUndefined()
  })
})

describe("sessionRevocation with a channel", () => {
  function adapter(users: Map<string, Date | null>) {
    return {
      getSessionsValidSince: async (userId: string): Promise<SessionsValidSince> => (users.has(userId) ? (users.get(userId) ?? null) : "no-such-user"),
      setSessionsValidSince: async (userId: string, since: Date) => (users.set(userId, since), true),
    }
  }

  it("a revocation and a memberships change are published; an unreachable channel fails neither", async () => {
    const channel = new MemoryChannel()
    const revocation = sessionRevocation(adapter(new Map([["ada", null]])), new ValidSinceCache(), 60, { channel })
    await revocation.revoke("ada", new Date(5_000))
    revocation.membershipsChanged("ada")
    expect(channel.published).toEqual(["ada", "ada"])
    channel.failing = true
    await expect(revocation.revoke("ada", new Date(6_000))).resolves.toEqual(new Date(6_000))
    expect(() => revocation.membershipsChanged("ada")).not.toThrow()
    // The change itself is kept: this process refuses what it revoked, channel or not.
    expect(await revocation.accepts({ sub: "ada", validFrom: 5_500 })).toBe(false)
  })
})
