/**
 * {basePath}/reauthenticate (step-up): the page offers what the
 * user has; a right password or code records a new proof on the session
 * (database strategy: under a new session token); a wrong one, another
 * user's password or a replayed code is refused with ?error= and counted per
 * user; a signed-out visitor goes to sign-in. Never a 5xx. Both session
 * strategies.
 */
import type { TOTP } from "otpauth"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { resolveAuthConfig } from "@/lib/auth/auth"
import { decode } from "@/lib/auth/jwt"
import { readSession } from "@/lib/auth/session/read"
import { needsReauthentication } from "@/lib/auth/session/step-up"
import type { AuthConfig } from "@/lib/auth"
import { BASE, Browser, ORIGIN, SECRET, setCookies } from "../support"
import { ada, bob, memoryDatabase, passwordProvider, passwords, stepUpConfig, turnOnTwoFactor, type MemoryDatabase } from "./support"

const SESSION = "authjs.session-token"
const start = new Date("2031-03-01T09:00:00Z")

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] })
  vi.setSystemTime(start)
})
afterEach(() => vi.useRealTimers())

async function proofOf(config: AuthConfig, browser: Browser) {
  return (await readSession(resolveAuthConfig(config), { origin: ORIGIN, cookie: browser.cookieHeader() })).proof
}

/** The user's re-authentication entries in the security log, oldest first. */
function reauthentications(db: MemoryDatabase) {
  return db.events.filter((e) => e.type === "reauthenticated")
}

async function post(browser: Browser, form: Record<string, string>, callbackUrl = "/settings") {
  const csrfToken = await browser.csrfToken()
  return browser.send(`${BASE}/reauthenticate`, { form: { csrfToken, callbackUrl, ...form } })
}

describe.each(["database", "jwt"] as const)("%s strategy", (strategy) => {
  let db: MemoryDatabase
  let config: AuthConfig
  let browser: Browser

  beforeEach(async () => {
    db = memoryDatabase()
    config = stepUpConfig(strategy, db)
    browser = new Browser(config)
    const res = await browser.signInWithCredentials({ email: ada.email!, password: passwords[ada.email!] })
    expect(res.status).toBe(302)
  })

  it("records authenticatedAt at sign-in, and the guard's decision follows its age", async () => {
    const proof = await proofOf(config, browser)
    expect(proof).toEqual({ userId: ada.id, authenticatedAt: start })
    const resolved = resolveAuthConfig(config)
    expect(resolved.reauthenticateAfter).toBe(600)
    expect(needsReauthentication(proof, resolved)).toBe(false)
    vi.setSystemTime(start.getTime() + 601_000)
    expect(needsReauthentication(await proofOf(config, browser), resolved)).toBe(true)
  })

  it("keeps authenticatedAt and signedInAt out of the client's session JSON", async () => {
    const body = await (await browser.send(`${BASE}/session`)).json()
    expect(JSON.stringify(body)).not.toMatch(/authenticatedAt|signedInAt/)
  })

  it("shows the page with the password form to a signed-in user", async () => {
    const res = await browser.send(`${BASE}/reauthenticate?callbackUrl=%2Fsettings`)
    expect(res.status).toBe(200)
    expect(res.headers.get("content-security-policy")).toContain("default-src")
    const page = await res.text()
    expect(page).toContain("Confirm it&#39;s you")
    expect(page).toContain('type="password"')
    expect(page).not.toContain("Authentication code")
    expect(page).toContain(`value="${ORIGIN}/settings"`)
  })

  it("sends a signed-out visitor to sign-in with the callbackUrl", async () => {
    const res = await new Browser(config).send(`${BASE}/reauthenticate?callbackUrl=%2Fsettings`)
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(`${ORIGIN}${BASE}/signin?callbackUrl=${encodeURIComponent(`${ORIGIN}/settings`)}`)
  })

  it("a right password bumps authenticatedAt (database: under a new session token) and returns to the callbackUrl", async () => {
    const before = strategy === "database" ? [...db.sessions.keys()] : undefined
    const signedInAt = strategy === "jwt" ? (await decode({ token: browser.sessionValue(), secret: SECRET, salt: SESSION }))!.signedInAt : undefined
    vi.setSystemTime(start.getTime() + 900_000)
    const res = await post(browser, { method: "password", password: passwords[ada.email!] })
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(`${ORIGIN}/settings`)
    const later = new Date(start.getTime() + 900_000)
    expect(await proofOf(config, browser)).toEqual({ userId: ada.id, authenticatedAt: later })
    if (strategy === "database") {
      const after = [...db.sessions.keys()]
      expect(after).toHaveLength(1)
      expect(after[0]).not.toBe(before![0])
      expect(browser.sessionValue()).toBe(after[0])
      expect(db.sessions.get(after[0]!)!.authenticatedAt).toEqual(later)
    } else {
      const token = await decode({ token: browser.sessionValue(), secret: SECRET, salt: SESSION })
      expect(token).toMatchObject({ sub: ada.id, authenticatedAt: later.getTime() / 1000, signedInAt })
    }
  })

  it("refuses a wrong password and another user's password with ?error=wrong_password", async () => {
    for (const password of ["nope", passwords[bob.email!]]) {
      const res = await post(browser, { method: "password", password })
      expect(res.status).toBe(302)
      const location = new URL(res.headers.get("location")!)
      expect(location.pathname).toBe(`${BASE}/reauthenticate`)
      expect(location.searchParams.get("error")).toBe("wrong_password")
      expect(location.searchParams.get("callbackUrl")).toBe(`${ORIGIN}/settings`)
    }
    expect((await proofOf(config, browser))!.authenticatedAt).toEqual(start)
  })

  it("refuses a password that authorize() accepts for another user", async () => {
    const other = { ...config, providers: [passwordProvider(bob)] }
    const res = await new Browser(other).send(`${BASE}/csrf`)
    expect(res.status).toBe(200)
    browser.config = other
    const refused = await post(browser, { method: "password", password: passwords[bob.email!] })
    expect(new URL(refused.headers.get("location")!).searchParams.get("error")).toBe("wrong_password")
  })

  it("throttles wrong attempts per user: past the limit even the right password is refused", async () => {
    for (let i = 0; i < 5; i++) await post(browser, { method: "password", password: `wrong-${i}` })
    const res = await post(browser, { method: "password", password: passwords[ada.email!] })
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe("rate_limited")
    expect((await proofOf(config, browser))!.authenticatedAt).toEqual(start)
  })

  it("refuses a POST without a valid CSRF token with ?error=expired_form", async () => {
    const res = await browser.send(`${BASE}/reauthenticate`, { form: { method: "password", password: passwords[ada.email!] } })
    expect(res.status).toBe(302)
    expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe("expired_form")
  })

  it("never sends the user to another origin", async () => {
    const res = await post(browser, { method: "password", password: passwords[ada.email!] }, "https://evil.example/steal")
    expect(res.headers.get("location")).toBe(ORIGIN)
  })

  it("answers junk with a redirect, never a 5xx, and logs each try as a failed re-authentication", async () => {
    for (const form of [{ method: "code", code: "x".repeat(500) }, { method: "nothing" }, { method: "code", code: "123456" }, {}]) {
      const res = await post(browser, form as Record<string, string>)
      expect(res.status).toBe(302)
      expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe("unavailable_method")
    }
    expect(reauthentications(db).map((e) => [e.outcome, e.method, e.detail])).toEqual([
      ["failure", "recovery-code", "two-factor is off"],
      ["failure", null, "no such way to confirm"],
      ["failure", "totp", "two-factor is off"],
      ["failure", null, "no such way to confirm"],
    ])
  })

  it("logs a password re-authentication, right and wrong, in the user's security log; never the password", async () => {
    await post(browser, { method: "password", password: "nope-not-it" })
    vi.setSystemTime(start.getTime() + 900_000)
    await post(browser, { method: "password", password: passwords[ada.email!] })
    const entries = reauthentications(db)
    expect(entries.map((e) => [e.userId, e.outcome, e.method, e.provider, e.detail])).toEqual([
      [ada.id, "failure", "password", "credentials", "wrong password"],
      [ada.id, "success", "password", "credentials", null],
    ])
    expect(JSON.stringify(db.events)).not.toMatch(/nope-not-it|ada-password/)
  })

  describe("a user with two-factor on", () => {
    let totp: TOTP
    let recovery: string[]
    beforeEach(async () => {
      ;({ totp, recovery } = await turnOnTwoFactor(config, db, ada.id))
    })

    it("is shown one form with the password and the code, never the password alone", async () => {
      const page = await (await browser.send(`${BASE}/reauthenticate`)).text()
      const forms = page.match(/<form[\s\S]*?<\/form>/g)!.filter((form) => form.includes(`${BASE}/reauthenticate`))
      expect(forms).toHaveLength(1)
      expect(forms[0]).toContain('name="password"')
      expect(forms[0]).toContain('name="code"')
      expect(forms[0]).toContain("Confirm with password and code")
      expect(page).not.toContain(">Confirm with password<")
      expect(page).not.toContain(">Confirm with code<")
    })

    it("an attacker with the password and a stale session gets no proof from any try without the second factor", async () => {
      const stale = new Date(start.getTime() + 3_600_000)
      vi.setSystemTime(stale)
      const password = passwords[ada.email!]
      const refused: [Record<string, string>, string][] = [
        [{ method: "password", password }, "missing_code"],
        [{ method: "password", password, code: "" }, "missing_code"],
        [{ method: "password", password, code: "   " }, "missing_code"],
        [{ method: "password", password, code: "000000" }, "wrong_password_or_code"],
        [{ method: "password", password, code: "not-a-code" }, "wrong_password_or_code"],
        [{ method: "code", password, code: "000000" }, "unavailable_method"],
        [{ method: "code", code: "abcd-efgh-ijkl" }, "unavailable_method"],
        [{ method: "passkey", password }, "unavailable_method"],
        [{ password }, "unavailable_method"],
      ]
      for (const [form, error] of refused) {
        const res = await post(browser, form)
        expect(res.status).toBe(302)
        expect(new URL(res.headers.get("location")!).searchParams.get("error"), JSON.stringify(form)).toBe(error)
        // No proof recorded: every guard still asks (the Express and SvelteKit suites run the actions behind it).
        expect(needsReauthentication(await proofOf(config, browser), resolveAuthConfig(config))).toBe(true)
        // The limit would end the replay early; each try here is a different one.
        await resolveAuthConfig(config).rateLimiter.reset("reauthenticate-user", ada.id)
      }

      const ok = await post(browser, { method: "password", password, code: totp.generate({ timestamp: Date.now() }) })
      expect(ok.headers.get("location")).toBe(`${ORIGIN}/settings`)
      expect(await proofOf(config, browser)).toEqual({ userId: ada.id, authenticatedAt: stale })
      expect(needsReauthentication(await proofOf(config, browser), resolveAuthConfig(config))).toBe(false)

      const log = reauthentications(db).map((e) => [e.outcome, e.method, e.detail])
      expect(log).toEqual([
        ["failure", "password", "no code with the password"],
        ["failure", "password", "no code with the password"],
        ["failure", "password", "no code with the password"],
        ["failure", "password", "wrong password or code"],
        ["failure", "password", "wrong password or code"],
        ["failure", "totp", "a code without the password"],
        ["failure", "recovery-code", "a code without the password"],
        ["failure", null, "no such way to confirm"],
        ["failure", null, "no such way to confirm"],
        ["success", "password", "with an authenticator code"],
      ])
      expect(JSON.stringify(db.events)).not.toContain(password)
    })

    it("a wrong password and a wrong code get the same answer, and a wrong password spends no code", async () => {
      const wrongPassword = await post(browser, { method: "password", password: "nope", code: recovery[0]! })
      const wrongCode = await post(browser, { method: "password", password: passwords[ada.email!], code: "zzzz-zzzz-zzzz" })
      const errorOf = (res: Response) => new URL(res.headers.get("location")!).searchParams.get("error")
      expect(errorOf(wrongPassword)).toBe("wrong_password_or_code")
      expect(errorOf(wrongCode)).toBe("wrong_password_or_code")
      const page = await (await browser.send(`${BASE}/reauthenticate?error=wrong_password_or_code`)).text()
      expect(page).toContain("That password or code is not correct")

      // The recovery code typed with the wrong password is still unused: it works now, once.
      vi.setSystemTime(start.getTime() + 900_000)
      const ok = await post(browser, { method: "password", password: passwords[ada.email!], code: recovery[0]!.toUpperCase() })
      expect(ok.headers.get("location")).toBe(`${ORIGIN}/settings`)
      expect((await proofOf(config, browser))!.authenticatedAt).toEqual(new Date(start.getTime() + 900_000))
      const again = await post(browser, { method: "password", password: passwords[ada.email!], code: recovery[0]! })
      expect(errorOf(again)).toBe("wrong_password_or_code")
      expect(reauthentications(db).filter((e) => e.outcome === "success").map((e) => e.detail)).toEqual(["with a recovery code"])
    })

    it("an authenticator code works once with the password", async () => {
      vi.setSystemTime(start.getTime() + 700_000)
      const code = totp.generate({ timestamp: Date.now() })
      const ok = await post(browser, { method: "password", password: passwords[ada.email!], code })
      expect(ok.headers.get("location")).toBe(`${ORIGIN}/settings`)
      expect((await proofOf(config, browser))!.authenticatedAt).toEqual(new Date(start.getTime() + 700_000))
      const replay = await post(browser, { method: "password", password: passwords[ada.email!], code })
      expect(new URL(replay.headers.get("location")!).searchParams.get("error")).toBe("wrong_password_or_code")
    })

    it("keeps the wrong-answer limit: past it even the right password and code are refused", async () => {
      for (let i = 0; i < 5; i++) await post(browser, { method: "password", password: passwords[ada.email!], code: `00000${i}` })
      const res = await post(browser, { method: "password", password: passwords[ada.email!], code: recovery[1]! })
      expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBe("rate_limited")
      expect((await proofOf(config, browser))!.authenticatedAt).toEqual(start)
      expect(reauthentications(db).at(-1)).toMatchObject({ outcome: "failure", method: "password", detail: "too many attempts" })
    })
  })

})

describe.each(["database", "jwt"] as const)("a two-factor user without a password, %s strategy", (strategy) => {
  it("confirms with the code alone; the password is neither offered nor accepted", async () => {
    const db = memoryDatabase()
    // Ada signed in with a provider account: the app's hasPassword says she has no password.
    const config = stepUpConfig(strategy, db, { providers: [passwordProvider(undefined, [ada.id])] })
    const browser = new Browser(config)
    // A session as her sign-in left it (the provider flow is not what is tested here).
    const signedIn = await new Browser(stepUpConfig(strategy, db)).signInWithCredentials({ email: ada.email!, password: passwords[ada.email!] })
    expect(signedIn.status).toBe(302)
    for (const cookie of setCookies(signedIn)) browser.jar.set(cookie.name, cookie.value)
    const { totp, recovery } = await turnOnTwoFactor(config, db, ada.id)

    const page = await (await browser.send(`${BASE}/reauthenticate`)).text()
    expect(page).not.toContain('name="password"')
    expect(page).toContain("Confirm with code")

    const byPassword = await post(browser, { method: "password", password: passwords[ada.email!], code: recovery[0]! })
    expect(new URL(byPassword.headers.get("location")!).searchParams.get("error")).toBe("unavailable_method")
    const wrong = await post(browser, { method: "code", code: "000000" })
    expect(new URL(wrong.headers.get("location")!).searchParams.get("error")).toBe("wrong_code")

    vi.setSystemTime(start.getTime() + 700_000)
    const ok = await post(browser, { method: "code", code: totp.generate({ timestamp: Date.now() }) })
    expect(ok.headers.get("location")).toBe(`${ORIGIN}/settings`)
    expect(await proofOf(config, browser)).toEqual({ userId: ada.id, authenticatedAt: new Date(start.getTime() + 700_000) })
    const byRecovery = await post(browser, { method: "code", code: recovery[1]! })
    expect(byRecovery.headers.get("location")).toBe(`${ORIGIN}/settings`)

    expect(reauthentications(db).map((e) => [e.outcome, e.method, e.provider, e.detail])).toEqual([
      ["failure", "password", "credentials", "no password on this account"],
      ["failure", "totp", null, "wrong code"],
      ["success", "totp", null, null],
      ["success", "recovery-code", null, null],
    ])
  })
})

describe("an adapter that does not store authenticatedAt (Auth.js's)", () => {
  it("counts the proof as stale", async () => {
    const db = memoryDatabase({ details: false })
    const config = stepUpConfig("database", db)
    const browser = new Browser(config)
    await browser.signInWithCredentials({ email: ada.email!, password: passwords[ada.email!] })
    const proof = await proofOf(config, browser)
    expect(proof).toEqual({ userId: ada.id, authenticatedAt: null })
    expect(needsReauthentication(proof, resolveAuthConfig(config))).toBe(true)
  })
})

describe("pages.reauthenticate", () => {
  it("GET goes to the app's page with the query; refusals come back to it; the forms still post to the library", async () => {
    const db = memoryDatabase()
    const config = stepUpConfig("jwt", db, { pages: { reauthenticate: "/confirm-identity" } })
    const browser = new Browser(config)
    await browser.signInWithCredentials({ email: ada.email!, password: passwords[ada.email!] })

    const page = await browser.send(`${BASE}/reauthenticate?callbackUrl=%2Fsettings`)
    expect(page.status).toBe(302)
    expect(page.headers.get("location")).toBe(`${ORIGIN}/confirm-identity?callbackUrl=%2Fsettings`)

    const wrong = await post(browser, { method: "password", password: "nope" })
    const location = new URL(wrong.headers.get("location")!)
    expect(`${location.origin}${location.pathname}`).toBe(`${ORIGIN}/confirm-identity`)
    expect(location.searchParams.get("error")).toBe("wrong_password")
    expect(location.searchParams.get("callbackUrl")).toBe(`${ORIGIN}/settings`)

    vi.setSystemTime(start.getTime() + 900_000)
    const right = await post(browser, { method: "password", password: passwords[ada.email!] })
    expect(right.headers.get("location")).toBe(`${ORIGIN}/settings`)
    expect((await proofOf(config, browser))!.authenticatedAt).toEqual(new Date(start.getTime() + 900_000))
  })
})
