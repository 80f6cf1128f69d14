/**
 * Signing in with a real OpenID Provider in the browser (the test IdP that
 * playwright.config.ts starts, configured through AUTH_OIDC_*), under both
 * session strategies: new and returning users, linking from settings (and
 * unlinking after a confirmation), the last-way-to-sign-in guard, the
 * provider's email_verified shown in Settings, and federated sign-out.
 */
import { randomUUID } from "node:crypto"
import path from "node:path"
import Database from "better-sqlite3"
import { expect, loginAtIdp, newUser, openAccountMenu, test } from "./fixtures"

// Each test goes through the IdP's pages as well as the app's: give them room on a busy machine.
test.describe.configure({ timeout: 120_000 })
const SLOW = { timeout: 30_000 }

function usersWithEmail(databaseFile: string, email: string): string[] {
  const db = new Database(path.resolve(databaseFile), { readonly: true, fileMustExist: true })
  try {
    return (db.prepare('SELECT id FROM "User" WHERE email = ?').all(email) as { id: string }[]).map((r) => r.id)
  } finally {
    db.close()
  }
}

test("a new user signs in with the OIDC provider from the built-in page; returning, they are the same user", async ({ page, context, databaseFile }) => {
  const sub = `e2e-${randomUUID().slice(0, 8)}`
  const email = `${sub}@idp.example.test`
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await page.getByRole("button", { name: /Test IdP/ }).click()
  await loginAtIdp(page, sub)
  await expect(page).toHaveURL(/\/dashboard$/, SLOW)
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(email)
  const [id] = usersWithEmail(databaseFile, email)
  expect(id).toBeTruthy()

  // A fresh browser (no cookies anywhere) signs in as the same user.
  await context.clearCookies()
  await page.goto("/")
  await page.getByTestId("provider-oidc").click()
  await loginAtIdp(page, sub)
  await expect(page).toHaveURL(/\/dashboard$/, SLOW)
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(email)
  expect(usersWithEmail(databaseFile, email)).toEqual([id])
  // The provider sent email_verified: true, and Settings says so.
  await page.goto("/settings")
  await expect(page.getByTestId("settings-email-state")).toHaveText("Verified")
})

test("an address the provider did not verify (email_verified: false) is not kept: signed in, with no address", async ({ page, databaseFile }) => {
  // The test IdP sends email_verified: false for subjects starting with "unverified-". Such an
  // address must not create or link a user (docs/decisions/account-model-and-passwords.md, "Account model").
  const sub = `unverified-${randomUUID().slice(0, 8)}`
  await page.goto("/")
  await page.getByTestId("provider-oidc").click()
  await loginAtIdp(page, sub)
  await expect(page).toHaveURL(/\/dashboard$/, SLOW)
  expect(usersWithEmail(databaseFile, `${sub}@idp.example.test`)).toEqual([])
  await page.goto("/settings")
  await expect(page.getByTestId("settings-email")).toHaveCount(0)
})

test("settings links the provider to a password account, and unlinks it", async ({ page }) => {
  const user = newUser("link")
  await page.goto("/signup")
  await page.getByLabel("Email").fill(user.email)
  await page.getByLabel("Display name").fill(user.name)
  await page.getByLabel("Password").fill(user.password)
  await page.getByRole("button", { name: "Create account" }).click()
  await expect(page).toHaveURL(/\/dashboard$/, SLOW)
  await page.goto("/settings")
  await page.getByTestId("provider-oidc").click()
  await loginAtIdp(page, `link-${randomUUID().slice(0, 8)}`)
  await expect(page).toHaveURL(/\/settings$/, SLOW)
  await expect(page.getByTestId("linked-oidc")).toHaveText("Test IdP")
  await page.getByTestId("unlink-oidc").click()
  // Nothing happens until the question is answered.
  await expect(page.getByRole("group", { name: /^Unlink Test IdP\?/ })).toBeVisible()
  await page.getByRole("button", { name: "Cancel" }).click()
  await expect(page.getByTestId("linked-oidc")).toHaveText("Test IdP")
  await page.getByTestId("unlink-oidc").click()
  await page.getByRole("button", { name: "Yes, unlink" }).click()
  await expect(page.getByTestId("linked-oidc")).toHaveCount(0)
  await expect(page.getByTestId("linked-accounts-message")).toHaveText("Test IdP unlinked. It no longer signs you in.")
  await expect(page.getByTestId("provider-oidc")).toBeVisible()
})

test("the only way to sign in cannot be unlinked", async ({ page }) => {
  await page.goto("/")
  await page.getByTestId("provider-oidc").click()
  await loginAtIdp(page, `only-${randomUUID().slice(0, 8)}`)
  await page.goto("/settings")
  await page.getByTestId("unlink-oidc").click()
  await page.getByRole("button", { name: "Yes, unlink" }).click()
  await expect(page.getByTestId("linked-accounts-message")).toContainText("only way to sign in")
  await expect(page.getByTestId("linked-oidc")).toHaveText("Test IdP")
  // The next action replaces the message: it does not linger beside an unrelated outcome.
  await page.getByRole("button", { name: "Set a password" }).click()
  await expect(page.getByTestId("set-password-message")).toContainText("We have sent you a link")
  await expect(page.getByTestId("linked-accounts-message")).toHaveCount(0)
})

test("sign-out continues to the provider's logout and comes back signed out", async ({ page }) => {
  await page.goto("/")
  await page.getByTestId("provider-oidc").click()
  await loginAtIdp(page, `bye-${randomUUID().slice(0, 8)}`)
  await expect(page).toHaveURL(/\/dashboard$/, SLOW)
  await openAccountMenu(page)
  await page.getByTestId("sign-out").click()
  await expect(page).toHaveURL(/^https:\/\/127\.0\.0\.1:\d+\/session\/end/, SLOW)
  await page.getByRole("button", { name: "Yes, sign me out" }).click()
  await expect(page.getByTestId("session-state")).toHaveText("Not signed in", SLOW)
})
