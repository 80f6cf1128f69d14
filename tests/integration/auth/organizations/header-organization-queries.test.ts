/**
 * The header's organization question on every signed-in page, through the Next.js layer on real
 * SQLite and PostgreSQL, counting every Prisma operation the library runs (as
 * session-org-page-queries.test.ts counts). Most users belong to no organization: under jwt the
 * revocation check already read that with the memberships version, and under the database strategy
 * the session's own statement reads it, so their header asks the database nothing of its own. The answer follows the
 * user's own changes at once (creating, joining, leaving), and one made by another process once
 * that process's word arrives (the revocation channel, or the revocation delay).
 */
import { RequestCookies } from "next/dist/compiled/@edge-runtime/cookies"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { organizationOperations, type AuthConfig } from "@/lib/auth"
import { readRequestSession } from "@/lib/auth/frameworks/shared/session"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { ORIGIN } from "../support"
import { account, apply, countingOrganizationConfig, requestOf, signedIn } from "./support"

const incoming = { headers: new Headers() }
vi.mock("next/headers", () => ({
  headers: async () => incoming.headers,
  cookies: async () => new RequestCookies(incoming.headers),
}))
const { default: NextAuth } = await import("@/lib/auth/next")

const CASES = [
  ["sqlite", "jwt"],
  ["sqlite", "database"],
  ["postgresql", "jwt"],
  ["postgresql", "database"],
] as const

describe.each(CASES)("the header's organization question (%s, %s sessions)", (provider, strategy) => {
  let db: TestDatabase
  const operations: string[] = []
  const cache = new ValidSinceCache()
  let base: AuthConfig
  let next: ReturnType<typeof NextAuth>
  let n = 0
  const slug = () => `header-${strategy}-${++n}-${Math.random().toString(36).slice(2, 7)}`

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    base = countingOrganizationConfig(db, strategy, operations, cache)
    next = NextAuth(base)
  })
  afterAll(() => db?.cleanup())

  /** The header of the page this browser asks for next: its answer and the database work it cost. */
  async function header(browser: Awaited<ReturnType<typeof signedIn>>) {
    incoming.headers = new Headers({ host: new URL(ORIGIN).host, cookie: browser.cookieHeader() })
    operations.length = 0
    const result = await next.organizations.headerOrganization()
    return { result, operations: [...operations] }
  }

  it("a user in no organization: the header says so, and under jwt asks the database nothing", async () => {
    const user = await account(db)
    const browser = await signedIn(base, user.email)
    // The first page of this process reads the revocation check (and, with it, the answer).
    expect((await header(browser)).result).toEqual({ current: null, any: false })
    const again = await header(browser)
    expect(again.result).toEqual({ current: null, any: false })
    // database: the session row, whose statement answers the question too (none once the
    // middleware's read is handed over, as on a real page).
    expect(again.operations).toHaveLength(strategy === "jwt" ? 0 : 1)
  })

  it("creating an organization, joining one and leaving the last show on the user's very next page", async () => {
    const orgs = organizationOperations(base)
    const user = await account(db)
    const owner = await account(db)
    const browser = await signedIn(base, user.email)
    // The same user in a second browser, whose session never sees the new organization's cookie.
    const phone = await signedIn(base, user.email)
    expect((await header(browser)).result).toEqual({ current: null, any: false })
    expect((await header(phone)).result).toEqual({ current: null, any: false })

    const mine = (await orgs.create({ userId: user.id, request: requestOf(browser) }, { name: "Mine", slug: slug() }))
    apply(browser, mine.cookies)
    expect((await header(browser)).result).toEqual({ current: { name: "Mine", slug: mine.organization.slug }, any: true })
    expect((await header(phone)).result?.any).toBe(true)

    const theirs = (await orgs.create({ userId: owner.id }, { name: "Theirs", slug: slug() })).organization
    const { token } = await orgs.invite({ userId: owner.id }, theirs.id, { email: user.email })
    apply(browser, (await orgs.acceptInvitation({ userId: user.id, request: requestOf(browser) }, token)).cookies)
    expect((await header(browser)).result).toEqual({ current: { name: "Theirs", slug: theirs.slug }, any: true })

    // Deleting the one they own and leaving the other: none again, and under jwt nothing asked once known.
    await orgs.delete({ userId: user.id }, mine.organization.id)
    await orgs.leave({ userId: user.id, request: requestOf(browser) }, theirs.id)
    expect((await header(browser)).result).toEqual({ current: null, any: false })
    // The middleware's read re-issues the token without the ended organization's claim.
    apply(browser, (await readRequestSession(base, { origin: ORIGIN, cookie: browser.cookieHeader() })).cookies)
    const settled = await header(browser)
    expect(settled.result).toEqual({ current: null, any: false })
    expect(settled.operations).toHaveLength(strategy === "jwt" ? 0 : 1)
  })

  it("a member's active organization is named from the session's own read, and goes once they are removed from it", async () => {
    const orgs = organizationOperations(base)
    const user = await account(db)
    const owner = await account(db)
    const browser = await signedIn(base, user.email)
    const theirs = (await orgs.create({ userId: owner.id }, { name: "Shared", slug: slug() })).organization
    const { token } = await orgs.invite({ userId: owner.id }, theirs.id, { email: user.email })
    apply(browser, (await orgs.acceptInvitation({ userId: user.id, request: requestOf(browser) }, token)).cookies)
    expect((await header(browser)).result).toEqual({ current: { name: "Shared", slug: theirs.slug }, any: true })
    // The name comes with the session's read: under jwt from the token's snapshot, under the
    // database strategy from the session's own statement. No list, no second look at the session.
    const known = await header(browser)
    expect(known.result).toEqual({ current: { name: "Shared", slug: theirs.slug }, any: true })
    expect(known.operations).toHaveLength(strategy === "jwt" ? 0 : 1)

    // The owner removes them (another browser, as on a real page): the header never names an
    // organization they no longer belong to.
    await orgs.removeMember({ userId: owner.id }, theirs.id, user.id)
    expect((await header(browser)).result).toEqual({ current: null, any: false })
  })

  it("a membership another process made: shown once its word reaches this process, never lost", async () => {
    const orgs = organizationOperations(base)
    const user = await account(db)
    const owner = await account(db)
    const browser = await signedIn(base, user.email)
    expect((await header(browser)).result).toEqual({ current: null, any: false })
    const org = (await orgs.create({ userId: owner.id }, { name: "Elsewhere", slug: slug() })).organization
    // Another instance's insert: this process is not told.
    await db.prisma.member.create({ data: { organizationId: org.id, userId: user.id, roles: "member" } })
    if (strategy === "database") {
      // Every database read asks: at once. A member with no active organization needs no list, and
      // the session's own statement read that none is active.
      expect((await header(browser)).result).toEqual({ current: null, any: true })
      expect((await header(browser)).operations).toHaveLength(1)
      return
    }
    // Within the revocation delay a jwt header may not know yet (docs/deploying.md)...
    expect((await header(browser)).result?.any).toBe(false)
    // ...and knows as soon as the channel's message (or the delay's end) drops the cached read.
    cache.forget(user.id)
    expect((await header(browser)).result).toEqual({ current: null, any: true })
    // With no active organization in the token, nothing more is asked: the switcher lists on opening.
    const known = await header(browser)
    expect(known.result).toEqual({ current: null, any: true })
    expect(known.operations).toEqual([])
  })
})
