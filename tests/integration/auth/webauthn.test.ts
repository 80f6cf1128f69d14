/**
 * Passkeys end to end through Auth() with real @simplewebauthn/server
 * verification, a real SQLite database and a software authenticator that
 * signs with real P-256 keys. Every attack must end on the error page with a
 * code and without a session; nothing may answer 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Passkey from "@/lib/auth/providers/passkey"
import WebAuthn from "@/lib/auth/providers/webauthn"
import type { AuthConfig } from "@/lib/auth/config/types"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { SoftAuthenticator, type Ceremony } from "@/tests/helpers/soft-authenticator"
import { BASE, Browser, expectNoInternals, ORIGIN, setCookie } from "./support"
import { ageProof } from "./step-up/support"

const CHALLENGE_COOKIE = "authjs.challenge"

interface OptionsAnswer {
  action: "register" | "authenticate"
  options: { challenge: string; rp?: { id: string }; rpId?: string; allowCredentials?: { id: string }[]; excludeCredentials?: { id: string }[] }
}

async function options(browser: Browser, provider: string, query: Record<string, string>): Promise<OptionsAnswer> {
  const res = await browser.send(`${BASE}/webauthn-options/${provider}?${new URLSearchParams(query)}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as OptionsAnswer
}

async function post(browser: Browser, provider: string, action: string, data: unknown, cookie?: string): Promise<Response> {
  const csrfToken = await browser.csrfToken()
  const csrfCookie = browser.jar.get("authjs.csrf-token")
  return browser.send(`${BASE}/callback/${provider}`, {
    form: { action, data: JSON.stringify(data), callbackUrl: "/dashboard", csrfToken },
    // A replayed cookie header still needs this browser's CSRF cookie to match the token.
    ...(cookie === undefined ? {} : { cookie: `${cookie}; authjs.csrf-token=${csrfCookie}` }),
  })
}

function expectRefused(res: Response, code: string, browser?: Browser): void {
  expect(res.status).toBe(302)
  const location = new URL(res.headers.get("location")!)
  expect(`${location.pathname}?${location.searchParams}`).toBe(
    `${BASE}/error?${new URLSearchParams({ error: "WebAuthnVerificationError", code })}`,
  )
  expect(setCookie(res, "authjs.session-token")).toBeUndefined()
  if (browser) expect(browser.sessionValue()).toBe("")
}

function expectSignedIn(res: Response): void {
  expect(res.status).toBe(302)
  expect(res.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
  expect(setCookie(res, "authjs.session-token")?.value).toBeTruthy()
}

const ceremony = (extra: Partial<Ceremony> = {}): Ceremony => ({ origin: ORIGIN, ...extra })

for (const strategy of ["database", "jwt"] as const) {
  describe(`passkeys (${strategy} sessions)`, () => {
    let db: TestDatabase
    let config: AuthConfig

    beforeAll(async () => {
      db = await createTestDatabase("sqlite")
      config = {
        secret: "webauthn-suite-secret-0123456789abcdefghijkl",
        trustHost: true,
        basePath: BASE,
        adapter: PrismaAdapter(db.prisma),
        session: { strategy },
        experimental: { enableWebAuthn: true },
        providers: [Passkey(), WebAuthn({ enableConditionalUI: false })],
        logger: { error: () => {}, warn: () => {} },
        // Every request of this suite comes from one client; the limit has its own test below.
        rateLimit: { rules: { "passkey-start": false } },
      }
    })
    afterAll(() => db.cleanup())

    /** Signs up `email` with a new authenticator; returns both, signed in. */
    async function signUp(email: string, authenticator = new SoftAuthenticator()) {
      const browser = new Browser(config)
      const answer = await options(browser, "passkey", { action: "register", email, name: `  New\u0007  User ${email} ` })
      expect(answer.action).toBe("register")
      const res = await post(browser, "passkey", "register", authenticator.register(answer.options, ceremony()))
      expectSignedIn(res)
      return { browser, authenticator }
    }

    async function signInResponse(authenticator: SoftAuthenticator, extra: Partial<Ceremony> = {}, provider = "passkey") {
      const browser = new Browser(config)
      const answer = await options(browser, provider, { action: "authenticate" })
      const assertion = authenticator.authenticate(answer.options, ceremony(extra))
      const cookie = browser.cookieHeader()
      return { browser, cookie, assertion, res: await post(browser, provider, "authenticate", assertion) }
    }

    it("signs up with a passkey alone: user, webauthn account and authenticator stored in Auth.js's shape", async () => {
      const email = `new-${strategy}@example.com`
      const { browser, authenticator } = await signUp(email)
      const session = await (await browser.send(`${BASE}/session`)).json()
      expect(session.user.email).toBe(email)

      const user = await db.prisma.user.findUniqueOrThrow({ where: { email } })
      expect(user.name).toBe(`New User ${email}`)
      const storedId = Buffer.from(authenticator.credentialId).toString("base64")
      const row = await db.prisma.authenticator.findUniqueOrThrow({ where: { credentialID: storedId } })
      expect(row).toMatchObject({
        userId: user.id,
        providerAccountId: storedId,
        credentialPublicKey: Buffer.from(authenticator.publicKey).toString("base64"),
        counter: 0,
        credentialDeviceType: "multiDevice",
        credentialBackedUp: true,
        transports: "internal,hybrid",
      })
      expect(storedId).toMatch(/^[A-Za-z0-9+/]+=*$/)
      const account = await db.prisma.account.findFirstOrThrow({ where: { userId: user.id } })
      expect(account).toMatchObject({ type: "webauthn", provider: "passkey", providerAccountId: storedId })
      expect(user.passwordHash).toBeNull()
    })

    it("signs in with the passkey (discoverable: no email), moves the counter and records last use", async () => {
      const authenticator = new SoftAuthenticator({ counter: "increment" })
      await signUp(`counter-${strategy}@example.com`, authenticator)
      const { res, browser } = await signInResponse(authenticator)
      expectSignedIn(res)
      expect(setCookie(res, CHALLENGE_COOKIE)?.attributes["max-age"]).toBe("0")
      expect(((await (await browser.send(`${BASE}/session`)).json()) as { user: { email: string } }).user.email).toBe(
        `counter-${strategy}@example.com`,
      )
      const row = await db.prisma.authenticator.findUniqueOrThrow({
        where: { credentialID: Buffer.from(authenticator.credentialId).toString("base64") },
      })
      expect(row.counter).toBe(2)
      expect(row.lastUsedAt).toBeInstanceOf(Date)
    })

    it("with an email, authenticate options list only that user's credentials", async () => {
      const { authenticator } = await signUp(`listed-${strategy}@example.com`)
      const browser = new Browser(config)
      const answer = await options(browser, "passkey", { email: `listed-${strategy}@example.com` })
      expect(answer.action).toBe("authenticate")
      expect(answer.options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id])
    })

    it("refuses the identical request replayed with its own cookie, for a counter-0 passkey", async () => {
      const authenticator = new SoftAuthenticator({ counter: "zero" })
      await signUp(`replay-${strategy}@example.com`, authenticator)
      const { res, cookie, assertion } = await signInResponse(authenticator)
      expectSignedIn(res)
      const attacker = new Browser(config)
      expectRefused(await post(attacker, "passkey", "authenticate", assertion, cookie), "challenge_used", attacker)
    })

    it("refuses an old assertion against a fresh challenge", async () => {
      const authenticator = new SoftAuthenticator()
      await signUp(`stale-${strategy}@example.com`, authenticator)
      const { assertion } = await signInResponse(authenticator)
      const attacker = new Browser(config)
      await options(attacker, "passkey", { action: "authenticate" })
      expectRefused(await post(attacker, "passkey", "authenticate", assertion), "challenge_mismatch", attacker)
    })

    it("refuses a response made for another origin", async () => {
      const authenticator = new SoftAuthenticator()
      await signUp(`origin-${strategy}@example.com`, authenticator)
      const { res, browser } = await signInResponse(authenticator, { origin: "http://evil.example", rpId: "localhost" })
      expectRefused(res, "origin", browser)
    })

    it("refuses a response signed for another relying-party id", async () => {
      const authenticator = new SoftAuthenticator()
      await signUp(`rpid-${strategy}@example.com`, authenticator)
      const { res, browser } = await signInResponse(authenticator, { rpId: "evil.example" })
      expectRefused(res, "rp_id", browser)
    })

    it("passkey provider: refuses an assertion without user verification; the webauthn provider accepts it", async () => {
      const authenticator = new SoftAuthenticator()
      await signUp(`uv-${strategy}@example.com`, authenticator)
      authenticator.userVerified = false
      const refused = await signInResponse(authenticator)
      expectRefused(refused.res, "user_verification", refused.browser)
      // WebAuthn() defaults to userVerification "preferred": presence is enough.
      expectSignedIn((await signInResponse(authenticator, {}, "webauthn")).res)
    })

    it("passkey provider: refuses a registration without user verification", async () => {
      const browser = new Browser(config)
      const answer = await options(browser, "passkey", { action: "register", email: `uv-reg-${strategy}@example.com` })
      const res = await post(browser, "passkey", "register", new SoftAuthenticator({ userVerified: false }).register(answer.options, ceremony()))
      expectRefused(res, "user_verification", browser)
      expect(await db.prisma.user.count({ where: { email: `uv-reg-${strategy}@example.com` } })).toBe(0)
    })

    it("refuses an unknown credential", async () => {
      const { res, browser } = await signInResponse(new SoftAuthenticator())
      expectRefused(res, "unknown_credential", browser)
    })

    it("refuses a counter that went backwards (a cloned authenticator)", async () => {
      const authenticator = new SoftAuthenticator({ counter: "increment", backedUp: false })
      await signUp(`clone-${strategy}@example.com`, authenticator)
      expectSignedIn((await signInResponse(authenticator)).res)
      expectSignedIn((await signInResponse(authenticator)).res)
      authenticator.counter = 1
      const { res, browser } = await signInResponse(authenticator)
      expectRefused(res, "counter", browser)
    })

    it("refuses a tampered clientDataJSON (the signature no longer matches)", async () => {
      const authenticator = new SoftAuthenticator()
      await signUp(`tamper-${strategy}@example.com`, authenticator)
      const browser = new Browser(config)
      const answer = await options(browser, "passkey", { action: "authenticate" })
      const assertion = authenticator.authenticate(answer.options, ceremony())
      const clientData = JSON.parse(Buffer.from(assertion.response.clientDataJSON, "base64url").toString())
      clientData.crossOrigin = false
      clientData.extra = "injected"
      assertion.response.clientDataJSON = Buffer.from(JSON.stringify(clientData)).toString("base64url")
      expectRefused(await post(browser, "passkey", "authenticate", assertion), "signature", browser)
    })

    it("refuses a challenge cookie issued for another action", async () => {
      const authenticator = new SoftAuthenticator()
      await signUp(`action-${strategy}@example.com`, authenticator)
      const browser = new Browser(config)
      const answer = await options(browser, "passkey", { action: "register", email: `someone-else-${strategy}@example.com` })
      const assertion = authenticator.authenticate({ challenge: answer.options.challenge }, ceremony())
      expectRefused(await post(browser, "passkey", "authenticate", assertion), "challenge_mismatch", browser)
    })

    it("refuses a callback without a challenge cookie", async () => {
      const authenticator = new SoftAuthenticator()
      await signUp(`nocookie-${strategy}@example.com`, authenticator)
      const browser = new Browser(config)
      const assertion = authenticator.authenticate({ challenge: "AAAA" }, ceremony())
      expectRefused(await post(browser, "passkey", "authenticate", assertion), "challenge_missing", browser)
    })

    it("a signed-in user adds a second passkey to their own account and keeps their session", async () => {
      const { browser } = await signUp(`two-${strategy}@example.com`)
      const before = browser.sessionValue()
      const second = new SoftAuthenticator()
      const answer = await options(browser, "passkey", { action: "register" })
      expect(answer.options.excludeCredentials).toHaveLength(1)
      const res = await post(browser, "passkey", "register", second.register(answer.options, ceremony()))
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
      expect(browser.sessionValue()).toBe(before)
      const user = await db.prisma.user.findUniqueOrThrow({ where: { email: `two-${strategy}@example.com` } })
      expect(await db.prisma.authenticator.count({ where: { userId: user.id } })).toBe(2)
    })

    it("step-up: a stale proof may not add a passkey (options 403, callback refused, nothing stored); a fresh one may", async () => {
      const email = `step-up-${strategy}@example.com`
      const { browser, authenticator } = await signUp(email)
      const user = await db.prisma.user.findUniqueOrThrow({ where: { email } })
      const reauthenticate = `${ORIGIN}${BASE}/reauthenticate?${new URLSearchParams({
        callbackUrl: `${ORIGIN}/settings`,
        code: "reauthentication_required",
      })}`

      // Options asked for with an old proof: refused before any ceremony, with the code and the page.
      await ageProof(browser, 601, db.prisma)
      const refused = await browser.send(`${BASE}/webauthn-options/passkey?action=register&callbackUrl=%2Fsettings`)
      expect(refused.status).toBe(403)
      expect(await refused.json()).toEqual({ error: "Reauthentication required", code: "reauthentication_required", url: reauthenticate })
      expect(setCookie(refused, CHALLENGE_COOKIE)).toBeUndefined()

      // Options taken while the proof was recent, the registration posted once it was not.
      await ageProof(browser, 590, db.prisma)
      const answer = await options(browser, "passkey", { action: "register" })
      await ageProof(browser, 601, db.prisma)
      const second = new SoftAuthenticator()
      const csrfToken = await browser.csrfToken()
      const data = JSON.stringify(second.register(answer.options, ceremony()))
      const posted = await browser.send(`${BASE}/callback/passkey`, { form: { action: "register", data, callbackUrl: "/settings", csrfToken } })
      expect(posted.status).toBe(302)
      expect(posted.headers.get("location")).toBe(reauthenticate)
      expect(await db.prisma.authenticator.count({ where: { userId: user.id } })).toBe(1)
      expect(await db.prisma.account.count({ where: { userId: user.id } })).toBe(1)

      // The browser client's fetch (X-Auth-Return-Redirect): 403 JSON with the code and where to go.
      await ageProof(browser, 590, db.prisma)
      const again = await options(browser, "passkey", { action: "register" })
      await ageProof(browser, 601, db.prisma)
      const asScript = await browser.send(`${BASE}/callback/passkey`, {
        form: { action: "register", data: JSON.stringify(second.register(again.options, ceremony())), callbackUrl: "/settings", csrfToken },
        headers: { "X-Auth-Return-Redirect": "1" },
      })
      expect(asScript.status).toBe(403)
      expect(asScript.headers.get("x-auth-error")).toBe("ReauthenticationRequired")
      expect(await asScript.json()).toEqual({ url: reauthenticate, error: "ReauthenticationRequired", code: "reauthentication_required" })
      expect(await db.prisma.authenticator.count({ where: { userId: user.id } })).toBe(1)

      // A fresh proof (signing in again with the first passkey) adds it.
      const { browser: fresh, res } = await signInResponse(authenticator)
      expectSignedIn(res)
      const added = await options(fresh, "passkey", { action: "register" })
      const ok = await post(fresh, "passkey", "register", second.register(added.options, ceremony()))
      expect(ok.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
      expect(await db.prisma.authenticator.count({ where: { userId: user.id } })).toBe(2)
    })

    it("passkey sign-up takes an address through the one normaliser: separators and look-alikes are refused", async () => {
      const browser = new Browser(config)
      for (const email of [
        `victim-${strategy}@example.com>`,
        `victim-${strategy}@example.com,attacker@evil.test`,
        `ｖｉｃｔｉｍ-${strategy}@example.com`,
        `vic\u200btim-${strategy}@example.com`,
        `victim-${strategy}@example.com\r\nBcc: x@evil.test`,
      ]) {
        const res = await browser.send(`${BASE}/webauthn-options/passkey?${new URLSearchParams({ action: "register", email })}`)
        expect(res.status, email).toBe(400)
        expect(await res.json()).toEqual({ error: "Invalid request", code: "email_invalid" })
      }
      // A differently cased or padded address is the same address: the same canonical form is stored.
      await signUp(`  Cased-${strategy}@EXAMPLE.com `)
      expect(await db.prisma.user.count({ where: { email: `cased-${strategy}@example.com` } })).toBe(1)
    })

    it("will not register a passkey for an email that belongs to someone who is not signed in", async () => {
      await signUp(`taken-${strategy}@example.com`)
      const browser = new Browser(config)
      const res = await browser.send(`${BASE}/webauthn-options/passkey?action=register&email=taken-${strategy}@example.com`)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ error: "Invalid request", code: "email_in_use" })
      // Options fetched while the email was free, account created before the callback:
      const late = new Browser(config)
      const answer = await options(late, "passkey", { action: "register", email: `race-${strategy}@example.com` })
      await signUp(`race-${strategy}@example.com`)
      const refused = await post(late, "passkey", "register", new SoftAuthenticator().register(answer.options, ceremony()))
      expect(refused.headers.get("location")).toBe(`${ORIGIN}${BASE}/signin?error=AccountNotLinked`)
      expect(late.sessionValue()).toBe("")
    })

    it("refuses a callback without the CSRF token, before spending the challenge", async () => {
      const authenticator = new SoftAuthenticator()
      await signUp(`csrf-${strategy}@example.com`, authenticator)
      const browser = new Browser(config)
      const answer = await options(browser, "passkey", { action: "authenticate" })
      const assertion = authenticator.authenticate(answer.options, ceremony())
      const res = await browser.send(`${BASE}/callback/passkey`, { form: { action: "authenticate", data: JSON.stringify(assertion) } })
      expect(res.headers.get("location")).toBe(`${ORIGIN}${BASE}/signin?error=MissingCSRF`)
      expect(setCookie(res, "authjs.session-token")).toBeUndefined()
    })

    it("a signIn callback that refuses a sign-up creates nothing and signs nobody in", async () => {
      const refusing = new Browser({ ...config, callbacks: { signIn: () => false } })
      const email = `refused-${strategy}@example.com`
      const answer = await options(refusing, "passkey", { action: "register", email })
      const res = await post(refusing, "passkey", "register", new SoftAuthenticator().register(answer.options, ceremony()))
      expect(res.headers.get("location")).toBe(`${ORIGIN}${BASE}/error?error=AccessDenied`)
      expect(refusing.sessionValue()).toBe("")
      expect(await db.prisma.user.count({ where: { email } })).toBe(0)
    })

    it("infers the ceremony when no action is given", async () => {
      await signUp(`known-${strategy}@example.com`)
      const browser = new Browser(config)
      expect((await options(browser, "passkey", {})).action).toBe("authenticate")
      expect((await options(browser, "passkey", { email: `known-${strategy}@example.com` })).action).toBe("authenticate")
      expect((await options(browser, "passkey", { email: `unknown-${strategy}@example.com` })).action).toBe("register")
      const bad = await browser.send(`${BASE}/webauthn-options/passkey?action=delete`)
      expect(bad.status).toBe(400)
      expect(await bad.json()).toEqual({ error: "Invalid action" })
    })

    it("garbage never yields a 5xx or a session", async () => {
      const browser = new Browser(config)
      await options(browser, "passkey", { action: "authenticate" })
      const cookie = browser.cookieHeader()
      const csrfToken = await browser.csrfToken()
      const jarCookie = () => `${cookie}; authjs.csrf-token=${browser.jar.get("authjs.csrf-token")}`
      for (const data of ["not json", "{}", '{"id":"!!","type":"public-key","response":{}}', '{"id":"AAAA","type":"public-key","response":{"clientDataJSON":"x"}}']) {
        const res = await browser.send(`${BASE}/callback/passkey`, { form: { action: "authenticate", data, csrfToken }, cookie: jarCookie() })
        expect(res.status).toBe(302)
        expect(res.headers.get("location")).toMatch(/\/error\?error=WebAuthnVerificationError&code=/)
        expectNoInternals(await res.text())
      }
      const wrongAction = await browser.send(`${BASE}/callback/passkey`, {
        form: { action: "steal", data: "{}", csrfToken },
        cookie: jarCookie(),
      })
      expect(wrongAction.headers.get("location")).toContain("code=malformed_response")
      const get = await browser.send(`${BASE}/callback/passkey`)
      expect(get.status).toBeLessThan(500)
    })
  })
}

describe("passkey sign-in starts are rate limited per client", () => {
  let db: TestDatabase
  afterAll(() => db?.cleanup())

  it("answers 429 rate_limited with Retry-After and no challenge once a client names too many emails; autofill starts are not counted", async () => {
    db = await createTestDatabase("sqlite")
    const config: AuthConfig = {
      secret: "webauthn-suite-secret-0123456789abcdefghijkl",
      trustHost: true,
      basePath: BASE,
      adapter: PrismaAdapter(db.prisma),
      experimental: { enableWebAuthn: true },
      providers: [Passkey()],
      logger: { error: () => {}, warn: () => {} },
      rateLimit: { rules: { "passkey-start": { limit: 2, windowSeconds: 60 } } },
    }
    const browser = new Browser(config)
    await options(browser, "passkey", { action: "register", email: "a@example.com" })
    await options(browser, "passkey", { action: "authenticate", email: "b@example.com" })
    for (let i = 0; i < 3; i++) await options(browser, "passkey", { action: "authenticate" })

    const fresh = new Browser(config)
    const refused = await fresh.send(`${BASE}/webauthn-options/passkey?${new URLSearchParams({ email: "c@example.com" })}`)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
    expect(await refused.json()).toEqual({ error: "Too many requests", code: "rate_limited" })
    expect(refused.headers.get("set-cookie") ?? "").not.toContain(CHALLENGE_COOKIE)
    // Autofill (no email) still works for everyone behind that address.
    await options(fresh, "passkey", { action: "authenticate" })
  })
})
