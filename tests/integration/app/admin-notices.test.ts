/**
 * The starter's configuration (auth.ts) mails a user what an administrator did to their account,
 * through the library's admin events: the admin operations run for real against
 * SQLite, and the mails are read from a real SMTP server. A suspension mail gives the end, never
 * the admin's reason; turning two-factor off sends the admin's notice alone, not the owner's
 * "you turned it off" one as well.
 */
import { randomBytes } from "node:crypto"
import { URI } from "otpauth"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminOperations, beginTwoFactorSetup, confirmTwoFactorSetup, startImpersonation, stopImpersonation, type AdminActor } from "@/lib/auth"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { envFor } from "@/tests/helpers/env"
import { linkIn, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"

const ORIGIN = "http://app.localhost:3000"
const env = envFor(["AUTH_SECRET", "AUTH_URL", "AUTH_SESSION_STRATEGY", "DATABASE_URL", "EMAIL_SERVER"])

let db: TestDatabase
let smtp: TestSmtpServer
let app: typeof import("@/auth")
let n = 0

beforeAll(async () => {
  db = await createTestDatabase("sqlite")
  smtp = await startSmtpServer()
  env.set({
    AUTH_SECRET: "admin-notices-secret-0123456789abcdef0123456",
    AUTH_URL: ORIGIN,
    AUTH_SESSION_STRATEGY: "database",
    DATABASE_URL: db.url,
    EMAIL_SERVER: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
  })
  app = await import("@/auth")
})

afterAll(async () => {
  env.restore()
  await smtp?.close()
  await db?.cleanup()
})

async function account(roles?: string): Promise<{ id: string; email: string }> {
  const email = `notice-${++n}@example.com`
  const created = await signUp(db.prisma, { email, name: `Person ${n}`, password: "admin notices password 7781" })
  if (!created.ok) throw new Error(created.message)
  if (roles) await db.prisma.user.update({ where: { id: created.user.id }, data: { roles } })
  return { id: created.user.id, email }
}

const fresh = (userId: string): AdminActor => ({ userId, authenticatedAt: new Date() })
const ops = () => adminOperations(app.authConfig)

describe("auth.ts admin notices", () => {
  it("a ban mails its end without the admin's reason; a permanent one says so; unbanning mails a way back to sign-in", async () => {
    const admin = await account("admin")
    const user = await account()
    const until = new Date(Date.UTC(2031, 5, 1, 9, 30))

    expect(await ops().ban(fresh(admin.id), user.id, { reason: "chargeback fraud, see ticket 8812", until })).toBe("done")
    const banned = await smtp.waitFor(user.email)
    expect(banned.subject).toBe("Your account is suspended (Auth Starter)")
    expect(banned.text).toContain("until 2031-06-01 09:30 UTC")
    expect(banned.text).toContain("Every session was signed out")
    for (const body of [banned.text, banned.html, banned.subject]) {
      expect(body).not.toContain("chargeback")
      expect(body).not.toContain("8812")
    }

    expect(await ops().unban(fresh(admin.id), user.id)).toBe("done")
    const lifted = await smtp.waitFor(user.email)
    expect(lifted.subject).toBe("Your account is no longer suspended (Auth Starter)")
    expect(linkIn(lifted, ORIGIN)).toBe(`${ORIGIN}/api/auth/signin`)

    await ops().ban(fresh(admin.id), user.id, { reason: "spam", until: null })
    const permanent = await smtp.waitFor(user.email)
    expect(permanent.text).toContain("until further notice")
    expect(permanent.text).not.toContain("spam")
  })

  it("revoking every session mails the user, with a link to their account activity", async () => {
    const admin = await account("admin")
    const user = await account()
    await db.prisma.session.create({ data: { sessionToken: randomBytes(32).toString("hex"), userId: user.id, expires: new Date(Date.now() + 3600_000) } })

    expect(await ops().revokeAllUserSessions(fresh(admin.id), user.id)).toBe("done")
    const mail = await smtp.waitFor(user.email)
    expect(mail.subject).toBe("An administrator signed out your sessions (Auth Starter)")
    expect(mail.text).toContain("every session of your account was signed out")
    expect(linkIn(mail, ORIGIN)).toBe(`${ORIGIN}/settings#security-activity`)
    expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(0)
  })

  it("turning a locked-out user's two-factor off sends the admin's notice, and only that one", async () => {
    const admin = await account("admin")
    const user = await account()
    const setup = await beginTwoFactorSetup(app.authConfig, user)
    await confirmTwoFactorSetup(app.authConfig, user.id, setup.sealedSecret, URI.parse(setup.uri).generate())
    expect((await smtp.waitFor(user.email)).subject).toBe("Two-factor authentication was turned on (Auth Starter)")

    expect(await ops().disableTwoFactor(fresh(admin.id), user.id)).toBe("done")
    const off = await smtp.waitFor(user.email)
    expect(off.subject).toBe("An administrator turned off two-factor authentication (Auth Starter)")
    expect(off.text).toContain("Your recovery codes no longer work")

    // A later notice arrives after anything the disable could still have sent in the background.
    await ops().revokeAllUserSessions(fresh(admin.id), user.id)
    await smtp.waitFor(user.email)
    const subjects = smtp.mails.filter((m) => m.envelopeTo.includes(user.email)).map((m) => m.subject)
    expect(subjects).not.toContain("Two-factor authentication was turned off (Auth Starter)")

    // Already off, or never suspended: nothing changed for the user, so nothing is mailed.
    await ops().disableTwoFactor(fresh(admin.id), user.id)
    await ops().unban(fresh(admin.id), user.id)
    await ops().revokeAllUserSessions(fresh(admin.id), user.id)
    expect((await smtp.waitFor(user.email)).subject).toBe("An administrator signed out your sessions (Auth Starter)")
    const after = smtp.mails.filter((m) => m.envelopeTo.includes(user.email)).map((m) => m.subject)
    expect(after.filter((s) => s.startsWith("An administrator turned off two-factor"))).toHaveLength(1)
  })

  it("an impersonation mails the user its reason and its latest end; stopping it sends nothing more", async () => {
    const admin = await account("admin")
    const user = await account()
    const adminToken = randomBytes(32).toString("hex")
    await db.prisma.session.create({ data: { sessionToken: adminToken, userId: admin.id, expires: new Date(Date.now() + 3600_000) } })
    const request = new Request(`${ORIGIN}/admin/users/${user.id}`, { headers: { cookie: `authjs.session-token=${adminToken}` } })

    const before = Date.now()
    const { cookies } = await startImpersonation(app.authConfig, request, fresh(admin.id), user.id, "ticket 4411: <b>checkout</b> fails")
    const mail = await smtp.waitFor(user.email)
    expect(mail.subject).toBe("An administrator is viewing your account (Auth Starter)")
    expect(mail.text).toContain("“ticket 4411: <b>checkout</b> fails”")
    expect(mail.html).toContain("ticket 4411: &lt;b&gt;checkout&lt;/b&gt; fails")
    const end = /at (\d{4}-\d\d-\d\d \d\d:\d\d) UTC at the latest/.exec(mail.text)?.[1]
    const endMs = Date.parse(`${end?.replace(" ", "T")}:00Z`)
    expect(endMs).toBeGreaterThan(before + 3600_000 - 120_000)
    expect(endMs).toBeLessThanOrEqual(before + 3600_000)
    expect(linkIn(mail, ORIGIN)).toBe(`${ORIGIN}/settings#security-activity`)

    const target = cookies.find((c) => c.name === "authjs.session-token")
    const kept = cookies.find((c) => c.name === "authjs.impersonator-token")
    const stop = new Request(`${ORIGIN}/`, { headers: { cookie: `authjs.session-token=${target?.value}; authjs.impersonator-token=${kept?.value}` } })
    expect((await stopImpersonation(app.authConfig, stop)).status).toBe("stopped")
    await ops().revokeAllUserSessions(fresh(admin.id), user.id)
    expect((await smtp.waitFor(user.email)).subject).toBe("An administrator signed out your sessions (Auth Starter)")
  })
})
