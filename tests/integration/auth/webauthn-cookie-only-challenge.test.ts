/**
 * Passkeys beside an Auth.js adapter with no WebAuthn challenge store:
 * @auth/unstorage-adapter over unstorage's memory driver, as a next-auth app
 * brings it, with the Passkey provider. Real registration and sign-in through
 * Auth() (standard Request/Response, @simplewebauthn/server verification, a
 * software authenticator with real P-256 keys), under next-auth's default
 * base path and under "/auth". Every route answers as it would with our own
 * adapter; the challenge lives in its cookie alone, and a replay of an
 * answered challenge on this instance is refused.
 */
import { UnstorageAdapter } from "@auth/unstorage-adapter"
import { createStorage } from "unstorage"
import { describe, expect, it } from "vitest"
import { authJsAdapter, type AuthConfig } from "@/lib/auth"
import Passkey from "@/lib/auth/providers/passkey"
import { SoftAuthenticator } from "@/tests/helpers/soft-authenticator"
import { Browser, expectNoInternals, ORIGIN, setCookie } from "./support"

const CHALLENGE_COOKIE = "authjs.challenge"
const SESSION_COOKIE = "authjs.session-token"
const COOKIE_ONLY_WARNING = "webauthn-challenge-cookie-only"

interface OptionsAnswer {
  action: "register" | "authenticate"
  options: { challenge: string; rp?: { id: string }; rpId?: string; user?: { id: string } }
}

/** The warnings of every configuration of this file (one process). */
const warnings: { code: string; message: unknown[] }[] = []

describe.each(["/api/auth", "/auth"])("passkeys with @auth/unstorage-adapter, no challenge store (basePath %s)", (basePath) => {
  const errors: unknown[] = []
  const config: AuthConfig = {
    secret: "cookie-only-challenge-secret-0123456789abcdef",
    trustHost: true,
    basePath,
    // As a next-auth app passes it: the package's object, nothing added.
    adapter: authJsAdapter(UnstorageAdapter(createStorage())),
    experimental: { enableWebAuthn: true },
    providers: [Passkey()],
    logger: {
      error: (_code, ...message) => void errors.push(...message),
      warn: (code, ...message) => void warnings.push({ code, message }),
      debug: () => {},
    },
  }

  async function csrfToken(browser: Browser): Promise<string> {
    const res = await browser.send(`${basePath}/csrf`)
    expect(res.status).toBe(200)
    return ((await res.json()) as { csrfToken: string }).csrfToken
  }

  async function options(browser: Browser, query: Record<string, string>): Promise<{ answer: OptionsAnswer; res: Response }> {
    const res = await browser.send(`${basePath}/webauthn-options/passkey?${new URLSearchParams(query)}`)
    expect(res.status, await res.clone().text()).toBe(200)
    return { answer: (await res.json()) as OptionsAnswer, res }
  }

  /** The callback POST; `cookie` replaces the jar's challenge cookie (a replay brings its own). */
  async function post(browser: Browser, action: string, data: unknown, challengeCookie?: string): Promise<Response> {
    const token = await csrfToken(browser)
    const csrfCookie = `authjs.csrf-token=${browser.jar.get("authjs.csrf-token")}`
    return browser.send(`${basePath}/callback/passkey`, {
      form: { action, data: JSON.stringify(data), callbackUrl: "/dashboard", csrfToken: token },
      ...(challengeCookie === undefined ? {} : { cookie: `${CHALLENGE_COOKIE}=${challengeCookie}; ${csrfCookie}` }),
    })
  }

  function expectSignedIn(res: Response): void {
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(setCookie(res, SESSION_COOKIE)?.value).toBeTruthy()
    expect(setCookie(res, CHALLENGE_COOKIE)?.attributes["max-age"]).toBe("0")
  }

  function expectRefused(res: Response, code: string): void {
    expect(res.status).toBe(302)
    const location = new URL(res.headers.get("location")!)
    expect(`${location.pathname}?${location.searchParams}`).toBe(
      `${basePath}/error?${new URLSearchParams({ error: "WebAuthnVerificationError", code })}`,
    )
    expect(setCookie(res, SESSION_COOKIE)).toBeUndefined()
  }

  async function sessionEmail(browser: Browser): Promise<string | undefined> {
    const res = await browser.send(`${basePath}/session`)
    expect(res.status).toBe(200)
    return ((await res.json()) as { user?: { email?: string } } | null)?.user?.email
  }

  async function signUp(email: string, authenticator: SoftAuthenticator): Promise<Browser> {
    const browser = new Browser(config)
    const { answer } = await options(browser, { action: "register", email })
    expect(answer.action).toBe("register")
    expectSignedIn(await post(browser, "register", authenticator.register(answer.options, { origin: ORIGIN })))
    return browser
  }

  /** A discoverable sign-in: the options, the browser's answer and the challenge cookie it went with. */
  async function signIn(authenticator: SoftAuthenticator) {
    const browser = new Browser(config)
    const { answer } = await options(browser, { action: "authenticate" })
    const assertion = authenticator.authenticate(answer.options, { origin: ORIGIN })
    const challengeCookie = browser.jar.get(CHALLENGE_COOKIE)!
    return { browser, assertion, challengeCookie, res: await post(browser, "authenticate", assertion) }
  }

  it("answers the session read, providers, CSRF and the sign-in page with 200, not a configuration error", async () => {
    const browser = new Browser(config)
    const session = await browser.send(`${basePath}/session`)
    expect(session.status).toBe(200)
    expect(await session.json()).toBeNull()
    const providers = await browser.send(`${basePath}/providers`)
    expect(providers.status).toBe(200)
    expect(await providers.json()).toMatchObject({ passkey: { id: "passkey", type: "webauthn" } })
    expect((await browser.send(`${basePath}/csrf`)).status).toBe(200)
    const page = await browser.send(`${basePath}/signin`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain("Sign in with a passkey")
    expect(errors).toEqual([])
  })

  it("signs up with a passkey, then signs in with it in another browser; the session reads the user", async () => {
    const email = `unstorage${basePath.replaceAll("/", "-")}@example.com`
    const authenticator = new SoftAuthenticator({ counter: "increment" })
    const registered = await signUp(email, authenticator)
    expect(await sessionEmail(registered)).toBe(email)

    const { browser, res } = await signIn(authenticator)
    expectSignedIn(res)
    expect(await sessionEmail(browser)).toBe(email)
    // Signed in, the other routes still answer.
    for (const route of ["providers", "csrf", "signin", "signout"]) {
      expect((await browser.send(`${basePath}/${route}`)).status, route).toBe(200)
    }
    expect(errors).toEqual([])
  })

  it("the challenge cookie lives 6 minutes (the ceremony's 5 and one to post), not Auth.js's 15", async () => {
    const { res } = await options(new Browser(config), { action: "authenticate" })
    const cookie = setCookie(res, CHALLENGE_COOKIE)
    expect(cookie?.attributes["max-age"]).toBe("360")
    expect(cookie?.attributes.httponly).toBe(true)
  })

  it("refuses the identical request replayed with its own cookie on this instance, for a counter-0 synced passkey", async () => {
    const authenticator = new SoftAuthenticator({ counter: "zero" })
    await signUp(`replay${basePath.replaceAll("/", "-")}@example.com`, authenticator)
    const { res, assertion, challengeCookie } = await signIn(authenticator)
    expectSignedIn(res)
    const attacker = new Browser(config)
    const replayed = await post(attacker, "authenticate", assertion, challengeCookie)
    expectRefused(replayed, "challenge_used")
    expect(attacker.sessionValue()).toBe("")
    expectNoInternals(await replayed.text())
  })

  it("of two concurrent uses of one answered challenge, exactly one signs in", async () => {
    const authenticator = new SoftAuthenticator({ counter: "zero" })
    await signUp(`race${basePath.replaceAll("/", "-")}@example.com`, authenticator)
    const browser = new Browser(config)
    const { answer } = await options(browser, { action: "authenticate" })
    const assertion = authenticator.authenticate(answer.options, { origin: ORIGIN })
    const challengeCookie = browser.jar.get(CHALLENGE_COOKIE)!
    const [first, second] = [new Browser(config), new Browser(config)]
    const answers = await Promise.all([
      post(first, "authenticate", assertion, challengeCookie),
      post(second, "authenticate", assertion, challengeCookie),
    ])
    const signedIn = answers.filter((r) => setCookie(r, SESSION_COOKIE)?.value)
    expect(signedIn).toHaveLength(1)
    expectRefused(answers.find((r) => !setCookie(r, SESSION_COOKIE)?.value)!, "challenge_used")
  })
})

describe("the start-up warning for challenges in the cookie alone", () => {
  it("was logged once in this process for both configurations and all their requests, naming the companion", () => {
    const cookieOnly = warnings.filter((w) => w.code === COOKIE_ONLY_WARNING)
    expect(cookieOnly).toHaveLength(1)
    const detail = cookieOnly[0]!.message.join(" ")
    expect(detail).toContain("webAuthnChallengeCompanion")
    expect(detail).toContain("another instance")
  })
})
