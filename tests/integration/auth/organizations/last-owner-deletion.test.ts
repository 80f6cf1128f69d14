/**
 * An organization always has an owner, whatever ends the last one (ASVS 5.0 8.3.1), on real SQLite
 * and PostgreSQL: the admin's "Delete user" on the only owner of organizations is refused with
 * OrganizationError last_owner naming each of them, and the account, its sessions, the
 * memberships and the organizations are exactly as they were. The account deletion's library step
 * (prepareAccountDeletion, which Settings › Delete account runs first) answers the same. A
 * co-owned organization lets an owner go; two co-owners deleted at the same moment leave one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminOperations, OrganizationError, organizationOperations, prepareAccountDeletion, type AuthConfig } from "@/lib/auth"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { account, organizationConfig, signedIn } from "./support"

describe.each(["sqlite", "postgresql"] as const)("organizations: deleting the last owner's account (%s)", (provider) => {
  let db: TestDatabase
  let config: AuthConfig
  let slugs = 0

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    config = organizationConfig(db, "database")
  })
  afterAll(() => db.cleanup())

  const orgs = () => organizationOperations(config)

  async function admin() {
    const person = await account(db)
    await db.prisma.user.update({ where: { id: person.id }, data: { roles: "admin" } })
    return { userId: person.id, authenticatedAt: new Date() }
  }

  async function organization(owner: { id: string }, name: string, members: { id: string; roles: string }[] = []) {
    const { organization: org } = await orgs().create({ userId: owner.id }, { name, slug: `owned-${provider}-${++slugs}` })
    for (const member of members) await db.prisma.member.create({ data: { organizationId: org.id, userId: member.id, roles: member.roles } })
    return org
  }

  async function stateOf(userId: string) {
    const [user, sessions, memberships, organizations] = await Promise.all([
      db.prisma.user.findUnique({ where: { id: userId }, select: { id: true, email: true } }),
      db.prisma.session.count({ where: { userId } }),
      db.prisma.member.findMany({ where: { userId }, orderBy: { id: "asc" } }),
      db.prisma.organization.findMany({ orderBy: { id: "asc" } }),
    ])
    return { user, sessions, memberships, organizations }
  }

  it("the admin's Delete user on the only owner of two organizations: refused, naming both; nothing changed", async () => {
    const owner = await account(db)
    const colleague = await account(db)
    await signedIn(config, owner.email)
    const shared = await organization(owner, "Shared Co", [{ id: colleague.id, roles: "admin" }])
    const solo = await organization(owner, "Solo Ltd")
    const before = await stateOf(owner.id)

    const error = await adminOperations(config).deleteUser(await admin(), owner.id).then(() => null, (e: unknown) => e)

    expect(error).toBeInstanceOf(OrganizationError)
    expect((error as OrganizationError).code).toBe("last_owner")
    expect((error as OrganizationError).message).toContain(`Shared Co (${shared.slug})`)
    expect((error as OrganizationError).message).toContain(`Solo Ltd (${solo.slug})`)
    expect(await stateOf(owner.id)).toEqual(before)
    expect(before.sessions).toBe(1)
    expect(await db.prisma.securityEvent.count({ where: { type: "user-deleted", userId: owner.id } })).toBe(0)
  })

  it("Settings' deletion step on the only owner: the same refusal, naming the organization; nothing changed", async () => {
    const owner = await account(db)
    const org = await organization(owner, "Mine Alone")
    const before = await stateOf(owner.id)

    expect(await prepareAccountDeletion(config, owner.id)).toEqual({ status: "last-owner", organizations: [expect.objectContaining({ id: org.id, name: "Mine Alone", slug: org.slug })] })
    expect(await stateOf(owner.id)).toEqual(before)
  })

  it("a co-owner's account goes: the organization keeps its other owner, and the log says the member left with the account", async () => {
    const owner = await account(db)
    const coOwner = await account(db)
    const org = await organization(owner, "Two Owners", [{ id: coOwner.id, roles: "owner" }])

    expect(await adminOperations(config).deleteUser(await admin(), coOwner.id)).toBe("done")

    expect(await db.prisma.user.findUnique({ where: { id: coOwner.id } })).toBeNull()
    expect((await db.prisma.member.findMany({ where: { organizationId: org.id } })).map((m) => [m.userId, m.roles])).toEqual([[owner.id, "owner"]])
    expect(await db.prisma.organizationActivity.count({ where: { organizationId: org.id, type: "member-removed", subject: coOwner.id, detail: "account-deleted" } })).toBe(1)
  })

  it("both owners deleted at the same moment: one account goes, the other is refused, and the organization keeps an owner", async () => {
    const first = await account(db)
    const second = await account(db)
    const org = await organization(first, "Race Co", [{ id: second.id, roles: "owner" }])
    const ops = adminOperations(config)
    const actor = await admin()

    const results = await Promise.all(
      [first, second].map((owner) => ops.deleteUser(actor, owner.id).then((r) => r, (e: unknown) => (e instanceof OrganizationError ? e.code : e))),
    )

    expect(results.sort()).toEqual(["done", "last_owner"])
    const owners = await db.prisma.member.findMany({ where: { organizationId: org.id, roles: { contains: "owner" } } })
    expect(owners).toHaveLength(1)
    expect(await db.prisma.user.findUnique({ where: { id: owners[0].userId } })).not.toBeNull()
  })
})
