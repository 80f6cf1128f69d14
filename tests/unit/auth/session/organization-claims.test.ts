/**
 * The jwt session's organization snapshot: trusted only at the user's current
 * memberships version, read again (and the claims replaced) otherwise, never read at all for a
 * token without an active organization; and the cache keeps the version beside the instant.
 */
import { describe, expect, it } from "vitest"
import type { ResolvedConfig } from "@/lib/auth/config/resolved"
import type { MembershipAtVersion, MembershipRecord } from "@/lib/auth/organizations/types"
import { ACTIVE_ORGANIZATION_CLAIM, currentActiveMembership, snapshotOf, withActiveMembership } from "@/lib/auth/session/organization-claims"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"

const membership: MembershipRecord = {
  organization: { id: "org-1", name: "Acme", slug: "acme", createdAt: new Date(1_000) },
  member: { id: "member-1", organizationId: "org-1", userId: "user-1", roles: ["admin"], createdAt: new Date(2_000) },
}

function configWith(version: number | undefined, answer: MembershipAtVersion) {
  const reads: string[] = []
  const noted: number[] = []
  const config = {
    organizations: { adapter: { getActiveMembership: async (userId: string, organizationId?: string) => (reads.push(`${userId}/${organizationId}`), answer) } },
    revocation: { membershipsVersion: () => version, noteMembershipsVersion: (_: string, v: number) => void noted.push(v) },
  } as unknown as Pick<ResolvedConfig, "organizations" | "revocation">
  return { config, reads, noted }
}

describe("the organization snapshot in a jwt", () => {
  const token = withActiveMembership({ sub: "user-1" }, membership, 4)

  it("round-trips the membership and its version", () => {
    expect(snapshotOf(token)).toEqual({ version: 4, membership })
    expect(snapshotOf({ ...token, activeMembership: { v: "4" } })).toBeUndefined()
    expect(withActiveMembership(token, null, 5)).toEqual({ sub: "user-1" })
  })

  it("is trusted at the current version without a read", async () => {
    const { config, reads } = configWith(4, { membership: null, membershipsVersion: 9 })
    const answer = await currentActiveMembership(config, token, true)
    expect(answer.membership).toEqual(membership)
    expect(answer.token).toBe(token)
    expect(reads).toEqual([])
  })

  it("at another version (or none known) is read again: refreshed, or dropped when the membership ended", async () => {
    const changed = { ...membership, member: { ...membership.member, roles: ["member"] } }
    const refreshed = configWith(5, { membership: changed, membershipsVersion: 5 })
    const answer = await currentActiveMembership(refreshed.config, token, true)
    expect(answer.membership?.member.roles).toEqual(["member"])
    expect(snapshotOf(answer.token)?.version).toBe(5)
    expect(refreshed.reads).toEqual(["user-1/org-1"])
    expect(refreshed.noted).toEqual([5])

    const ended = configWith(undefined, { membership: null, membershipsVersion: 6 })
    const dropped = await currentActiveMembership(ended.config, token, true)
    expect(dropped.membership).toBeNull()
    expect(dropped.token[ACTIVE_ORGANIZATION_CLAIM]).toBeUndefined()
    expect(dropped.token.activeMembership).toBeUndefined()
  })

  it("grants nothing and reads nothing while the revocation verdict is not confirmed", async () => {
    const { config, reads } = configWith(7, { membership, membershipsVersion: 7 })
    expect(await currentActiveMembership(config, token, false)).toEqual({ token, membership: undefined })
    expect(reads).toEqual([])
  })
})

describe("ValidSinceCache and the memberships version", () => {
  it("keeps the version read with the instant, forgets both on a change here", async () => {
    let now = 0
    const cache = new ValidSinceCache({ now: () => now })
    await cache.get("u", 60_000, async () => ({ validSince: new Date(5), membershipsVersion: 3 }))
    expect(cache.memberships("u", 60_000)).toBe(3)
    cache.noteMemberships("u", 4)
    expect(cache.memberships("u", 60_000)).toBe(4)
    now = 60_000
    expect(cache.memberships("u", 60_000)).toBeUndefined()
    await cache.get("u", 60_000, async () => ({ validSince: null, membershipsVersion: 8 }))
    cache.forget("u")
    expect(cache.memberships("u", 60_000)).toBeUndefined()
    expect(cache.peek("u", 60_000)).toBeUndefined()
    // An adapter with the instant only: no version is known.
    await cache.get("u", 60_000, async () => new Date(9))
    expect(cache.memberships("u", 60_000)).toBeUndefined()
    expect(cache.peek("u", 60_000)).toBe(9)
  })

  it("never moves a user's memberships version backwards: a read that finished late cannot make an ended membership's snapshot current", async () => {
    const cache = new ValidSinceCache()
    await cache.get("u", 60_000, async () => ({ validSince: null, membershipsVersion: 7 }))
    cache.noteMemberships("u", 6)
    expect(cache.memberships("u", 60_000)).toBe(7)
    cache.noteMemberships("u", 8)
    expect(cache.memberships("u", 60_000)).toBe(8)
  })

  it("knows whether the user belongs to any organization only at the version it was read with, and only while fresh", async () => {
    let now = 0
    const cache = new ValidSinceCache({ now: () => now })
    await cache.get("u", 60_000, async () => ({ validSince: null, membershipsVersion: 3, memberOfAny: false }))
    expect(cache.memberOfAny("u", 60_000)).toBe(false)
    // A newer version seen since may be a membership that answer never knew of.
    cache.noteMemberships("u", 4)
    expect(cache.memberOfAny("u", 60_000)).toBeUndefined()
    await cache.get("other", 60_000, async () => ({ validSince: null, membershipsVersion: 1, memberOfAny: true }))
    expect(cache.memberOfAny("other", 60_000)).toBe(true)
    now = 60_000
    expect(cache.memberOfAny("other", 60_000)).toBeUndefined()
    // This process's own change, a set() and an adapter that does not read it: not known.
    await cache.get("u", 60_000, async () => ({ validSince: null, membershipsVersion: 5, memberOfAny: false }))
    cache.forget("u")
    expect(cache.memberOfAny("u", 60_000)).toBeUndefined()
    cache.set("u", new Date(1))
    expect(cache.memberOfAny("u", 60_000)).toBeUndefined()
    await cache.get("v", 60_000, async () => ({ validSince: null, membershipsVersion: 2 }))
    expect(cache.memberOfAny("v", 60_000)).toBeUndefined()
  })

  it("an outage's fallback knows nothing of organizations", async () => {
    let now = 0
    const cache = new ValidSinceCache({ now: () => now })
    await cache.get("u", 60_000, async () => ({ validSince: null, membershipsVersion: 3, memberOfAny: false }))
    now = 60_000
    const outage = new Error("database unavailable")
    await cache.get("u", 60_000, async () => Promise.reject(outage), (error) => error === outage)
    expect(cache.memberOfAny("u", 60_000)).toBeUndefined()
  })
})
