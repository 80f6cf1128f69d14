/**
 * Invitations on real SQLite and PostgreSQL, both session strategies: a link works
 * once, for the invited address only and only once that address is verified; it expires;
 * inviting again voids the earlier link; cancelling kills it; 20 concurrent accepts make one
 * membership; the member limit holds; only the link's hash is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Auth, organizationOperations, type AuthConfig, type OrganizationEvent } from "@/lib/auth"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { DATABASE_AND_STRATEGY_CASES } from "../support"
import { account, apply, organizationConfig, refusal, requestOf, signedIn } from "./support"

describe.each(DATABASE_AND_STRATEGY_CASES)("organizations: invitations (%s, %s sessions)", (provider, strategy) => {
  let db: TestDatabase
  let config: AuthConfig
  const events: OrganizationEvent[] = []
  let slugs = 0

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    config = organizationConfig(db, strategy, events)
  })
  afterAll(() => db.cleanup())

  const orgs = () => organizationOperations(config)

  async function organization() {
    const owner = await account(db)
    const { organization } = await orgs().create({ userId: owner.id }, { name: "Invites", slug: `inv-${strategy}-${++slugs}` })
    return { owner, org: organization }
  }

  const memberCount = (organizationId: string) => db.prisma.member.count({ where: { organizationId } })

  it("accepting joins once with the invited roles; the link is single-use and only its hash is stored", async () => {
    const { owner, org } = await organization()
    const invitee = await account(db)
    const browser = await signedIn(config, invitee.email)
    const { token, invitation } = await orgs().invite({ userId: owner.id }, org.id, { email: invitee.email.toUpperCase(), roles: ["admin"] })
    expect(invitation.email).toBe(invitee.email)
    const stored = await db.prisma.invitation.findUniqueOrThrow({ where: { id: invitation.id } })
    expect(JSON.stringify(stored)).not.toContain(token)
    expect((await orgs().invitation(token))?.id).toBe(invitation.id)
    expect((await orgs().invitations({ userId: owner.id }, org.id)).map((i) => i.id)).toEqual([invitation.id])

    const { member, cookies } = await orgs().acceptInvitation({ userId: invitee.id, request: requestOf(browser) }, token)
    apply(browser, cookies)
    expect(member.roles).toEqual(["admin"])
    expect((await orgs().active(requestOf(browser)))?.organization.id).toBe(org.id)
    expect(await refusal(() => orgs().acceptInvitation({ userId: invitee.id }, token))).toBe("invitation_invalid")
    expect(await orgs().invitation(token)).toBeNull()
    expect(await orgs().invitations({ userId: owner.id }, org.id)).toEqual([])
    const log = await orgs().activity({ userId: owner.id }, org.id)
    expect(log.map((e) => e.type)).toEqual(["member-joined", "member-invited", "organization-created"])
    expect(await refusal(() => orgs().invite({ userId: owner.id }, org.id, { email: invitee.email }))).toBe("already_member")
  })

  it("the wrong address and an unverified address are refused, and the link still works for the right person", async () => {
    const { owner, org } = await organization()
    const invitee = await account(db, false)
    const stranger = await account(db)
    const { token } = await orgs().invite({ userId: owner.id }, org.id, { email: invitee.email })
    expect(await refusal(() => orgs().acceptInvitation({ userId: stranger.id }, token))).toBe("invitation_wrong_address")
    expect(await refusal(() => orgs().acceptInvitation({ userId: invitee.id }, token))).toBe("invitation_unverified_address")
    expect(await refusal(() => orgs().acceptInvitation({ userId: owner.id }, token))).toBe("invitation_wrong_address")
    expect(await memberCount(org.id)).toBe(1)
    await db.prisma.user.update({ where: { id: invitee.id }, data: { emailVerified: new Date() } })
    await orgs().acceptInvitation({ userId: invitee.id }, token)
    expect(await memberCount(org.id)).toBe(2)
  })

  it("an expired link, a cancelled link, a replaced link and a made-up link are refused", async () => {
    const { owner, org } = await organization()
    const invitee = await account(db)
    const first = await orgs().invite({ userId: owner.id }, org.id, { email: invitee.email })
    const second = await orgs().invite({ userId: owner.id }, org.id, { email: invitee.email })
    expect(await refusal(() => orgs().acceptInvitation({ userId: invitee.id }, first.token))).toBe("invitation_invalid")
    expect((await db.prisma.invitation.findUniqueOrThrow({ where: { id: first.invitation.id } })).status).toBe("replaced")

    await orgs().cancelInvitation({ userId: owner.id }, org.id, second.invitation.id)
    expect(await refusal(() => orgs().acceptInvitation({ userId: invitee.id }, second.token))).toBe("invitation_invalid")
    expect(await refusal(() => orgs().cancelInvitation({ userId: owner.id }, org.id, second.invitation.id))).toBe("invitation_invalid")
    expect(events.some((e) => e.type === "invitation-cancelled" && e.subject === second.invitation.id)).toBe(true)

    const third = await orgs().invite({ userId: owner.id }, org.id, { email: invitee.email })
    await db.prisma.invitation.update({ where: { id: third.invitation.id }, data: { expires: new Date(Date.now() - 1000) } })
    expect(await refusal(() => orgs().acceptInvitation({ userId: invitee.id }, third.token))).toBe("invitation_invalid")
    for (const bad of ["", "x", third.token.slice(0, -1), "\u0000", 42, null, "a".repeat(5000)]) {
      expect(await refusal(() => orgs().acceptInvitation({ userId: invitee.id }, bad))).toBe("invitation_invalid")
    }
    expect(await memberCount(org.id)).toBe(1)
  })

  it("invitations last 7 days by default and as long as the setting says", async () => {
    const { owner, org } = await organization()
    const { invitation } = await orgs().invite({ userId: owner.id }, org.id, { email: "later@example.test" })
    const days = (invitation.expires.getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThanOrEqual(7)
    const short = organizationOperations({ ...config, organizations: { enabled: true, invitationMaxAge: 3600 } })
    const hour = await short.invite({ userId: owner.id }, org.id, { email: "soon@example.test" })
    expect(hour.invitation.expires.getTime() - Date.now()).toBeLessThanOrEqual(3600_000)
    expect(hour.invitation.expires.getTime() - Date.now()).toBeGreaterThan(3590_000)
  })

  it("20 concurrent accepts of one invitation make exactly one membership", async () => {
    const { owner, org } = await organization()
    const invitee = await account(db)
    const { token } = await orgs().invite({ userId: owner.id }, org.id, { email: invitee.email })
    const results = await Promise.all(Array.from({ length: 20 }, () => refusal(() => orgs().acceptInvitation({ userId: invitee.id }, token))))
    expect(results.filter((r) => r === null)).toHaveLength(1)
    expect(results.filter((r) => r === "invitation_invalid")).toHaveLength(19)
    expect(await memberCount(org.id)).toBe(2)
    expect(events.filter((e) => e.type === "member-joined" && e.organizationId === org.id)).toHaveLength(1)
  })

  it("the member limit refuses invitations and accepts beyond it", async () => {
    const { owner, org } = await organization()
    const limited = organizationOperations({ ...config, organizations: { enabled: true, memberLimit: 2 } })
    const a = await account(db)
    const b = await account(db)
    const first = await limited.invite({ userId: owner.id }, org.id, { email: a.email })
    const second = await limited.invite({ userId: owner.id }, org.id, { email: b.email })
    await limited.acceptInvitation({ userId: a.id }, first.token)
    expect(await refusal(() => limited.acceptInvitation({ userId: b.id }, second.token))).toBe("member_limit")
    expect(await refusal(() => limited.invite({ userId: owner.id }, org.id, { email: "third@example.test" }))).toBe("member_limit")
    expect(await memberCount(org.id)).toBe(2)
  })

  it("invitations are rate-limited per inviter and per organization", async () => {
    const { owner, org } = await organization()
    const admin = await account(db)
    const limited = organizationOperations({
      ...config,
      rateLimit: { rules: { "invitation-inviter": { limit: 2, windowSeconds: 3600 }, "invitation-organization": { limit: 3, windowSeconds: 3600 } } },
    })
    const { token } = await limited.invite({ userId: owner.id }, org.id, { email: admin.email, roles: ["admin"] })
    await limited.acceptInvitation({ userId: admin.id }, token)
    await limited.invite({ userId: owner.id }, org.id, { email: "one@example.test" })
    expect(await refusal(() => limited.invite({ userId: owner.id }, org.id, { email: "two@example.test" }))).toBe("invitation_rate_limited")
    await limited.invite({ userId: admin.id }, org.id, { email: "three@example.test" })
    expect(await refusal(() => limited.invite({ userId: admin.id }, org.id, { email: "four@example.test" }))).toBe("invitation_rate_limited")
    expect(await db.prisma.invitation.count({ where: { organizationId: org.id } })).toBe(3)
  })

  it("a configuration asking for organizations with an adapter that lacks them fails at start", async () => {
    const { getOrganization: _dropped, ...adapter } = config.adapter as NonNullable<AuthConfig["adapter"]>
    const broken: AuthConfig = { ...config, adapter }
    expect((await Auth(new Request("http://localhost:3000/auth/session"), config)).status).toBe(200)
    const res = await Auth(new Request("http://localhost:3000/auth/session"), broken)
    expect(res.status).toBe(500)
    expect(await refusal(() => organizationOperations(broken).list({ userId: "x" })).catch((e: Error) => e.constructor.name)).toBe("OrganizationsUnsupported")
  })
})
