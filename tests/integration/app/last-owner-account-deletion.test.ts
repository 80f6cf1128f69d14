/**
 * The two ways an account ends, as the starter's server actions run them (a crafted POST calls
 * them the same way), against the app's own configuration on a real SQLite file: Settings › Delete
 * account by the only owner of organizations, and the admin's "Delete user" on such an owner. Both
 * are refused with a sentence naming the organizations to transfer or delete first, and the
 * account, its session, its memberships and the organizations stay as they were. Once the
 * ownership is transferred, the same deletion goes through and the organization keeps its owner.
 * The library's side runs on PostgreSQL too (tests/integration/auth/organizations/last-owner-deletion.test.ts).
 */
import { RequestCookies } from "next/dist/compiled/@edge-runtime/cookies"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { signUp } from "@/server/accounts/users"
import { appSessionCookieValue } from "@/tests/helpers/app-session"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { envFor } from "@/tests/helpers/env"

const incoming = { headers: new Headers() }
vi.mock("next/headers", () => ({
  headers: async () => incoming.headers,
  cookies: async () => new RequestCookies(incoming.headers),
}))
vi.mock("next/cache", () => ({ revalidatePath: () => {} }))

const ORIGIN = "http://app.localhost:3000"
const SECRET = "last-owner-secret-0123456789abcdef01234567"
const COOKIE = "authjs.session-token"
const env = envFor(["AUTH_SECRET", "AUTH_URL", "AUTH_SESSION_STRATEGY", "DATABASE_URL", "EMAIL_SERVER", "AUTH_ADMIN_EMAILS"])

function form(fields: Record<string, string>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

describe("deleting the last owner's account: Settings and the admin's Delete user (sqlite, database sessions)", () => {
  let db: TestDatabase
  let settings: typeof import("@/app/(protected)/settings/delete-account-actions")
  let adminActions: typeof import("@/app/admin/users/[id]/actions")
  let ops: import("@/lib/auth").OrganizationOperations
  let n = 0

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    env.set({ AUTH_SECRET: SECRET, AUTH_URL: ORIGIN, AUTH_SESSION_STRATEGY: "database", DATABASE_URL: db.url, EMAIL_SERVER: undefined, AUTH_ADMIN_EMAILS: undefined })
    settings = await import("@/app/(protected)/settings/delete-account-actions")
    adminActions = await import("@/app/admin/users/[id]/actions")
    const { authConfig } = await import("@/auth")
    const { organizationOperations } = await import("@/lib/auth")
    ops = organizationOperations(authConfig)
  })
  afterAll(async () => {
    env.restore()
    await db?.cleanup()
  })

  async function person(roles?: string) {
    const email = `last-owner-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: `Person ${n}`, password: "last owner lantern 2026" })
    if (!created.ok) throw new Error(created.message)
    await db.prisma.user.update({ where: { id: created.user.id }, data: { emailVerified: new Date(), roles: roles ?? null } })
    return { id: created.user.id, email }
  }

  async function signIn(who: { id: string }): Promise<void> {
    const value = await appSessionCookieValue(db, who.id, { strategy: "database", secret: SECRET, cookieName: COOKIE })
    incoming.headers = new Headers({ host: "app.localhost:3000", origin: ORIGIN, "user-agent": "TestBrowser/1.0", cookie: `${COOKIE}=${value}` })
  }

  async function organization(owner: { id: string }, name: string, members: { id: string; roles: string }[] = []) {
    const { organization } = await ops.create({ userId: owner.id }, { name, slug: `last-owner-${++n}` })
    for (const member of members) await db.prisma.member.create({ data: { organizationId: organization.id, userId: member.id, roles: member.roles } })
    return organization
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

  async function expectRedirect(call: Promise<unknown>, path: RegExp): Promise<void> {
    await expect(call).rejects.toMatchObject({ digest: expect.stringMatching(path) })
  }

  it("Settings › Delete account by the only owner: refused naming the organizations; after a transfer it goes through", async () => {
    const owner = await person()
    const colleague = await person()
    const shared = await organization(owner, "Acme Shared", [{ id: colleague.id, roles: "member" }])
    const solo = await organization(owner, "Solo Works")
    await signIn(owner)
    const before = await stateOf(owner.id)

    const answer = await settings.deleteAccountAction({}, form({ confirmation: owner.email }))

    expect(answer.ok).toBe(false)
    expect(answer.message).toContain(`Acme Shared (${shared.slug})`)
    expect(answer.message).toContain(`Solo Works (${solo.slug})`)
    expect(answer.message).toMatch(/Transfer ownership .* or delete them/)
    expect(await stateOf(owner.id)).toEqual(before)

    await ops.transferOwnership({ userId: owner.id }, shared.id, colleague.id)
    await ops.delete({ userId: owner.id }, solo.id)
    await expectRedirect(settings.deleteAccountAction({}, form({ confirmation: owner.email })), /account=deleted/)
    expect(await db.prisma.user.findUnique({ where: { id: owner.id } })).toBeNull()
    expect((await db.prisma.member.findMany({ where: { organizationId: shared.id } })).map((m) => [m.userId, m.roles])).toEqual([[colleague.id, "owner"]])
  })

  it("the admin's Delete user on the only owner: refused naming the organization; the account stays", async () => {
    const admin = await person("admin")
    const owner = await person()
    const org = await organization(owner, "Owner Only")
    await signIn(admin)
    const before = await stateOf(owner.id)

    const answer = await adminActions.deleteUserAction({}, form({ userId: owner.id }))

    expect(answer).toEqual({ ok: false, message: `This user is the only owner of Owner Only (${org.slug}): transfer ownership or delete the organization first.` })
    expect(await stateOf(owner.id)).toEqual(before)
    expect(await db.prisma.securityEvent.count({ where: { type: "user-deleted", userId: owner.id } })).toBe(0)
  })
})
