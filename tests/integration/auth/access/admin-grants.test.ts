/**
 * Nobody acts above their own authority (ASVS 5.0 8.2.1, 8.2.2, 8.3.1), on real SQLite and
 * PostgreSQL, with app-defined roles: a `support` role that may only change roles, a `moderator`
 * that may only ban, and a `helpdesk` that may ban, delete, end sessions, turn off two-factor and
 * impersonate but not change roles. Each operation aimed at someone holding a permission the actor
 * lacks is refused with PermissionDenied and the target's records are exactly as they were; the
 * same operation on someone within the actor's reach goes through, so the refusals are not a
 * broken operation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminOperations, builtInResources, defineAccessControl, PermissionDenied, startImpersonation, type AdminActor, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { ValidSinceCache } from "@/lib/auth/session/valid-since-cache"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, SECRET } from "../support"

const PASSWORD = "admin-grants-password-8812"

const control = defineAccessControl({
  resources: builtInResources,
  roles: {
    support: { user: ["set-role"] },
    moderator: { user: ["ban"] },
    helpdesk: { user: ["ban", "delete", "disable-two-factor", "impersonate"], session: ["revoke"] },
  },
})

describe.each(["sqlite", "postgresql"] as const)("admin operations stay within the actor's own roles (%s)", (provider) => {
  let db: TestDatabase
  let config: AuthConfig
  let n = 0

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    config = {
      secret: SECRET,
      basePath: BASE,
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      session: { strategy: "database", revocationDelay: 60, revocationCache: new ValidSinceCache() },
      providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) })],
      access: { control },
    }
  })
  afterAll(() => db.cleanup())

  const ops = () => adminOperations(config)
  const fresh = (userId: string): AdminActor => ({ userId, authenticatedAt: new Date() })

  async function account(roles?: string): Promise<{ id: string; email: string }> {
    const email = `grants-${provider}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: `Person ${n}`, password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    await db.prisma.user.update({ where: { id: created.user.id }, data: { roles: roles ?? null, emailVerified: new Date() } })
    return { id: created.user.id, email }
  }

  async function signedIn(email: string): Promise<Browser> {
    const browser = new Browser(config)
    await browser.signInWithCredentials({ email, password: PASSWORD })
    if (!browser.sessionValue()) throw new Error(`sign-in failed for ${email}`)
    return browser
  }

  /** Everything the operations could change about a user. */
  async function recordOf(userId: string) {
    const [user, sessions, twoFactor] = await Promise.all([
      db.prisma.user.findUnique({ where: { id: userId }, select: { roles: true, bannedAt: true, banExpires: true } }),
      db.prisma.session.findMany({ where: { userId }, select: { sessionToken: true, impersonatedBy: true }, orderBy: { sessionToken: "asc" } }),
      db.prisma.twoFactor.findUnique({ where: { userId } }),
    ])
    return { user, sessions, twoFactor }
  }

  async function refusedWith(call: Promise<unknown>): Promise<string> {
    const error = await call.then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(PermissionDenied)
    return (error as PermissionDenied).message
  }

  it("set role: support grants only roles whose permissions it holds, never admin, never its own, never over a moderator", async () => {
    const support = await account("support")
    const accomplice = await account()
    const moderator = await account("moderator")
    const before = await recordOf(accomplice.id)

    // A role carrying `ban`, which support lacks; admin; a mix that smuggles one in.
    expect(await refusedWith(ops().setRoles(fresh(support.id), accomplice.id, ["moderator"]))).toMatch(/roles whose permissions you hold/)
    expect(await refusedWith(ops().setRoles(fresh(support.id), accomplice.id, ["admin"]))).toMatch(/Only an admin grants the admin role/)
    expect(await refusedWith(ops().setRoles(fresh(support.id), accomplice.id, ["support", "helpdesk"]))).toMatch(/roles whose permissions you hold/)
    // Its own roles, up or down.
    expect(await refusedWith(ops().setRoles(fresh(support.id), support.id, ["support", "moderator"]))).toMatch(/own roles/)
    expect(await refusedWith(ops().setRoles(fresh(support.id), support.id, []))).toMatch(/own roles/)
    // Taking roles from someone who holds what support does not.
    expect(await refusedWith(ops().setRoles(fresh(support.id), moderator.id, []))).toMatch(/holds permissions you do not/)

    expect(await recordOf(accomplice.id)).toEqual(before)
    expect((await recordOf(support.id)).user?.roles).toBe("support")
    expect((await recordOf(moderator.id)).user?.roles).toBe("moderator")
    expect(await db.prisma.securityEvent.count({ where: { type: "roles-changed", userId: { in: [accomplice.id, support.id, moderator.id] } } })).toBe(0)

    // Within its reach it works: support makes another support.
    expect(await ops().setRoles(fresh(support.id), accomplice.id, ["support"])).toBe("done")
    expect((await recordOf(accomplice.id)).user?.roles).toBe("support")
  })

  it("set role: an admin grants admin, but does not change their own roles either", async () => {
    const admin = await account("admin")
    const other = await account()
    expect(await refusedWith(ops().setRoles(fresh(admin.id), admin.id, []))).toMatch(/own roles/)
    expect((await recordOf(admin.id)).user?.roles).toBe("admin")
    expect(await ops().setRoles(fresh(admin.id), other.id, ["admin"])).toBe("done")
  })

  it("ban: a moderator cannot ban an admin, helpdesk cannot ban support (set-role it lacks); a plain user can be banned", async () => {
    const moderator = await account("moderator")
    const helpdesk = await account("helpdesk")
    const admin = await account("admin")
    const support = await account("support")
    await signedIn(support.email)
    const [adminBefore, supportBefore] = [await recordOf(admin.id), await recordOf(support.id)]

    await refusedWith(ops().ban(fresh(moderator.id), admin.id, { reason: "coup", until: null }))
    await refusedWith(ops().ban(fresh(helpdesk.id), support.id, { reason: "coup", until: null }))

    expect(await recordOf(admin.id)).toEqual(adminBefore)
    expect(await recordOf(support.id)).toEqual(supportBefore)
    expect(supportBefore.sessions).toHaveLength(1)
    const plain = await account()
    expect(await ops().ban(fresh(moderator.id), plain.id, { reason: "spam", until: null })).toBe("done")
  })

  it("delete: helpdesk cannot delete a support user; the account and its sessions stay", async () => {
    const helpdesk = await account("helpdesk")
    const support = await account("support")
    await signedIn(support.email)
    const before = await recordOf(support.id)

    await refusedWith(ops().deleteUser(fresh(helpdesk.id), support.id))

    expect(await recordOf(support.id)).toEqual(before)
    expect(before.user).not.toBeNull()
    expect(await db.prisma.securityEvent.count({ where: { type: "user-deleted", actorId: helpdesk.id } })).toBe(0)
    const plain = await account()
    expect(await ops().deleteUser(fresh(helpdesk.id), plain.id)).toBe("done")
  })

  it("revoke sessions: helpdesk cannot end a support user's sessions, all or one; they still work", async () => {
    const helpdesk = await account("helpdesk")
    const support = await account("support")
    const browser = await signedIn(support.email)
    const before = await recordOf(support.id)

    await refusedWith(ops().revokeAllUserSessions(fresh(helpdesk.id), support.id))
    await refusedWith(ops().revokeUserSession(fresh(helpdesk.id), support.id, "any-session-id"))

    expect(await recordOf(support.id)).toEqual(before)
    const session = (await (await browser.send(`${BASE}/session`)).json()) as { user?: { email?: string } } | null
    expect(session?.user?.email).toBe(support.email)
  })

  it("turn off two-factor: helpdesk cannot turn off a support user's second factor", async () => {
    const helpdesk = await account("helpdesk")
    const support = await account("support")
    await db.prisma.twoFactor.create({ data: { userId: support.id, secret: "sealed-secret-placeholder" } })
    const before = await recordOf(support.id)

    await refusedWith(ops().disableTwoFactor(fresh(helpdesk.id), support.id))

    expect(await recordOf(support.id)).toEqual(before)
    expect(before.twoFactor).not.toBeNull()
    const plain = await account()
    await db.prisma.twoFactor.create({ data: { userId: plain.id, secret: "sealed-secret-placeholder" } })
    expect(await ops().disableTwoFactor(fresh(helpdesk.id), plain.id)).toBe("done")
    expect(await db.prisma.twoFactor.findUnique({ where: { userId: plain.id } })).toBeNull()
  })

  it("impersonate: helpdesk cannot become a support user (and so borrow set-role); no session is made", async () => {
    const helpdesk = await account("helpdesk")
    const support = await account("support")
    const browser = await signedIn(helpdesk.email)
    const request = browser.request("/dashboard")
    const impersonations = () => db.prisma.session.count({ where: { impersonatedBy: helpdesk.id } })

    await refusedWith(startImpersonation(config, request, fresh(helpdesk.id), support.id, "ticket: cannot sign in"))

    expect(await impersonations()).toBe(0)
    expect(await db.prisma.securityEvent.count({ where: { type: "impersonation-started", userId: support.id } })).toBe(0)
    const plain = await account()
    await startImpersonation(config, request, fresh(helpdesk.id), plain.id, "ticket: cannot sign in")
    expect(await impersonations()).toBe(1)
  })
})
