/**
 * Invitations end with their inviter's authority (ASVS 5.0 8.2.1, 8.3.1), on real SQLite and
 * PostgreSQL: when the member who sent a pending invitation is removed, leaves, is demoted to roles
 * without `member: ["invite"]`, is banned or has their account deleted (by an admin or in
 * Settings), the link answers exactly as a cancelled one does (no invitation to show; accepting
 * and declining are invitation_invalid), nobody joins through it, and the organization's log says
 * which invitation stopped working and why. Another member with the right can invite the address
 * again, and that new link works. A demotion that keeps the right keeps the links.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  adminOperations,
  banUser,
  defineOrganizationAccess,
  organizationOperations,
  organizationResources,
  prepareAccountDeletion,
  type AuthConfig,
} from "@/lib/auth"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { account, organizationConfig, refusal } from "./support"

const access = defineOrganizationAccess({ resources: organizationResources, roles: { recruiter: { member: ["invite"] } } })

describe.each(["sqlite", "postgresql"] as const)("organizations: invitations end with the inviter's authority (%s)", (provider) => {
  let db: TestDatabase
  let config: AuthConfig
  let slugs = 0

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    config = organizationConfig(db, "database", [], { access })
    await cancelledLinkAnswers()
  }, 90_000)
  afterAll(() => db.cleanup())

  const orgs = () => organizationOperations(config)

  /** An organization with an owner and a recruiter; the recruiter has invited `invitee`, the owner someone else. */
  async function scene() {
    const owner = await account(db)
    const recruiter = await account(db)
    const invitee = await account(db)
    const bystander = await account(db)
    const { organization: org } = await orgs().create({ userId: owner.id }, { name: "Hiring", slug: `hiring-${provider}-${++slugs}` })
    await db.prisma.member.create({ data: { organizationId: org.id, userId: recruiter.id, roles: "recruiter" } })
    const sent = await orgs().invite({ userId: recruiter.id }, org.id, { email: invitee.email })
    const owners = await orgs().invite({ userId: owner.id }, org.id, { email: bystander.email })
    return { owner, recruiter, invitee, bystander, org, sent, owners }
  }

  /** What anyone holding the link sees: the page's invitation, accepting, declining. */
  async function answersTo(token: string, userId: string) {
    return {
      shown: await orgs().invitation(token),
      accept: await refusal(() => orgs().acceptInvitation({ userId }, token)),
      decline: await refusal(() => orgs().declineInvitation(token)),
    }
  }

  let cancelled: Awaited<ReturnType<typeof answersTo>> | undefined

  /** The answers of a link cancelled the ordinary way, for comparison (made once). */
  async function cancelledLinkAnswers() {
    if (cancelled) return cancelled
    const owner = await account(db)
    const other = await account(db)
    const { organization: org } = await orgs().create({ userId: owner.id }, { name: "Cancels", slug: `cancels-${provider}` })
    const { token, invitation } = await orgs().invite({ userId: owner.id }, org.id, { email: other.email })
    await orgs().cancelInvitation({ userId: owner.id }, org.id, invitation.id)
    cancelled = await answersTo(token, other.id)
    return cancelled
  }

  async function expectVoided(s: Awaited<ReturnType<typeof scene>>, why: string) {
    const answers = await answersTo(s.sent.token, s.invitee.id)
    expect(answers).toEqual(await cancelledLinkAnswers())
    expect(answers).toEqual({ shown: null, accept: "invitation_invalid", decline: "invitation_invalid" })
    expect(await db.prisma.member.findFirst({ where: { organizationId: s.org.id, userId: s.invitee.id } })).toBeNull()
    expect((await db.prisma.invitation.findUniqueOrThrow({ where: { id: s.sent.invitation.id } })).status).toBe("cancelled")
    const log = await db.prisma.organizationActivity.findMany({ where: { organizationId: s.org.id, type: "invitation-voided" } })
    expect(log.map((entry) => ({ subject: entry.subject, detail: entry.detail }))).toEqual([{ subject: s.invitee.email, detail: why }])
    // Someone else's invitation is untouched.
    expect(await orgs().invitation(s.owners.token)).toMatchObject({ id: s.owners.invitation.id, status: "pending" })
  }

  it("removing the inviter voids their link; the owner's re-issued link works", async () => {
    const s = await scene()
    await orgs().removeMember({ userId: s.owner.id }, s.org.id, s.recruiter.id)
    await expectVoided(s, "inviter-removed")

    const again = await orgs().invite({ userId: s.owner.id }, s.org.id, { email: s.invitee.email })
    expect(await refusal(() => orgs().acceptInvitation({ userId: s.invitee.id }, s.sent.token))).toBe("invitation_invalid")
    expect(await refusal(() => orgs().acceptInvitation({ userId: s.invitee.id }, again.token))).toBeNull()
    expect((await db.prisma.member.findFirstOrThrow({ where: { organizationId: s.org.id, userId: s.invitee.id } })).roles).toBe("member")
  })

  it("the inviter leaving voids their link", async () => {
    const s = await scene()
    await orgs().leave({ userId: s.recruiter.id }, s.org.id)
    await expectVoided(s, "inviter-left")
  })

  it("demoting the inviter to a role without the invite permission voids their link; a demotion that keeps it does not", async () => {
    const s = await scene()
    await orgs().changeRoles({ userId: s.owner.id }, s.org.id, s.recruiter.id, ["admin"])
    await orgs().changeRoles({ userId: s.owner.id }, s.org.id, s.recruiter.id, ["recruiter"])
    expect(await orgs().invitation(s.sent.token)).toMatchObject({ status: "pending" })

    await orgs().changeRoles({ userId: s.owner.id }, s.org.id, s.recruiter.id, ["member"])
    await expectVoided(s, "inviter-demoted")
  })

  it("banning the inviter voids their link", async () => {
    const s = await scene()
    await banUser(config, s.recruiter.id, { reason: "abuse", until: null })
    await expectVoided(s, "inviter-banned")
  })

  it("an admin deleting the inviter's account voids their link", async () => {
    const s = await scene()
    const admin = await account(db)
    await db.prisma.user.update({ where: { id: admin.id }, data: { roles: "admin" } })
    expect(await adminOperations(config).deleteUser({ userId: admin.id, authenticatedAt: new Date() }, s.recruiter.id)).toBe("done")
    expect(await db.prisma.user.findUnique({ where: { id: s.recruiter.id } })).toBeNull()
    await expectVoided(s, "inviter-deleted")
  })

  it("the inviter deleting their own account (Settings) voids their link", async () => {
    const s = await scene()
    expect(await prepareAccountDeletion(config, s.recruiter.id)).toEqual({ status: "done" })
    await expectVoided(s, "inviter-deleted")
  })
})
