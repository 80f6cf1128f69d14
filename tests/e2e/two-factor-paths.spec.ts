/**
 * Two-factor sign-in on every path, in a real browser under both
 * session strategies: an email link and the OIDC provider lead to the
 * two-factor page like a password does; a recovery code works once; a TOTP
 * code replayed inside its window is refused; a password reset does not skip
 * the second step; a passkey (with user verification) does, and can also be
 * the second step after a password; and the pending cookie alone reaches no
 * guarded page, route handler or server action. Users are enrolled through
 * the core API (two-factor-helper.ts); Settings enrolment, and step-up before
 * turning two-factor off, are two-factor-settings.spec.ts.
 */
import { randomUUID } from "node:crypto"
import path from "node:path"
import Database from "better-sqlite3"
import type { Page, Request } from "@playwright/test"
import { linkIn } from "../helpers/smtp"
import type { MailCapture } from "./mail-capture"
import { expect, loginAtIdp, requestMagicLink, requestPasswordReset, signOutFromMenu, signUp, submitSignInForm, test, type TestUser } from "./fixtures"
import {
  codeFromUri,
  enrolTwoFactor,
  enterCode,
  expectCodeRefused,
  expectSignedOut,
  expectTwoFactorPage,
  hasTwoFactor,
} from "./two-factor-helper"
import { addVirtualAuthenticator, passkeyForm, withoutPasskeyAutofill } from "./virtual-authenticator"

// Sign-ups (a password hash), mail and IdP round trips, two steps per sign-in, on a busy machine.
test.describe.configure({ timeout: 120_000 })
const NAVIGATION = { timeout: 20_000 }

/**
 * The first code after an enrolment through the helper: the enrolment used the
 * current step, so the next one (accepted within the ±1 step window) is the
 * first that has not been used.
 */
function nextCode(uri: string): string {
  return codeFromUri(uri, 1)
}

async function signInWithPassword(page: Page, email: string, password: string, callbackUrl = "/dashboard"): Promise<void> {
  await page.goto(`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`)
  await submitSignInForm(page, email, password)
}

async function expectDashboardOf(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard$/, NAVIGATION)
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(email)
}

/**
 * Signs up and confirms the address with the link from the sign-up mail, as
 * an enrolled user's account would be. An unconfirmed account is different on
 * purpose: an email link or a password reset is then the mailbox's owner
 * taking it back, which removes the two-factor its creator set up
 * (server/accounts/take-back.ts; docs/decisions/account-model-and-passwords.md, "Account model").
 */
async function signUpVerified(page: Page, smtp: Pick<MailCapture, "waitFor">, baseURL: string): Promise<TestUser> {
  const user = await signUp(page)
  const mail = await smtp.waitFor(user.email)
  await page.goto(linkIn(mail, `${baseURL}/verify-email?`))
  await expect(page.getByTestId("verify-email-result")).toHaveText("Thank you: your email address is confirmed.")
  return user
}

test("an email link leads to the two-factor page, and only the code leads on to the dashboard", async ({
  page,
  context,
  smtp,
  baseURL,
  databaseFile,
}) => {
  const user = await signUpVerified(page, smtp, baseURL!)
  const { uri } = await enrolTwoFactor(databaseFile, user.email)
  await context.clearCookies()

  const link = await requestMagicLink(page, smtp, user.email, baseURL!)
  await page.goto(link)
  await expect(page.getByRole("heading", { name: "Finish signing in" })).toBeVisible()
  await page.getByRole("button", { name: "Sign in" }).click()
  await expectTwoFactorPage(page)

  await enterCode(page, nextCode(uri))
  await expectDashboardOf(page, user.email)
})

test("the OIDC provider leads to the two-factor page, and only the code leads on to the dashboard", async ({
  page,
  context,
  databaseFile,
}) => {
  const sub = `two-factor-${randomUUID().slice(0, 8)}`
  const email = `${sub}@idp.example.test`
  // The first sign-in creates the user (the provider verified the address).
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await page.getByRole("button", { name: /Test IdP/ }).click()
  await loginAtIdp(page, sub)
  await expectDashboardOf(page, email)
  const { uri } = await enrolTwoFactor(databaseFile, email)

  // A fresh browser: signed out of the app and of the IdP.
  await context.clearCookies()
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await page.getByRole("button", { name: /Test IdP/ }).click()
  await loginAtIdp(page, sub)
  await expectTwoFactorPage(page)
  await enterCode(page, nextCode(uri))
  await expectDashboardOf(page, email)
})

test("a recovery code works once: the second use is refused on the page", async ({ page, databaseFile }) => {
  const user = await signUp(page)
  const { recoveryCodes } = await enrolTwoFactor(databaseFile, user.email)
  const [first, second] = recoveryCodes as [string, string]
  await signOutFromMenu(page)

  await signInWithPassword(page, user.email, user.password)
  await expectTwoFactorPage(page)
  await enterCode(page, first)
  await expectDashboardOf(page, user.email)
  await page.goto("/settings")
  await expect(page.getByTestId("two-factor-status")).toContainText("9 recovery codes are left.")
  await signOutFromMenu(page)

  await signInWithPassword(page, user.email, user.password)
  await expectTwoFactorPage(page)
  await enterCode(page, first)
  await expectCodeRefused(page)

  // Still on the same pending sign-in: an unused code finishes it.
  await enterCode(page, second)
  await expectDashboardOf(page, user.email)
  await page.goto("/settings")
  await expect(page.getByTestId("two-factor-status")).toContainText("8 recovery codes are left.")
})

test("a TOTP code used once is refused when replayed inside its window", async ({ page, databaseFile }) => {
  const user = await signUp(page)
  const { uri, recoveryCodes } = await enrolTwoFactor(databaseFile, user.email)
  await signOutFromMenu(page)

  await signInWithPassword(page, user.email, user.password)
  await expectTwoFactorPage(page)
  const code = nextCode(uri)
  await enterCode(page, code)
  await expectDashboardOf(page, user.email)
  await signOutFromMenu(page)

  await signInWithPassword(page, user.email, user.password)
  await expectTwoFactorPage(page)
  // Still inside the ±1 step window an authenticator app's codes are accepted in: only its use refuses it.
  expect([-1, 0, 1].map((offset) => codeFromUri(uri, offset))).toContain(code)
  await enterCode(page, code)
  await expectCodeRefused(page)

  await enterCode(page, recoveryCodes[0]!)
  await expectDashboardOf(page, user.email)
})

test("a password reset does not skip the second step: the sign-in after it still asks for the code", async ({
  page,
  smtp,
  baseURL,
  databaseFile,
}) => {
  const user = await signUpVerified(page, smtp, baseURL!)
  const { uri } = await enrolTwoFactor(databaseFile, user.email)
  await page.goto("/dashboard")
  await signOutFromMenu(page)

  await requestPasswordReset(page, user.email)
  const mail = await smtp.waitFor(user.email)
  expect(mail.subject).toContain("Reset your password")
  await page.goto(linkIn(mail, `${baseURL}/reset-password?`))
  const newPassword = `${user.password}-new`
  await page.getByLabel("New password").fill(newPassword)
  await page.getByRole("button", { name: "Change password" }).click()
  await expect(page.getByTestId("reset-password-done")).toBeVisible()
  // The reset signed nobody in.
  await expectSignedOut(page.context())

  await page.getByRole("link", { name: "Sign in with your new password" }).click()
  await submitSignInForm(page, user.email, newPassword)
  await expectTwoFactorPage(page)
  await enterCode(page, nextCode(uri))
  await expectDashboardOf(page, user.email)
})

test("a passkey sign-in skips the code; after a password, the passkey can be the second step", async ({ page, databaseFile }) => {
  await withoutPasskeyAutofill(page)
  await addVirtualAuthenticator(page)
  const user = await signUp(page)
  await page.goto("/settings")
  await page.getByRole("button", { name: "Add a passkey" }).click()
  await expect(page.getByTestId("passkeys-message")).toHaveText("Passkey added.")
  await enrolTwoFactor(databaseFile, user.email)
  await signOutFromMenu(page)

  const twoFactorVisits: string[] = []
  page.on("request", (request: Request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname === "/api/auth/two-factor") twoFactorVisits.push(request.url())
  })
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await passkeyForm(page).getByRole("button", { name: "Sign in with a passkey" }).click()
  await expectDashboardOf(page, user.email)
  expect(twoFactorVisits, "the passkey sign-in never went through the two-factor page").toEqual([])
  await signOutFromMenu(page)

  await signInWithPassword(page, user.email, user.password)
  await expectTwoFactorPage(page)
  await page.getByRole("button", { name: "Sign in with a passkey" }).click()
  await expectDashboardOf(page, user.email)
})

/** A server action request the Settings page sent, kept to be sent again with other cookies. */
interface CapturedAction {
  headers: Record<string, string>
  body: Buffer
}

/**
 * Presses a Settings control while signed in and keeps the server action
 * request it sends, without letting it reach the server.
 */
async function captureAction(page: Page, press: () => Promise<void>): Promise<CapturedAction> {
  let captured: CapturedAction | undefined
  const matcher = (url: URL) => url.pathname === "/settings"
  await page.route(matcher, async (route) => {
    const request = route.request()
    const headers = await request.allHeaders()
    if (request.method() !== "POST" || !headers["next-action"]) return route.fallback()
    const keep = ["next-action", "next-router-state-tree", "content-type", "accept"]
    captured = {
      headers: Object.fromEntries(keep.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]!])),
      body: request.postDataBuffer() ?? Buffer.alloc(0),
    }
    await route.abort()
  })
  await press()
  await expect.poll(() => captured !== undefined).toBe(true)
  await page.unroute(matcher)
  return captured!
}

/** Sends a captured action again from this browser context (whatever cookies it holds now). */
async function replay(page: Page, action: CapturedAction, baseURL: string) {
  const res = await page.context().request.post("/settings", {
    headers: { ...action.headers, origin: baseURL },
    data: action.body,
    maxRedirects: 0,
  })
  return { status: res.status(), body: await res.text() }
}

function userName(databaseFile: string, email: string): string | null {
  const db = new Database(path.resolve(databaseFile), { readonly: true, fileMustExist: true })
  try {
    return (db.prepare('SELECT name FROM "User" WHERE email = ?').get(email) as { name: string | null }).name
  } finally {
    db.close()
  }
}

test("the pending cookie alone reaches no guarded page, route handler or server action", async ({ page, baseURL, databaseFile }) => {
  const user = await signUp(page)
  const { uri } = await enrolTwoFactor(databaseFile, user.email)

  // Two Settings actions as this browser sends them while signed in, held back from the server.
  await page.goto("/settings")
  const rename = await captureAction(page, async () => {
    await page.getByLabel("Display name").fill("Renamed by replay")
    await page.getByRole("button", { name: "Save", exact: true }).click()
  })
  await page.goto("/settings")
  const turnOff = await captureAction(page, async () => {
    await page.getByRole("button", { name: "Turn off two-factor authentication" }).click()
    await page.getByRole("button", { name: "Yes, turn it off" }).click()
  })
  expect(rename.headers["next-action"]).not.toBe(turnOff.headers["next-action"])
  await page.goto("/dashboard")
  await signOutFromMenu(page)

  // First factor only: the pending cookie, no session.
  await signInWithPassword(page, user.email, user.password, "/settings")
  await expectTwoFactorPage(page)

  const other = await page.context().newPage()
  for (const guarded of ["/dashboard", "/settings"]) {
    await other.goto(guarded)
    await expect(other, `${guarded} sends the pending sign-in to sign in`).toHaveURL(/\/api\/auth\/signin\?/)
    await expect(other.getByRole("heading", { name: "Sign in" })).toBeVisible()
  }
  await other.close()
  const me = await page.context().request.get("/api/me")
  expect(me.status()).toBe(401)
  expect(await me.json()).toEqual({ error: "Unauthorized" })
  await expectSignedOut(page.context())

  for (const action of [rename, turnOff]) {
    const answer = await replay(page, action, baseURL!)
    expect(answer.status, answer.body.slice(0, 300)).toBeLessThan(500)
    test.info().annotations.push({ type: "pending-cookie-only", description: `${action.headers["next-action"]} -> ${answer.status}` })
  }
  expect(userName(databaseFile, user.email)).toBe(user.name)
  expect(hasTwoFactor(databaseFile, user.email)).toBe(true)

  // The second step: back where the sign-in started, and the replays changed nothing.
  await enterCode(page, nextCode(uri))
  await expect(page).toHaveURL(/\/settings$/, NAVIGATION)
  await expect(page.getByTestId("two-factor-status")).toContainText("Two-factor authentication is on")
  await expect(page.getByLabel("Display name")).toHaveValue(user.name)

  // The same requests with a session do act: it was the missing session that stopped them.
  await replay(page, rename, baseURL!)
  expect(userName(databaseFile, user.email)).toBe("Renamed by replay")
  await replay(page, turnOff, baseURL!)
  expect(hasTwoFactor(databaseFile, user.email)).toBe(false)
})
