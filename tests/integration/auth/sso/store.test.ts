/**
 * The SSO store's rules on both databases: a domain is verified by one
 * organization at a time (the second's write changes nothing), an assertion
 * id is accepted once, joining by SSO makes one membership however often it
 * runs, and removing a connection takes its domains and linked accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

describe.each(["sqlite", "postgresql"] as const)("SSO store (%s)", (provider) => {
  let db: TestDatabase
  let adapter: ReturnType<typeof PrismaAdapter>
  let n = 0

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    adapter = PrismaAdapter(db.prisma)
  }, 60_000)
  afterAll(() => db.cleanup())

  async function organizationWithConnection() {
    const user = await db.prisma.user.create({ data: { email: `store-${++n}@owners.test` } })
    const organization = (await adapter.createOrganization({ name: `Org ${n}`, slug: `store-${provider}-${n}`, creatorId: user.id, roles: ["owner"] }))!
    const connection = await adapter.createSsoConnection({
      organizationId: organization.id,
      name: "IdP",
      kind: "saml",
      samlEntityId: "urn:idp",
      samlSsoUrl: "https://idp.test/sso",
      samlCertificate: "pem",
      oidcIssuer: null,
      oidcClientId: null,
      oidcClientSecret: null,
      defaultRole: "member",
      roleMapping: { attribute: "groups", roles: { admins: "admin" } },
      idpInitiated: false,
    })
    return { user, organization, connection }
  }

  it("a second organization cannot verify a domain the first holds verified, and the domain routes to the first", async () => {
    const a = await organizationWithConnection()
    const b = await organizationWithConnection()
    const domainA = (await adapter.createSsoDomain(a.organization.id, a.connection.id, `shared-${provider}.test`, "token-a"))!
    const domainB = (await adapter.createSsoDomain(b.organization.id, b.connection.id, `shared-${provider}.test`, "token-b"))!
    expect(await adapter.verifySsoDomain(a.organization.id, domainA.id, new Date())).toBe("verified")
    expect(await adapter.verifySsoDomain(b.organization.id, domainB.id, new Date())).toBe("claimed")
    expect((await adapter.getSsoDomain(b.organization.id, domainB.id))?.state).toBe("pending")
    expect((await adapter.getSsoRoute(`shared-${provider}.test`))?.connection.id).toBe(a.connection.id)
    // Another organization's ids match nothing.
    expect(await adapter.verifySsoDomain(b.organization.id, domainA.id, new Date())).toBe("not-found")
    expect(await adapter.createSsoDomain(a.organization.id, a.connection.id, `shared-${provider}.test`, "again")).toBeNull()
    expect((await adapter.getSsoConnection(a.connection.id))?.roleMapping).toEqual({ attribute: "groups", roles: { admins: "admin" } })
  })

  it("an assertion id is accepted once", async () => {
    const until = new Date(Date.now() + 60_000)
    expect(await adapter.useSsoAssertion(`conn:${provider}:_abc`, until)).toBe(true)
    expect(await adapter.useSsoAssertion(`conn:${provider}:_abc`, until)).toBe(false)
  })

  it("joining by SSO makes one membership, even at once", async () => {
    const { organization } = await organizationWithConnection()
    const user = await db.prisma.user.create({ data: { email: `joiner-${provider}@example.test` } })
    const results = await Promise.all(Array.from({ length: 5 }, () => adapter.joinOrganizationBySso(organization.id, user.id, ["member"])))
    expect(results.filter((r) => r.joined)).toHaveLength(1)
    expect(await db.prisma.member.count({ where: { organizationId: organization.id, userId: user.id } })).toBe(1)
  })

  it("removing a connection takes its domains and the accounts linked through it", async () => {
    const { organization, connection, user } = await organizationWithConnection()
    await adapter.createSsoDomain(organization.id, connection.id, `gone-${provider}.test`, "t")
    await adapter.linkAccount({ userId: user.id, provider: `sso:${connection.id}`, providerAccountId: "subject", type: "oauth" })
    expect(await adapter.deleteSsoConnection(organization.id, connection.id)).toBe(true)
    expect(await adapter.listSsoDomains(organization.id)).toEqual([])
    expect(await db.prisma.account.count({ where: { provider: `sso:${connection.id}` } })).toBe(0)
    expect(await adapter.setOrganizationSsoRequired(organization.id, true)).toBe(true)
    expect(await adapter.getOrganizationSsoRequired(organization.id)).toBe(true)
  })
})
