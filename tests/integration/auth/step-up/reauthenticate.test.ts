/**
 * {basePath}/reauthenticate (issue 23, step-up): the page offers what the
 * user has; a right password or code records a new proof on the CURRENT
 * session (no new session); a wrong one, another user's password or a
 * replayed code is refused with ?error= and counted per user; a signed-out
 * visitor goes to sign-in. Never a 5xx. Both session strategies.
 */
import { Secret, TOTP } from "otpauth"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { resolveAuthConfig } from "@/lib/auth/auth"
import { decode } from "@/lib/auth/jwt"
import { readSession } from "@/lib/auth/session/read"
import { needsReauthentication } from "@/lib/auth/session/step-up"
import { hashRecoveryCode } from "@/lib/auth/two-factor/recovery-codes"
import { newTotpSecret } from "@/lib/auth/two-factor/totp"
import type { AuthConfig } from "@/lib/auth"
import { BASE, Browser, ORIGIN, SECRET } from "../support"
import { ada, bob, memoryDatabase, passwordProvider, passwords, stepUpConfig, type MemoryDatabase } from "./support"

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

  it("a right password bumps authenticatedAt on the same session and returns to the callbackUrl", async () => {
    const before = strategy === "database" ? [...db.sessions.keys()] : undefined
    const signedInAt = strategy === "jwt" ? (await decode({ token: browser.sessionValue(), secret: SECRET, salt: SESSION }))!.signedInAt : undefined
    vi.setSystemTime(start.getTime() + 900_000)
    const res = await post(browser, { method: "password", password: passwords[ada.email!] })
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(`${ORIGIN}/settings`)
    const later = new Date(start.getTime() + 900_000)
    expect(await proofOf(config, browser)).toEqual({ userId: ada.id, authenticatedAt: later })
    if (strategy === "database") {
      expect([...db.sessions.keys()]).toEqual(before)
      expect(db.sessions.get(before![0])!.authenticatedAt).toEqual(later)
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

  it("accepts a TOTP code once, and a recovery code once", async () => {
    const secret = newTotpSecret()
    const sealed = await resolveAuthConfig(config).twoFactor.box.seal(secret, ada.id)
    const recovery = "k7m2-9xq4-hf3t"
    await db.adapter.enableTwoFactor!(ada.id, { secret: sealed, recoveryCodeHashes: [(await hashRecoveryCode(recovery, ada.id))!] })

    const page = await (await browser.send(`${BASE}/reauthenticate`)).text()
    expect(page).toContain("Authentication code")

    vi.setSystemTime(start.getTime() + 700_000)
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() })
    const ok = await post(browser, { method: "code", code })
    expect(ok.headers.get("location")).toBe(`${ORIGIN}/settings`)
    expect((await proofOf(config, browser))!.authenticatedAt).toEqual(new Date(start.getTime() + 700_000))

    const replay = await post(browser, { method: "code", code })
    expect(new URL(replay.headers.get("location")!).searchParams.get("error")).toBe("wrong_code")

    const byRecovery = await post(browser, { method: "code", code: recovery.toUpperCase() })
    expect(byRecovery.headers.get("location")).toBe(`${ORIGIN}/settings`)
    const again = await post(browser, { method: "code", code: recovery })
    expect(new URL(again.headers.get("location")!).searchParams.get("error")).toBe("wrong_code")
  })

  it("answers junk with a redirect, never a 5xx", async () => {
    for (const form of [{ method: "code", code: "x".repeat(500) }, { method: "nothing" }, { method: "code", code: "123456" }, {}]) {
      const res = await post(browser, form as Record<string, string>)
      expect(res.status).toBe(302)
      expect(new URL(res.headers.get("location")!).searchParams.get("error")).toMatch(/^(wrong_code|unavailable_method)$/)
    }
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
