/**
 * The two invitation operations that act on the link rather than as a signed-in member,
 * on real SQLite and PostgreSQL: declining (whoever holds the link; the link dies and the log says
 * "declined") and accepting for an account just created through the link (the address becomes
 * verified only when the claim succeeds; another address is refused; a used link verifies nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { organizationOperations, type AuthConfig, type OrganizationEvent } from "@/lib/auth"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { account, organizationConfig, refusal } from "./support"

describe.each(["sqlite", "postgresql"] as const)("organizations: declining and signing up through an invitation (%s)", (provider) => {
  let db: TestDatabase
  let config: AuthConfig
  const events: OrganizationEvent[] = []
  let slugs = 0

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    config = organizationConfig(db, "database", events)
  })
  afterAll(() => db.cleanup())

  const orgs = () => organizationOperations(config)

  async function invited(email?: string) {
    const owner = await account(db)
    const { organization } = await orgs().create({ userId: owner.id }, { name: "Answers", slug: `answers-${provider}-${++slugs}` })
    const address = email ?? `invited-${provider}-${++slugs}@example.test`
    const { token, invitation } = await orgs().invite({ userId: owner.id }, organization.id, { email: address, roles: ["admin"] })
    return { owner, organization, token, invitation, address }
  }

  it("decline: the link stops working, nobody joins, the log records a declined invitation without an actor", async () => {
    const { organization, token, invitation } = await invited()
    await orgs().declineInvitation(token)
    expect(await orgs().invitation(token)).toBeNull()
    expect((await db.prisma.invitation.findUniqueOrThrow({ where: { id: invitation.id } })).status).toBe("cancelled")
    expect(events.at(-1)).toMatchObject({ type: "invitation-cancelled", organizationId: organization.id, actorId: null, detail: "declined" })
    expect(await refusal(() => orgs().declineInvitation(token))).toBe("invitation_invalid")
    for (const bad of [undefined, "", "x".repeat(500), 42]) expect(await refusal(() => orgs().declineInvitation(bad))).toBe("invitation_invalid")
  })

  it("at sign-up: the new account with the invited address joins with the invited roles and is verified", async () => {
    const newcomer = await account(db, false)
    const { organization, token } = await invited(newcomer.email)
    const { member } = await orgs().acceptInvitationAtSignUp({ userId: newcomer.id }, token)
    expect(member).toMatchObject({ organizationId: organization.id, userId: newcomer.id, roles: ["admin"] })
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: newcomer.id } })).emailVerified).toBeInstanceOf(Date)
    expect(await refusal(() => orgs().acceptInvitationAtSignUp({ userId: newcomer.id }, token))).toBe("invitation_invalid")
  })

  it("at sign-up: another address is refused and nothing is verified; a dead link verifies nothing", async () => {
    const stranger = await account(db, false)
    const { token } = await invited()
    expect(await refusal(() => orgs().acceptInvitationAtSignUp({ userId: stranger.id }, token))).toBe("invitation_wrong_address")
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: stranger.id } })).emailVerified).toBeNull()

    const late = await account(db, false)
    const { token: voided } = await invited(late.email)
    await orgs().declineInvitation(voided)
    expect(await refusal(() => orgs().acceptInvitationAtSignUp({ userId: late.id }, voided))).toBe("invitation_invalid")
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: late.id } })).emailVerified).toBeNull()
  })
})
