/**
 * A password or code re-authentication under the database strategy replaces
 * the session token (OWASP ASVS 5.0 7.2.4), on real SQLite and PostgreSQL
 * through the Prisma adapter: the cookie held before the proof is refused
 * afterwards, the new one works, the user stays signed in, and the session
 * keeps its start (absolute lifetime), browser and active organization.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { MemoryRateLimitStore } from "@/lib/auth/rate-limit"
import { newRecoveryCodes } from "@/lib/auth/two-factor/recovery-codes"
import { adapterOnNewDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, SECRET } from "../support"
import { ada, passwordProvider, passwords } from "./support"

const SESSION = "authjs.session-token"
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) Rotation/1.0"

describe.each(["sqlite", "postgresql"] as const)("re-authentication replaces the session token (%s, database sessions)", (provider) => {
  let db: TestDatabase
  let config: AuthConfig
  let adapter: Awaited<ReturnType<typeof adapterOnNewDatabase>>["adapter"]

  beforeAll(async () => {
    const made = await adapterOnNewDatabase(provider)
    db = made.db
    adapter = made.adapter
    // The id the credentials provider answers with (the adapter's createUser would make its own).
    await db.prisma.user.create({ data: { id: ada.id, email: ada.email!, name: ada.name } })
    config = {
      secret: SECRET,
      trustHost: true,
      basePath: BASE,
      adapter: made.adapter,
      session: { strategy: "database" },
      providers: [passwordProvider()],
      organizations: { enabled: true },
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
      rateLimit: { store: new MemoryRateLimitStore() },
    }
  })
  afterAll(() => db.cleanup())

  async function signedIn(): Promise<Browser> {
    const browser = new Browser(config)
    const res = await browser.send(`${BASE}/callback/credentials`, {
      form: { csrfToken: await browser.csrfToken(), email: ada.email!, password: passwords[ada.email!]! },
      headers: { "user-agent": USER_AGENT },
    })
    expect(res.status).toBe(302)
    return browser
  }

  async function confirm(browser: Browser, form: Record<string, string>): Promise<Response> {
    const csrfToken = await browser.csrfToken()
    return browser.send(`${BASE}/reauthenticate`, { form: { csrfToken, callbackUrl: "/settings", ...form }, headers: { "user-agent": "Another/2.0" } })
  }

  async function sessionWith(cookieValue: string): Promise<unknown> {
    const res = await new Browser(config).send(`${BASE}/session`, { cookie: `${SESSION}=${cookieValue}` })
    expect(res.status).toBe(200)
    return res.json()
  }

  it("after a right password the old cookie is refused, the new one works, and the session keeps its start, browser and organization", async () => {
    const browser = await signedIn()
    const before = browser.sessionValue()
    const organization = await db.prisma.organization.create({ data: { name: "Rotation", slug: `rotation-${provider}` } })
    await db.prisma.member.create({ data: { organizationId: organization.id, userId: ada.id, roles: "owner" } })
    // Signed in an hour ago: the absolute lifetime counts from there, not from the proof.
    const signedInAt = new Date(Date.now() - 3600_000)
    await db.prisma.session.update({ where: { sessionToken: before }, data: { createdAt: signedInAt, activeOrganizationId: organization.id } })

    const res = await confirm(browser, { method: "password", password: passwords[ada.email!]! })
    expect(res.status).toBe(302)
    expect(new URL(res.headers.get("location")!).pathname).toBe("/settings")
    const after = browser.sessionValue()
    expect(after).not.toBe(before)
    // The response sets the session cookie once, to the new token.
    expect(res.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION}=`))).toEqual([expect.stringMatching(new RegExp(`^${SESSION}=${after};`))])

    expect(await sessionWith(before)).toBeNull()
    expect(await sessionWith(after)).toMatchObject({ user: { email: ada.email } })
    expect(await (await browser.send(`${BASE}/session`)).json()).toMatchObject({ user: { email: ada.email } })

    const rows = await db.prisma.session.findMany({ where: { userId: ada.id } })
    expect(rows.map((r) => r.sessionToken)).toEqual([after])
    const [row] = rows
    expect(row!.createdAt).toEqual(signedInAt)
    expect(row!.userAgent).toBe(USER_AGENT)
    expect(row!.activeOrganizationId).toBe(organization.id)
    expect(row!.authenticatedAt!.getTime()).toBeGreaterThan(signedInAt.getTime())
    await db.prisma.session.deleteMany({ where: { userId: ada.id } })
  })

  it("a recovery code re-authentication replaces the token too; a wrong password replaces nothing", async () => {
    const browser = await signedIn()
    const before = browser.sessionValue()
    const wrong = await confirm(browser, { method: "password", password: "not-the-password" })
    expect(new URL(wrong.headers.get("location")!).searchParams.get("error")).toBe("wrong_password")
    expect(browser.sessionValue()).toBe(before)
    expect(await sessionWith(before)).toMatchObject({ user: { email: ada.email } })

    // A user with no password confirms with a code alone.
    const codes = await newRecoveryCodes(ada.id)
    const twoFactor = { ...config, providers: [passwordProvider(undefined, [ada.id])] }
    await adapter.enableTwoFactor!(ada.id, { secret: "never-opened: the code is a recovery code", recoveryCodeHashes: codes.hashes })
    browser.config = twoFactor
    const res = await confirm(browser, { method: "code", code: codes.codes[0]! })
    expect(res.status).toBe(302)
    expect(new URL(res.headers.get("location")!).pathname).toBe("/settings")
    const after = browser.sessionValue()
    expect(after).not.toBe(before)
    expect(await sessionWith(before)).toBeNull()
    expect(await sessionWith(after)).toMatchObject({ user: { email: ada.email } })
  })
})
