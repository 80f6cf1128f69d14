/**
 * The header's "Admin" link: shown to a user whose session grants the admin area's
 * permission, and to nobody else. Sessions are read by the library from real SQLite rows, as the
 * layout reads them, for an admin by role, a first admin by AUTH_ADMIN_EMAILS (verified address),
 * the same listed address unverified, and a plain user; the header is rendered as the server does.
 */
import { randomBytes } from "node:crypto"
import { createElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { readRequestSession } from "@/lib/auth/frameworks/shared/session"
import type { Session } from "@/lib/auth"
import { SiteHeader } from "@/components/site-header"
import { sectionLinks } from "@/components/section-links"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { envFor } from "@/tests/helpers/env"

const ORIGIN = "http://app.localhost:3000"
const FIRST_ADMIN = "first-admin@example.com"
const env = envFor(["AUTH_SECRET", "AUTH_URL", "AUTH_SESSION_STRATEGY", "DATABASE_URL", "AUTH_ADMIN_EMAILS", "EMAIL_SERVER"])

let db: TestDatabase
let app: typeof import("@/auth")
let n = 0

beforeAll(async () => {
  db = await createTestDatabase("sqlite")
  env.set({
    AUTH_SECRET: "admin-menu-secret-0123456789abcdef0123456789",
    AUTH_URL: ORIGIN,
    AUTH_SESSION_STRATEGY: "database",
    DATABASE_URL: db.url,
    AUTH_ADMIN_EMAILS: FIRST_ADMIN,
    EMAIL_SERVER: undefined,
  })
  app = await import("@/auth")
})

afterAll(async () => {
  env.restore()
  await db?.cleanup()
})

/** A user with a session row, and that session as the library reads it for a request. */
async function sessionOf(options: { email?: string; roles?: string; verified?: boolean } = {}): Promise<Session> {
  const email = options.email ?? `menu-${++n}@example.com`
  const created = await signUp(db.prisma, { email, name: `Person ${n}`, password: "admin menu password 4410" })
  if (!created.ok) throw new Error(created.message)
  await db.prisma.user.update({ where: { id: created.user.id }, data: { roles: options.roles, emailVerified: options.verified ? new Date() : null } })
  const token = randomBytes(32).toString("hex")
  await db.prisma.session.create({ data: { sessionToken: token, userId: created.user.id, expires: new Date(Date.now() + 3600_000) } })
  const read = await readRequestSession(app.authConfig, { origin: ORIGIN, cookie: `authjs.session-token=${token}` })
  if (!read.session) throw new Error("no session")
  return read.session
}

function header(session: Session): string {
  return renderToStaticMarkup(createElement(SiteHeader, { account: null, signedIn: true, admin: app.mayOpenAdminArea(session) }))
}

describe("the header's Admin link", () => {
  it("is shown to an admin, and to a first admin named by AUTH_ADMIN_EMAILS once their address is verified", async () => {
    for (const session of [await sessionOf({ roles: "admin" }), await sessionOf({ email: FIRST_ADMIN, verified: true })]) {
      expect(app.mayOpenAdminArea(session)).toBe(true)
      const markup = header(session)
      expect(markup).toContain('href="/admin"')
      expect(markup).toMatch(/>Admin</)
      expect(markup).toContain('href="/dashboard"')
    }
  })

  it("is hidden from a plain user, from a listed address not yet verified, and when signed out", async () => {
    const plain = await sessionOf()
    await db.prisma.user.deleteMany({ where: { email: FIRST_ADMIN } })
    const unverified = await sessionOf({ email: FIRST_ADMIN, verified: false })
    for (const session of [plain, unverified]) {
      expect(app.mayOpenAdminArea(session)).toBe(false)
      const markup = header(session)
      expect(markup).not.toContain('href="/admin"')
      expect(markup).not.toMatch(/>Admin</)
      expect(markup).toContain('href="/settings"')
    }
    expect(app.mayOpenAdminArea(null)).toBe(false)
  })

  it("the account menu lists the same sections as the header: Admin last, only when allowed", () => {
    expect(sectionLinks({ admin: true }).map((l) => l.label)).toEqual(["Dashboard", "Settings", "Admin"])
    expect(sectionLinks().map((l) => l.label)).toEqual(["Dashboard", "Settings"])
  })
})
