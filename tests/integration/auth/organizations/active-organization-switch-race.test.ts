/**
 * A jwt switch of the active organization racing the removal of that membership, in one process on
 * real SQLite: the switch reads the membership, the owner removes the member, another tab of the
 * member's reads its session (so the process learns the new memberships version), and only then
 * does the switch write its token. The token must not re-arm the membership: it carries no active
 * organization, and the member is refused for that organization.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { organizationOperations, type Adapter, type AuthConfig } from "@/lib/auth"
import { readRequestSession } from "@/lib/auth/frameworks/shared/session"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { ACTIVE_ORGANIZATION_CLAIM } from "@/lib/auth/organizations/active"
import { decodeSessionToken } from "@/lib/auth/session/jwt-session"
import { resolveAuthConfig } from "@/lib/auth/auth"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { ORIGIN } from "../support"
import { account, apply, organizationConfig, requestOf, signedIn } from "./support"

describe("an organization switch racing the removal of that membership (sqlite, jwt sessions)", () => {
  let db: TestDatabase
  let config: AuthConfig
  let orgs: ReturnType<typeof organizationOperations>
  /** Runs once, between the switch's read of the membership and its token write. */
  let betweenReadAndWrite: (() => Promise<void>) | undefined

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    const base = organizationConfig(db, "jwt")
    const prisma = PrismaAdapter(db.prisma)
    const adapter: Adapter = {
      ...prisma,
      async getActiveMembership(userId, organizationId) {
        const read = await prisma.getActiveMembership!(userId, organizationId)
        const race = betweenReadAndWrite
        betweenReadAndWrite = undefined
        if (race) await race()
        return read
      },
    }
    config = { ...base, adapter }
    orgs = organizationOperations(config)
  })
  afterAll(() => db?.cleanup())

  it("the removed member's new token carries no active organization and reads no membership of it", async () => {
    const owner = await account(db)
    const member = await account(db)
    const org = (await orgs.create({ userId: owner.id }, { name: "Racing", slug: `race-${Date.now().toString(36)}` })).organization
    const browser = await signedIn(config, member.email)
    const { token } = await orgs.invite({ userId: owner.id }, org.id, { email: member.email })
    await orgs.acceptInvitation({ userId: member.id }, token)
    const otherTab = browser.cookieHeader()

    betweenReadAndWrite = async () => {
      await orgs.removeMember({ userId: owner.id }, org.id, member.id)
      // Another request of the member's lands now and reads their standing afresh.
      const read = await readRequestSession(config, { origin: ORIGIN, cookie: otherTab })
      expect(read.session?.user?.email).toBe(member.email)
    }
    const switched = await orgs.setActive(requestOf(browser), org.id)
    expect(betweenReadAndWrite).toBeUndefined()
    apply(browser, switched.cookies)

    const resolved = resolveAuthConfig(config)
    const written = await decodeSessionToken({ config: resolved, cookies: resolved.cookies.insecure }, browser.sessionValue())
    expect(written?.[ACTIVE_ORGANIZATION_CLAIM] ?? null).toBeNull()

    const next = await readRequestSession(config, { origin: ORIGIN, cookie: browser.cookieHeader() })
    expect(next.session?.user?.email).toBe(member.email)
    expect(next.proof?.organization?.membership ?? null).toBeNull()
    expect(await orgs.active(requestOf(browser))).toBeNull()
    expect(await db.prisma.member.count({ where: { organizationId: org.id, userId: member.id } })).toBe(0)
  })
})
