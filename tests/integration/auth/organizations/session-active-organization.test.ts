/**
 * The session's active organization on real SQLite and PostgreSQL, both strategies:
 * restored at the next sign-in (the organization the user made active last, only while they are
 * still its member), and cleared at once when the membership ends or the organization goes —
 * database: the session rows' column in the very statement that deletes the membership; jwt: the
 * token's claim grants nothing from that moment (its snapshot's memberships version is stale) and
 * is dropped at the next read, while the user stays signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { organizationOperations, type AuthConfig } from "@/lib/auth"
import { readRequestSession } from "@/lib/auth/frameworks/shared/session"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { ORIGIN } from "../support"
import { account, apply, organizationConfig, refusal, requestOf, signedIn } from "./support"

const CASES = [
  ["sqlite", "database"],
  ["sqlite", "jwt"],
  ["postgresql", "database"],
  ["postgresql", "jwt"],
] as const

describe.each(CASES)("the active organization of a session (%s, %s sessions)", (provider, strategy) => {
  let db: TestDatabase
  let config: AuthConfig
  let orgs: ReturnType<typeof organizationOperations>
  let n = 0
  const slug = () => `active-${strategy}-${++n}-${Math.random().toString(36).slice(2, 7)}`

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    config = organizationConfig(db, strategy)
    orgs = organizationOperations(config)
  })
  afterAll(() => db?.cleanup())

  /** What the next request of this browser reads, with the cookies the read hands back applied. */
  async function nextRead(browser: Awaited<ReturnType<typeof signedIn>>) {
    const read = await readRequestSession(config, { origin: ORIGIN, cookie: browser.cookieHeader() })
    apply(browser, read.cookies)
    return read
  }

  it("a new sign-in starts in the organization the user made active last", async () => {
    const owner = await account(db)
    const first = await signedIn(config, owner.email)
    const one = await orgs.create({ userId: owner.id, request: requestOf(first) }, { name: "One", slug: slug() })
    apply(first, one.cookies)
    const two = await orgs.create({ userId: owner.id, request: requestOf(first) }, { name: "Two", slug: slug() })
    apply(first, two.cookies)
    apply(first, (await orgs.setActive(requestOf(first), one.organization.id)).cookies)

    const again = await signedIn(config, owner.email)
    expect((await orgs.active(requestOf(again)))?.organization.id).toBe(one.organization.id)
    if (strategy === "database") {
      const row = await db.prisma.session.findUnique({ where: { sessionToken: again.sessionValue() } })
      expect(row?.activeOrganizationId).toBe(one.organization.id)
    } else {
      // The new token carries a snapshot the session read vouches for.
      const read = await nextRead(again)
      expect(read.proof?.organization?.slug).toBe(one.organization.slug)
      expect(read.proof?.organization?.membership?.member.roles).toEqual(["owner"])
    }
  })

  it("a user who is no longer a member starts in none; one who never chose starts in none", async () => {
    const owner = await account(db)
    const member = await account(db)
    const org = (await orgs.create({ userId: owner.id }, { name: "Gone", slug: slug() })).organization
    const browser = await signedIn(config, member.email)
    const { token } = await orgs.invite({ userId: owner.id }, org.id, { email: member.email })
    apply(browser, (await orgs.acceptInvitation({ userId: member.id, request: requestOf(browser) }, token)).cookies)
    expect((await orgs.active(requestOf(browser)))?.organization.id).toBe(org.id)
    await orgs.removeMember({ userId: owner.id }, org.id, member.id)

    const again = await signedIn(config, member.email)
    expect(await orgs.active(requestOf(again))).toBeNull()
    const read = await nextRead(again)
    expect(read.session?.user?.email).toBe(member.email)
    expect(read.proof?.organization).toBeUndefined()

    const newcomer = await account(db)
    expect(await orgs.active(requestOf(await signedIn(config, newcomer.email)))).toBeNull()
  })

  it("removal clears it at once: the rows in the same statement (database), the claim dropped at the next read (jwt)", async () => {
    const owner = await account(db)
    const member = await account(db)
    const org = (await orgs.create({ userId: owner.id }, { name: "Removal", slug: slug() })).organization
    const browser = await signedIn(config, member.email)
    const other = await signedIn(config, member.email)
    const { token } = await orgs.invite({ userId: owner.id }, org.id, { email: member.email })
    apply(browser, (await orgs.acceptInvitation({ userId: member.id, request: requestOf(browser) }, token)).cookies)
    apply(other, (await orgs.setActive(requestOf(other), org.id)).cookies)
    expect((await nextRead(browser)).proof?.organization?.slug ?? (strategy === "database" ? org.slug : undefined)).toBe(org.slug)

    // The adapter's one statement, nothing after it: the trigger did the rest.
    expect(await PrismaAdapter(db.prisma).removeMember(org.id, member.id)).toBe("done")
    expect(await db.prisma.session.count({ where: { userId: member.id, activeOrganizationId: { not: null } } })).toBe(0)
    const user = await db.prisma.user.findUniqueOrThrow({ where: { id: member.id } })
    expect(user.membershipsVersion).toBeGreaterThan(0)

    if (strategy === "jwt") {
      // Another process would trust the snapshot until its cache entry ages out (the revocation
      // delay); this one is told of the change as the operation tells it.
      config.session?.revocationCache?.forget(member.id)
      for (const b of [browser, other]) {
        const first = await nextRead(b)
        expect(first.session?.user?.email).toBe(member.email)
        expect(first.proof?.organization).toBeUndefined()
        // Re-issued without the claim: the read after it has nothing left to drop.
        expect(first.cookies.length).toBeGreaterThan(0)
        const second = await nextRead(b)
        expect(second.cookies).toEqual([])
      }
    }
    expect(await orgs.active(requestOf(browser))).toBeNull()
    expect(await refusal(() => orgs.bySlug({ userId: member.id }, org.slug))).toBe("organization_not_found")
  })

  it("deleting the organization, and a role change, count at once", async () => {
    const owner = await account(db)
    const member = await account(db)
    const org = (await orgs.create({ userId: owner.id }, { name: "Roles", slug: slug() })).organization
    const browser = await signedIn(config, member.email)
    const { token } = await orgs.invite({ userId: owner.id }, org.id, { email: member.email, roles: ["admin"] })
    apply(browser, (await orgs.acceptInvitation({ userId: member.id, request: requestOf(browser) }, token)).cookies)
    if (strategy === "jwt") expect((await nextRead(browser)).proof?.organization?.membership?.member.roles).toEqual(["admin"])

    await orgs.changeRoles({ userId: owner.id }, org.id, member.id, ["member"])
    if (strategy === "jwt") {
      // The snapshot of "admin" is stale: the next read re-takes it.
      const read = await nextRead(browser)
      expect(read.proof?.organization?.membership?.member.roles).toEqual(["member"])
    }
    expect(await orgs.hasPermission({ userId: member.id }, { member: ["invite"] }, { organization: org.id })).toBe(false)

    await orgs.delete({ userId: owner.id }, org.id)
    expect(await db.prisma.session.count({ where: { userId: member.id, activeOrganizationId: { not: null } } })).toBe(0)
    if (strategy === "jwt") expect((await nextRead(browser)).proof?.organization).toBeUndefined()
    expect(await orgs.active(requestOf(browser))).toBeNull()
  })

  it("hasPermission takes a session as the issue writes it, as well as an actor", async () => {
    const owner = await account(db)
    const member = await account(db)
    const org = (await orgs.create({ userId: owner.id }, { name: "Sessions", slug: slug() })).organization
    const { token } = await orgs.invite({ userId: owner.id }, org.id, { email: member.email })
    await orgs.acceptInvitation({ userId: member.id }, token)
    const asSession = (id: string) => ({ user: { id }, expires: new Date(Date.now() + 60_000).toISOString() })
    expect(await orgs.hasPermission(asSession(owner.id), { member: ["invite"] }, { organization: org.id })).toBe(true)
    expect(await orgs.hasPermission(asSession(member.id), { member: ["invite"] }, { organization: org.id })).toBe(false)
    expect(await orgs.hasPermission({ user: {}, expires: "" }, { member: ["invite"] }, { organization: org.id })).toBe(false)
    expect(await orgs.hasPermission(null, {}, { organization: org.id })).toBe(false)
  })
})
