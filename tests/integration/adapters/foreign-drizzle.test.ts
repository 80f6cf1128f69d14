// An app on @auth/drizzle-adapter moves here without touching its schema: the adapter
// object as the package builds it, over the tables of Auth.js's Drizzle guide, on SQLite
// (better-sqlite3) and PostgreSQL. Every sign-in way, linking, sign-out, the session list (off,
// said so), and a user + session row written as next-auth writes them, signed in by its cookie.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { authJsAdapter, resolveAuthConfig, type AuthConfig, type User } from "@/lib/auth"
import { drizzleAuthAdapter } from "@/examples/drizzle/adapter"
import { featureGapsNotice } from "@/lib/auth/adapters/foreign-adapter"
import Credentials from "@/lib/auth/providers/credentials"
import Nodemailer from "@/lib/auth/providers/nodemailer"
import OIDC from "@/lib/auth/providers/oidc"
import Passkey from "@/lib/auth/providers/passkey"
import { listUserSessions, revokeOtherUserSessions } from "@/lib/auth/session/user-sessions"
import { createDrizzleDatabase, type DrizzleTestDatabase } from "@/tests/helpers/drizzle-db"
import { startOidcServer, type OidcServer } from "@/tests/helpers/oidc-provider"
import { linkIn, smtpTransportOptions, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"
import { SoftAuthenticator } from "@/tests/helpers/soft-authenticator"
import { BASE, Browser, ORIGIN, SECRET, setCookie } from "@/tests/integration/auth/support"
import { sessionOf, signInWith } from "@/tests/integration/auth/oauth/support"

interface UserRow {
  id: string
  email: string | null
  name: string | null
}

describe.each(["sqlite", "postgresql"] as const)("@auth/drizzle-adapter on %s, database sessions", (provider) => {
  let db: DrizzleTestDatabase
  let idp: OidcServer
  let smtp: TestSmtpServer
  let config: AuthConfig
  const warnings: { code: string; message: unknown[] }[] = []
  const errors: unknown[] = []

  beforeAll(async () => {
    db = await createDrizzleDatabase(provider)
    smtp = await startSmtpServer()
    idp = await startOidcServer({
      redirectUris: [`${ORIGIN}${BASE}/callback/oidc`],
      accounts: [
        { sub: "oidc-new", email: "oidc-new@example.com", name: "Oidc New" },
        { sub: "oidc-link", email: "elsewhere@example.org", name: "Linked Elsewhere" },
      ],
    })
    config = {
      secret: SECRET,
      trustHost: true,
      basePath: BASE,
      rateLimit: false,
      // As @auth/drizzle-adapter builds it, with the companions: single-use passkey challenges, and
      // when each session began and was last proved (step-up: linking while signed in).
      // examples/drizzle/adapter.ts, as an app following that example builds it.
      adapter: drizzleAuthAdapter(db.adapter, db.sql),
      session: { strategy: "database" },
      experimental: { enableWebAuthn: true },
      logger: {
        error: (_code, ...message) => void errors.push(...message),
        warn: (code, ...message) => void warnings.push({ code, message }),
        debug: () => {},
      },
      providers: [
        Credentials({
          credentials: { email: {}, password: {} },
          // The app's own check; the user row is the Drizzle table's.
          authorize: async (c): Promise<User | null> => {
            if (c.password !== "correct") return null
            const [user] = await db.query<UserRow>(`SELECT "id", "email", "name" FROM "user" WHERE "email" = ?`, [String(c.email)])
            return user ? { id: user.id, email: user.email, name: user.name } : null
          },
        }),
        Nodemailer({ server: smtpTransportOptions(smtp.port), from: "Site <no-reply@example.test>" }),
        OIDC({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }),
        Passkey(),
      ],
    }
  }, 60_000)

  afterAll(async () => {
    await idp?.close()
    await smtp?.close()
    await db?.cleanup()
  })

  const sessionRows = (userId: string) => db.query<{ sessionToken: string }>(`SELECT "sessionToken" FROM "session" WHERE "userId" = ?`, [userId])
  const userByEmail = async (email: string) => (await db.query<UserRow>(`SELECT "id", "email", "name" FROM "user" WHERE "email" = ?`, [email]))[0]

  async function signInByLink(browser: Browser, email: string): Promise<Response> {
    const csrfToken = await browser.csrfToken()
    const res = await browser.send(`${BASE}/signin/nodemailer`, { form: { csrfToken, email, callbackUrl: "/dashboard" } })
    expect(res.status).toBe(302)
    const mail = await smtp.waitFor(email)
    return browser.send(linkIn(mail, `${ORIGIN}${BASE}/callback/nodemailer?`))
  }

  it("takes the adapter as it is, and names once what is off and which methods are missing", async () => {
    const notice = featureGapsNotice(config.adapter)
    // The companions in this configuration fill two gaps: they are not named.
    expect(notice).not.toContain("step-up")
    expect(featureGapsNotice(authJsAdapter(db.adapter))).toContain("step-up")
    for (const [feature, method] of [
      ["two-factor sign-in", "getTwoFactor"],
      ["security log", "createSecurityEvent"],
      ["session list", "listSessions"],
      ["sessions-valid-since", "getSessionsValidSince"],
      ["roles and bans", "getUserAccess"],
      ["admin operations", "listUsers"],
    ]) {
      expect(notice).toContain(feature)
      expect(notice).toContain(method)
    }
    const res = await new Browser(config).send(`${BASE}/session`)
    expect(res.status).toBe(200)
    expect(warnings.filter((w) => w.code === "adapter-features-off")).toHaveLength(provider === "sqlite" ? 1 : 0)
  })

  it("without the passkey companion passkeys still start, the challenge in a 6-minute cookie alone (15 with it)", async () => {
    const browser = new Browser({ ...config, adapter: authJsAdapter(db.adapter) })
    expect((await browser.send(`${BASE}/session`)).status).toBe(200)
    const alone = await browser.send(`${BASE}/webauthn-options/passkey?action=authenticate`)
    expect(alone.status).toBe(200)
    expect(setCookie(alone, "authjs.challenge")?.attributes["max-age"]).toBe("360")
    const withCompanion = await new Browser(config).send(`${BASE}/webauthn-options/passkey?action=authenticate`)
    expect(setCookie(withCompanion, "authjs.challenge")?.attributes["max-age"]).toBe("900")
    expect(errors.filter((e) => e instanceof Error && e.name === "MissingAdapterMethods")).toEqual([])
  })

  it("signs in by email link: a new user row in the Drizzle table, verified, with a database session", async () => {
    const browser = new Browser(config)
    const res = await signInByLink(browser, "link@example.com")
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    const user = await userByEmail("link@example.com")
    expect(user).toBeDefined()
    expect((await sessionOf(browser))?.user?.email).toBe("link@example.com")
    expect((await sessionRows(user!.id)).map((r) => r.sessionToken)).toEqual([browser.sessionValue()])
  })

  it("signs in with a password (credentials) on the Drizzle user, and signs out deleting the row", async () => {
    const browser = new Browser(config)
    const res = await browser.signInWithCredentials({ email: "link@example.com", password: "correct" })
    expect(res.status).toBe(302)
    expect((await sessionOf(browser))?.user?.email).toBe("link@example.com")
    const token = browser.sessionValue()
    const user = await userByEmail("link@example.com")
    expect((await sessionRows(user!.id)).map((r) => r.sessionToken)).toContain(token)

    const csrfToken = await browser.csrfToken()
    const out = await browser.send(`${BASE}/signout`, { form: { csrfToken } })
    expect(out.status).toBe(302)
    expect(await sessionOf(browser)).toBeNull()
    expect((await sessionRows(user!.id)).map((r) => r.sessionToken)).not.toContain(token)
  })

  it("signs in with OIDC: a new user and its account row", async () => {
    const browser = new Browser(config)
    const res = await signInWith(browser, "oidc", "oidc-new")
    expect(res.status).toBe(302)
    expect((await sessionOf(browser))?.user?.email).toBe("oidc-new@example.com")
    const user = await userByEmail("oidc-new@example.com")
    const accounts = await db.query<{ userId: string; type: string }>(`SELECT "userId", "type" FROM "account" WHERE "providerAccountId" = ?`, ["oidc-new"])
    expect(accounts).toEqual([{ userId: user!.id, type: "oidc" }])
  })

  it("links a provider account to the signed-in user, and it signs that user in afterwards", async () => {
    const browser = new Browser(config)
    await signInByLink(browser, "linker@example.com")
    const user = await userByEmail("linker@example.com")
    const linked = await signInWith(browser, "oidc", "oidc-link")
    expect(linked.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    const accounts = await db.query<{ userId: string }>(`SELECT "userId" FROM "account" WHERE "providerAccountId" = ?`, ["oidc-link"])
    expect(accounts).toEqual([{ userId: user!.id }])
    // No user was made for the provider's other address.
    expect(await userByEmail("elsewhere@example.org")).toBeUndefined()

    const fresh = new Browser(config)
    await signInWith(fresh, "oidc", "oidc-link")
    expect((await sessionOf(fresh))?.user?.email).toBe("linker@example.com")
  })

  it("signs up and in with a passkey, and a replayed response does not sign in again", async () => {
    const authenticator = new SoftAuthenticator({ counter: "increment" })
    const register = new Browser(config)
    const options = async (browser: Browser, query: Record<string, string>) => {
      const res = await browser.send(`${BASE}/webauthn-options/passkey?${new URLSearchParams(query)}`)
      expect(res.status, await res.clone().text()).toBe(200)
      return ((await res.json()) as { options: Parameters<SoftAuthenticator["register"]>[0] }).options
    }
    const post = async (browser: Browser, action: string, data: unknown, cookie?: string) => {
      const csrfToken = await browser.csrfToken()
      const csrfCookie = browser.jar.get("authjs.csrf-token")
      return browser.send(`${BASE}/callback/passkey`, {
        form: { action, data: JSON.stringify(data), callbackUrl: "/dashboard", csrfToken },
        ...(cookie === undefined ? {} : { cookie: `${cookie}; authjs.csrf-token=${csrfCookie}` }),
      })
    }
    const created = await post(register, "register", authenticator.register(await options(register, { action: "register", email: "passkey@example.com" }), { origin: ORIGIN }))
    expect(created.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    const user = await userByEmail("passkey@example.com")
    expect(await db.query(`SELECT "credentialID" FROM "authenticator" WHERE "userId" = ?`, [user!.id])).toHaveLength(1)

    const browser = new Browser(config)
    const assertion = authenticator.authenticate(await options(browser, { action: "authenticate" }), { origin: ORIGIN })
    const cookie = browser.cookieHeader()
    const res = await post(browser, "authenticate", assertion)
    expect(res.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect((await sessionOf(browser))?.user?.email).toBe("passkey@example.com")

    const replay = new Browser(config)
    const replayed = await post(replay, "authenticate", assertion, cookie)
    expect(setCookie(replayed, "authjs.session-token")).toBeUndefined()
    expect(new URL(replayed.headers.get("location")!).searchParams.get("error")).toBe("WebAuthnVerificationError")
  })

  it("signs in a user and session written as next-auth wrote them, with the existing cookie", async () => {
    const id = randomUUID()
    const sessionToken = randomUUID()
    const expires = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000)
    const at = (d: Date) => (provider === "sqlite" ? d.getTime() : d)
    await db.sql.execute(
      provider === "sqlite"
        ? `INSERT INTO "user" ("id", "name", "email", "emailVerified") VALUES (?, ?, ?, ?)`
        : `INSERT INTO "user" ("id", "name", "email", "emailVerified") VALUES ($1, $2, $3, $4)`,
      [id, "Old Timer", "old@example.com", at(new Date("2024-01-01T00:00:00Z"))],
    )
    await db.sql.execute(
      provider === "sqlite"
        ? `INSERT INTO "session" ("sessionToken", "userId", "expires") VALUES (?, ?, ?)`
        : `INSERT INTO "session" ("sessionToken", "userId", "expires") VALUES ($1, $2, $3)`,
      [sessionToken, id, at(expires)],
    )
    const browser = new Browser(config)
    browser.jar.set("authjs.session-token", sessionToken)
    const session = await sessionOf(browser)
    expect(session?.user).toMatchObject({ name: "Old Timer", email: "old@example.com" })
  })

  it("says the session list and revoking other sessions are unsupported, and does not fail", async () => {
    errors.length = 0
    const browser = new Browser(config)
    await signInByLink(browser, "lister@example.com")
    const resolved = resolveAuthConfig(config)
    const request = browser.request("/settings")
    expect(await listUserSessions(resolved, request)).toEqual({ status: "unsupported" })
    expect(await revokeOtherUserSessions(resolved, request)).toEqual({ status: "unsupported" })
    expect(errors).toEqual([])
  })
})
