/**
 * Settings › Delete account in a real browser, both session strategies: a
 * wrong typed address is refused; a stale proof of identity goes through the
 * re-authenticate page first; then every record of the user is gone from the
 * database, a second browser of the same user is signed out too (jwt
 * included), the notice mail arrives, and the browser lands on the home page
 * signed out with a notice. An account made by the OpenID Provider leaves
 * the identity free: signing in with it again makes a new user. An account
 * without an address confirms with DELETE.
 */
import { randomUUID } from "node:crypto"
import path from "node:path"
import Database from "better-sqlite3"
import type { Page } from "@playwright/test"
import type { MailCapture } from "./mail-capture"
import { expect, loginAtIdp, signUp, submitSignInForm, test } from "./fixtures"
import { makeProofStale } from "./stale-proof"
import { userIdOf } from "./two-factor-helper"

test.describe.configure({ timeout: 120_000 })
const SLOW = { timeout: 30_000 }

/** Rows left for the user in every table a deletion empties, read from the server's SQLite file. */
function recordsLeft(databaseFile: string, userId: string): Record<string, number> {
  const db = new Database(path.resolve(databaseFile), { readonly: true, fileMustExist: true })
  try {
    const count = (sql: string, ...params: string[]) => (db.prepare(sql).get(...params) as { n: number }).n
    return {
      User: count('SELECT COUNT(*) AS n FROM "User" WHERE id = ?', userId),
      Account: count('SELECT COUNT(*) AS n FROM "Account" WHERE "userId" = ?', userId),
      Session: count('SELECT COUNT(*) AS n FROM "Session" WHERE "userId" = ?', userId),
      Authenticator: count('SELECT COUNT(*) AS n FROM "Authenticator" WHERE "userId" = ?', userId),
      TwoFactor: count('SELECT COUNT(*) AS n FROM "TwoFactor" WHERE "userId" = ?', userId),
      RecoveryCode: count('SELECT COUNT(*) AS n FROM "RecoveryCode" WHERE "userId" = ?', userId),
    }
  } finally {
    db.close()
  }
}

function tokensFor(databaseFile: string, email: string): number {
  const db = new Database(path.resolve(databaseFile), { readonly: true, fileMustExist: true })
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM "VerificationToken" WHERE identifier = ? OR identifier LIKE ?').get(email, `%:${email}`) as { n: number }).n
  } finally {
    db.close()
  }
}

function usersWithEmail(databaseFile: string, email: string): string[] {
  const db = new Database(path.resolve(databaseFile), { readonly: true, fileMustExist: true })
  try {
    return (db.prepare('SELECT id FROM "User" WHERE email = ?').all(email) as { id: string }[]).map((r) => r.id)
  } finally {
    db.close()
  }
}

/** The next mail to `address` whose subject matches, skipping others (the sign-up's verification mail). */
async function mailWithSubject(smtp: MailCapture, address: string, subject: RegExp) {
  for (;;) {
    const mail = await smtp.waitFor(address, 20_000)
    if (subject.test(mail.subject)) return mail
  }
}

async function deleteWith(page: Page, typed: string): Promise<void> {
  await page.getByLabel("Type your email to confirm").fill(typed)
  await page.getByRole("button", { name: "Delete my account" }).click()
}

/** The form's refusal, announced under the confirmation field. */
function confirmationError(page: Page) {
  return page.locator("#confirmation-error")
}

async function expectDeletedAndHome(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/\?account=deleted$/, SLOW)
  await expect(page.getByTestId("account-deleted-notice")).toHaveText(/^Your account was deleted/)
  await expect(page.getByTestId("session-state")).toHaveText("Not signed in")
  expect(await (await page.context().request.get("/api/auth/session")).json()).toBeNull()
}

test("delete account: a wrong address is refused, a stale proof re-authenticates, then everything goes and every browser is signed out", async ({
  page,
  browser,
  strategy,
  databaseFile,
  smtp,
}) => {
  const user = await signUp(page)
  const userId = userIdOf(databaseFile, user.email)

  // A second browser of the same user.
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await otherPage.goto("/api/auth/signin?callbackUrl=/dashboard")
  await submitSignInForm(otherPage, user.email, user.password)
  await expect(otherPage).toHaveURL(/\/dashboard$/, SLOW)

  await page.goto("/settings")
  await expect(page.getByRole("heading", { name: "Delete account" })).toBeVisible()
  await deleteWith(page, `not-${user.email}`)
  await expect(confirmationError(page)).toHaveText(/That is not your email address/)
  expect(usersWithEmail(databaseFile, user.email)).toEqual([userId])

  // A stale session confirms who it is first, and comes back to Settings.
  await makeProofStale(page.context(), strategy, databaseFile)
  await deleteWith(page, user.email.toUpperCase())
  await expect(page).toHaveURL(/\/api\/auth\/reauthenticate\?callbackUrl=/, SLOW)
  expect(usersWithEmail(databaseFile, user.email)).toEqual([userId])
  await page.getByLabel("Password").fill(user.password)
  await page.getByRole("button", { name: "Confirm with password" }).click()
  await expect(page).toHaveURL(/\/settings$/, SLOW)

  // The address as typed with other letter cases is the same address.
  await deleteWith(page, user.email.toUpperCase())
  await expectDeletedAndHome(page)

  expect(recordsLeft(databaseFile, userId)).toEqual({ User: 0, Account: 0, Session: 0, Authenticator: 0, TwoFactor: 0, RecoveryCode: 0 })
  expect(tokensFor(databaseFile, user.email)).toBe(0)

  // The other browser is signed out too: its database row is gone, or (jwt) its token names a user who no longer exists.
  await otherPage.goto("/dashboard")
  await expect(otherPage).toHaveURL(/\/api\/auth\/signin\?callbackUrl=/, SLOW)
  expect(await (await other.request.get("/api/auth/session")).json()).toBeNull()
  expect((await other.request.get("/api/me")).status()).toBe(401)
  await other.close()

  const mail = await mailWithSubject(smtp, user.email, /^Your account was deleted/)
  expect(mail.text).toContain("Your account was deleted")

  // The password no longer signs in.
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await submitSignInForm(page, user.email, user.password)
  await expect(page).toHaveURL(/error=CredentialsSignin/, SLOW)
})

test("an account made with the OpenID Provider: after deletion the same identity signs in as a new, empty user", async ({ page, databaseFile }) => {
  const sub = `gone-${randomUUID().slice(0, 8)}`
  const email = `${sub}@idp.example.test`
  await page.goto("/")
  await page.getByTestId("provider-oidc").click()
  await loginAtIdp(page, sub)
  await expect(page).toHaveURL(/\/dashboard$/, SLOW)
  const [firstId] = usersWithEmail(databaseFile, email)
  expect(firstId).toBeTruthy()

  await page.goto("/settings")
  await expect(page.getByText(`Type ${email} to confirm.`)).toBeVisible()
  await deleteWith(page, email)
  await expectDeletedAndHome(page)
  expect(recordsLeft(databaseFile, firstId).Account).toBe(0)
  expect(usersWithEmail(databaseFile, email)).toEqual([])

  // A browser with no cookies anywhere, so the IdP asks again rather than reusing its own session.
  await page.context().clearCookies()
  await page.goto("/")
  await page.getByTestId("provider-oidc").click()
  await loginAtIdp(page, sub)
  await expect(page).toHaveURL(/\/dashboard$/, SLOW)
  const [secondId] = usersWithEmail(databaseFile, email)
  expect(secondId).toBeTruthy()
  expect(secondId).not.toBe(firstId)
  // Fresh: the provider link it was made with and nothing else.
  expect(recordsLeft(databaseFile, secondId)).toMatchObject({ User: 1, Account: 1, Authenticator: 0, TwoFactor: 0, RecoveryCode: 0 })
  await page.goto("/settings")
  await expect(page.getByTestId("linked-oidc")).toHaveText("Test IdP")
})

test("an account without an email address confirms with DELETE", async ({ page }) => {
  // The test IdP sends email_verified: false for these subjects: the user is made without an address.
  const sub = `unverified-${randomUUID().slice(0, 8)}`
  await page.goto("/")
  await page.getByTestId("provider-oidc").click()
  await loginAtIdp(page, sub)
  await expect(page).toHaveURL(/\/dashboard$/, SLOW)
  await page.goto("/settings")
  await expect(page.getByText("Your account has no email address: type DELETE instead.")).toBeVisible()
  await deleteWith(page, "delete")
  await expect(confirmationError(page)).toHaveText("Type DELETE to delete your account.")
  await deleteWith(page, "DELETE")
  await expectDeletedAndHome(page)
})
