/**
 * Speed of an organization page: "an organization page reads the session, membership
 * and role in one database statement on the database strategy and none beyond the revocation check
 * on jwt". Counted as role-check-queries.test.ts counts: every Prisma operation the library runs,
 * on real SQLite, through the Next.js layer (next/headers backed by real Headers). The page's
 * guard, `organizations.bySlug(slug)`, costs what the dashboard's `auth()` costs: read on its own,
 * and after the middleware's read was handed over (nothing at all). A member removed in this
 * process is refused on their very next request, under both strategies.
 */
import { RequestCookies } from "next/dist/compiled/@edge-runtime/cookies"
import { NextRequest, type NextFetchEvent } from "next/server"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { OrganizationError, organizationOperations, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { HANDOVER_HEADER } from "@/lib/auth/next/session-handover"
import type { PrismaClient as SqlitePrismaClient } from "@/lib/generated/prisma/sqlite/client"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { ORIGIN } from "../support"
import { account, apply, countingOrganizationConfig, requestOf, signedIn } from "./support"

const incoming = { headers: new Headers() }
vi.mock("next/headers", () => ({
  headers: async () => incoming.headers,
  cookies: async () => new RequestCookies(incoming.headers),
}))
const { default: NextAuth } = await import("@/lib/auth/next")

const event = { waitUntil: () => {} } as unknown as NextFetchEvent

describe.each(["database", "jwt"] as const)("an organization page's database work (%s sessions)", (strategy) => {
  let db: TestDatabase
  const operations: string[] = []
  let base: AuthConfig
  let next: ReturnType<typeof NextAuth>
  let n = 0

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    base = countingOrganizationConfig(db, strategy, operations)
    next = NextAuth({ ...base, organizationPage: (pathname) => /^\/o\/([^/]+)/.exec(pathname)?.[1] ?? null })
  })
  afterAll(() => db?.cleanup())

  /** The page's request as next/headers gives it: this browser's cookies (and a handover id, if any). */
  function onRequest(cookie: string, handover?: string | null): void {
    incoming.headers = new Headers({ host: new URL(ORIGIN).host, cookie, ...(handover ? { [HANDOVER_HEADER]: handover } : {}) })
  }

  async function counting<T>(run: () => Promise<T>): Promise<{ result: T; operations: string[] }> {
    operations.length = 0
    const result = await run()
    return { result, operations: [...operations] }
  }

  /** The middleware's pass over GET `path`: its database work and the handover id it forwards. */
  async function middleware(path: string, cookie: string): Promise<{ operations: string[]; handover: string | null }> {
    const { result, operations: done } = await counting(() => next.auth(new NextRequest(`${ORIGIN}${path}`, { headers: { cookie } }), event))
    return { operations: done, handover: result.headers.get(`x-middleware-request-${HANDOVER_HEADER}`) }
  }

  async function memberOfNewOrganization() {
    const orgs = organizationOperations(base)
    const owner = await account(db)
    const member = await account(db)
    const slug = `pace-${strategy}-${++n}-${Math.random().toString(36).slice(2, 7)}`
    const org = (await orgs.create({ userId: owner.id }, { name: "Pace", slug })).organization
    const browser = await signedIn(base, member.email)
    const { token } = await orgs.invite({ userId: owner.id }, org.id, { email: member.email, roles: ["admin"] })
    apply(browser, (await orgs.acceptInvitation({ userId: member.id, request: requestOf(browser) }, token)).cookies)
    return { orgs, owner, member, org, browser }
  }

  it("GET /o/<slug> costs what GET /dashboard costs: read alone, and through the middleware's handover", async () => {
    const { org, browser } = await memberOfNewOrganization()
    const cookie = browser.cookieHeader()
    onRequest(cookie)
    // Once each first: the revocation check's cache is then what every later request finds.
    await next.auth()
    await next.organizations.bySlug(org.slug)

    const dashboard = await counting(() => next.auth())
    const page = await counting(() => next.organizations.bySlug(org.slug))
    expect(dashboard.result?.user?.email).toBeTruthy()
    expect(page.result.organization.id).toBe(org.id)
    expect(page.result.member.roles).toEqual(["admin"])
    expect(page.operations.length).toBe(dashboard.operations.length)
    // database: the session, its user, the membership and organization in one statement; jwt: the
    // revocation check alone, not at all while its instant (and the memberships version) is cached.
    expect(page.operations).toHaveLength(strategy === "database" ? 1 : 0)
    // The layout's "is this the active organization" costs nothing more: the same read knew it.
    const active = await counting(() => next.organizations.activeId())
    expect(active.result).toBe(org.id)
    expect(active.operations).toHaveLength(strategy === "database" ? 1 : 0)

    const toDashboard = await middleware("/dashboard", cookie)
    const toPage = await middleware(`/o/${org.slug}`, cookie)
    expect(toPage.operations.length).toBe(toDashboard.operations.length)
    expect(toPage.handover).toBeTruthy()
    onRequest(cookie, toPage.handover)
    const handed = await counting(() => next.organizations.bySlug(org.slug))
    expect(handed.result.organization.slug).toBe(org.slug)
    expect(handed.operations).toEqual([])
    onRequest(cookie, toDashboard.handover)
    expect((await counting(() => next.auth())).operations).toEqual([])
  })

  // jwt sessions have no row to read.
  it.skipIf(strategy === "jwt")("with the SQLite file given, the page's read runs on the direct connection, as the dashboard's does", async () => {
    const { org, member, browser } = await memberOfNewOrganization()
    const sessionToken = browser.sessionValue()
    const file = db.url.replace(/^file:/, "")
    const viaPrisma = PrismaAdapter(db.prisma)
    const direct = PrismaAdapter((db.prisma as SqlitePrismaClient).$extends({
      query: { $allOperations({ model, operation, args, query }) { operations.push(`${model ?? "$"}.${operation}`); return query(args) } },
    }), { sqliteFile: file })
    const expected = await viaPrisma.getSessionAndMembership(sessionToken, org.slug)
    expect(expected?.membership?.member.userId).toBe(member.id)
    const { result, operations: done } = await counting(async () => direct.getSessionAndMembership(sessionToken, org.slug))
    expect(done).toEqual([])
    expect(result).toEqual(expected)
    expect((await direct.getSessionAndMembership(sessionToken, "no-such-organization"))?.membership).toBeNull()
  })

  it("the page's reads stand on its session read under the database strategy, and a demotion counts on the next request", async () => {
    const { orgs, owner, member, org, browser } = await memberOfNewOrganization()
    const cookie = browser.cookieHeader()
    const toPage = await middleware(`/o/${org.slug}`, cookie)
    onRequest(cookie, toPage.handover)
    const invitations = await counting(() => next.organizations.invitations(org.id))
    expect(invitations.result).toEqual([])
    // database: the invitation list alone, the membership and roles taken from the page's own read
    // of this request; jwt: the membership read again, with its organization in one statement (a
    // snapshot may be a revocation delay old).
    expect(invitations.operations).toHaveLength(strategy === "database" ? 1 : 2)

    await orgs.changeRoles({ userId: owner.id }, org.id, member.id, ["member"])
    const afterDemotion = await middleware(`/o/${org.slug}`, cookie)
    onRequest(cookie, afterDemotion.handover)
    await expect(next.organizations.invitations(org.id)).rejects.toMatchObject({ code: "organization_forbidden" })
  })

  it("the reads of one page request share one membership read, and the next request reads it again", async () => {
    const { orgs, owner, member, org, browser } = await memberOfNewOrganization()
    const cookie = browser.cookieHeader()
    onRequest(cookie, (await middleware(`/o/${org.slug}`, cookie)).handover)
    // The organization's home lists invitations and activity side by side, as its page does.
    const page = await counting(() => Promise.all([next.organizations.invitations(org.id), next.organizations.activity(org.id, 5)]))
    expect(page.result[0]).toEqual([])
    expect(page.result[1].length).toBeGreaterThan(0)
    // database: both lists alone (the membership came with the session); jwt: the membership once,
    // then both lists.
    expect(page.operations).toHaveLength(strategy === "database" ? 2 : 3)

    // The next request is on its own: the removal counts for both of its reads.
    await orgs.removeMember({ userId: owner.id }, org.id, member.id)
    onRequest(cookie, (await middleware(`/o/${org.slug}`, cookie)).handover)
    const codes = await Promise.all(
      [next.organizations.invitations(org.id), next.organizations.activity(org.id, 5)].map((read) =>
        read.then(
          () => "answered",
          (error: unknown) => (error instanceof OrganizationError ? error.code : String(error)),
        ),
      ),
    )
    expect(codes).toEqual(["organization_not_found", "organization_not_found"])
  })

  it("a member removed in this process is refused on their very next request", async () => {
    const { orgs, owner, member, org, browser } = await memberOfNewOrganization()
    onRequest(browser.cookieHeader())
    expect((await next.organizations.bySlug(org.slug)).member.userId).toBe(member.id)
    expect(await next.hasPermission({ user: { id: member.id }, expires: "" }, { member: ["invite"] }, { organization: org.id })).toBe(true)

    await orgs.removeMember({ userId: owner.id }, org.id, member.id)
    const refused = await next.organizations.bySlug(org.slug).then(
      () => null,
      (error: unknown) => (error instanceof OrganizationError ? error.code : error),
    )
    expect(refused).toBe("organization_not_found")
    const { handover } = await middleware(`/o/${org.slug}`, browser.cookieHeader())
    onRequest(browser.cookieHeader(), handover)
    await expect(next.organizations.bySlug(org.slug)).rejects.toBeInstanceOf(OrganizationError)
    expect(await next.hasPermission({ user: { id: member.id }, expires: "" }, { member: ["invite"] }, { organization: org.id })).toBe(false)
  })
})
