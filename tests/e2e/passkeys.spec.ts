/**
 * Passkeys in Chromium with its virtual authenticator (DevTools protocol:
 * ctap2, internal transport, resident keys, user verification): sign up with
 * a passkey alone, sign out, sign in with the button and through autofill
 * (conditional UI), add a passkey to a password account, rename and delete
 * passkeys (deleting asks first), a second passkey on the same device, an
 * unknown email on the sign-in page, and a passkey-only account setting a
 * password through the mailed link. Runs once per session strategy
 * (playwright.config.ts projects).
 */
import path from "node:path"
import Database from "better-sqlite3"
import type { Page } from "@playwright/test"
import { linkIn } from "../helpers/smtp"
import { expect, newUser, signOutFromMenu, signUp, submitSignInForm, test } from "./fixtures"
import { addVirtualAuthenticator, credentialCount, passkeyForm, withoutPasskeyAutofill } from "./virtual-authenticator"

// Each test runs several ceremonies and page loads on a machine shared with three servers.
test.describe.configure({ timeout: 90_000 })
const NAVIGATION = { timeout: 20_000 }

/** /signup → "Sign up with a passkey": an account with no password, signed in on the dashboard. */
async function signUpWithPasskey(page: Page) {
  const user = newUser("passkey")
  await page.goto("/signup")
  await page.getByLabel("Email").fill(user.email)
  await page.getByLabel("Display name").fill(user.name)
  await page.getByRole("button", { name: "Sign up with a passkey" }).click()
  await expect(page).toHaveURL(/\/dashboard$/, NAVIGATION)
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
  return user
}

test("sign up with a passkey alone, sign out, and sign in again with the passkey button", async ({ page }) => {
  await withoutPasskeyAutofill(page)
  const authenticator = await addVirtualAuthenticator(page)
  const user = await signUpWithPasskey(page)
  await expect(page.getByTestId("dashboard-user-name")).toHaveText(user.name)
  expect(await credentialCount(authenticator)).toBe(1)

  await signOutFromMenu(page)
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await passkeyForm(page).getByRole("button", { name: "Sign in with a passkey" }).click()
  await expect(page).toHaveURL(/\/dashboard$/, NAVIGATION)
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
})

test("sign in through the browser's passkey autofill (conditional UI)", async ({ page }) => {
  const authenticator = await addVirtualAuthenticator(page)
  const user = await signUpWithPasskey(page)
  await signOutFromMenu(page)
  expect(await credentialCount(authenticator)).toBe(1)

  // The page starts a conditional (autofill) request on load. Chromium's virtual authenticator
  // answers it with its one discoverable credential, as a user picking the passkey from the
  // email field's suggestions would. No button is pressed.
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await expect(page).toHaveURL(/\/dashboard$/, NAVIGATION)
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
})

test("a password account adds a passkey in settings, then signs in with it; passkeys are renamed and deleted after a confirmation", async ({ page }) => {
  await withoutPasskeyAutofill(page)
  const authenticator = await addVirtualAuthenticator(page)
  const user = await signUp(page)
  await page.goto("/settings")
  await expect(page.getByTestId("passkeys-empty")).toBeVisible()
  await page.getByRole("button", { name: "Add a passkey" }).click()
  await expect(page.getByTestId("passkeys-message")).toHaveText("Passkey added.")
  await expect(page.getByTestId("passkey")).toHaveCount(1)
  await expect(page.getByTestId("passkey-kind")).toHaveText(/passkey$/)
  await expect(page.getByTestId("passkey-last-used")).toHaveText("never")
  expect(await credentialCount(authenticator)).toBe(1)

  // Named from the browser it was added in, never "Unnamed passkey"; renamed through a dialog.
  await expect(page.getByTestId("passkey-name")).toHaveText(/^Chrome on \w+$/)
  await page.getByTestId("passkey").getByRole("button", { name: /^Rename / }).click()
  const dialog = page.getByRole("dialog", { name: "Rename passkey" })
  await dialog.getByLabel("Passkey name").fill("Work laptop")
  await dialog.getByRole("button", { name: "Save name" }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByTestId("passkey-name")).toHaveText("Work laptop")
  // One message for the section: the rename replaced "Passkey added.".
  await expect(page.getByTestId("passkeys-message")).toHaveText("Passkey renamed.")

  await signOutFromMenu(page)
  await page.goto("/api/auth/signin?callbackUrl=/settings")
  await passkeyForm(page).getByRole("button", { name: "Sign in with a passkey" }).click()
  await expect(page).toHaveURL(/\/settings$/, NAVIGATION)
  await expect(page.getByTestId("settings-user-name")).toHaveText(user.name)
  await expect(page.getByTestId("passkey-last-used")).not.toHaveText("never")

  // Delete asks first; Escape takes the question back and focus returns to the button.
  const remove = page.getByRole("button", { name: "Delete Work laptop" })
  await remove.click()
  const question = page.getByRole("group", { name: /^Delete the passkey “Work laptop”\?/ })
  await expect(question).toBeVisible()
  await expect(question.getByRole("button", { name: "Yes, delete it" })).toBeFocused()
  await page.keyboard.press("Escape")
  await expect(question).toHaveCount(0)
  await expect(remove).toBeFocused()
  await expect(page.getByTestId("passkey")).toHaveCount(1)
  // Cancel does the same.
  await remove.click()
  await question.getByRole("button", { name: "Cancel" }).click()
  await expect(page.getByTestId("passkey")).toHaveCount(1)

  // The password still signs in, so this passkey may go.
  await remove.click()
  await question.getByRole("button", { name: "Yes, delete it" }).click()
  await expect(page.getByTestId("passkeys-empty")).toBeVisible()
  await expect(page.getByTestId("passkeys-message")).toHaveText("Passkey deleted.")
})

test("the only passkey of an account without a password cannot be deleted", async ({ page }) => {
  const phone = await addVirtualAuthenticator(page)
  await signUpWithPasskey(page)
  await page.goto("/settings")
  await expect(page.getByTestId("passkey")).toHaveCount(1)
  await page.getByTestId("passkey").getByRole("button", { name: /^Delete / }).click()
  await page.getByRole("button", { name: "Yes, delete it" }).click()
  await expect(page.getByTestId("passkeys-message")).toHaveText(/only way to sign in/)
  await page.reload()
  await expect(page.getByTestId("passkey")).toHaveCount(1)

  // With a second passkey (on another device: this one already holds a credential for the
  // account, which the options exclude) the first one can go.
  await phone.client.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: phone.authenticatorId })
  await addVirtualAuthenticator(page)
  await page.getByRole("button", { name: "Add a passkey" }).click()
  await expect(page.getByTestId("passkey")).toHaveCount(2)
  await page.getByTestId("passkey").first().getByRole("button", { name: /^Delete / }).click()
  await page.getByRole("button", { name: "Yes, delete it" }).click()
  await expect(page.getByTestId("passkey")).toHaveCount(1)
})

test("a second passkey on the same device is refused with a message that says why", async ({ page }) => {
  const authenticator = await addVirtualAuthenticator(page)
  await signUpWithPasskey(page)
  await page.goto("/settings")
  await page.getByRole("button", { name: "Add a passkey" }).click()
  // The options exclude the account's credential, so the authenticator answers InvalidStateError.
  await expect(page.getByTestId("passkeys-message")).toHaveText(
    "This device already holds a passkey for this account. To add another, use a different device or security key.",
  )
  await expect(page.getByTestId("passkey")).toHaveCount(1)
  expect(await credentialCount(authenticator)).toBe(1)
})

function userCount(databaseFile: string, email: string): number {
  const db = new Database(path.resolve(databaseFile), { readonly: true, fileMustExist: true })
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM "User" WHERE email = ?').get(email) as { n: number }).n
  } finally {
    db.close()
  }
}

test("the sign-in page's passkey button with an unknown email says so and creates no account", async ({ page, databaseFile }) => {
  await withoutPasskeyAutofill(page)
  const authenticator = await addVirtualAuthenticator(page)
  const email = newUser("unknown").email
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await passkeyForm(page).getByLabel("Email").fill(email)
  await passkeyForm(page).getByRole("button", { name: "Sign in with a passkey" }).click()
  await expect(passkeyForm(page).locator("[data-webauthn-error]")).toHaveText(
    "No account uses this email address. Check it, or create an account first.",
  )
  await expect(page).toHaveURL(/\/api\/auth\/signin/)
  expect(await credentialCount(authenticator)).toBe(0)
  expect(userCount(databaseFile, email)).toBe(0)
})

test("a passkey-only account sets a password through the mailed link, then signs in with it", async ({ page, smtp, baseURL }) => {
  await withoutPasskeyAutofill(page)
  const authenticator = await addVirtualAuthenticator(page)
  const user = await signUpWithPasskey(page)
  // A passkey sign-up with an address is sent the verification mail first (docs/decisions/account-model-and-passwords.md, "Account model").
  expect((await smtp.waitFor(user.email)).subject).toContain("Confirm your email address")
  await page.goto("/settings")
  await expect(page.getByLabel("Current password")).toHaveCount(0)
  await page.getByRole("button", { name: "Set a password" }).click()
  await expect(page.getByTestId("set-password-message")).toHaveText("We have sent you a link to choose your password. It works once, for 1 hour.")
  // Asking set nothing yet.
  await page.reload()
  await expect(page.getByRole("button", { name: "Set a password" })).toBeVisible()

  const mail = await smtp.waitFor(user.email)
  expect(mail.subject).toMatch(/^Set a password for /)
  const link = linkIn(mail, `${baseURL}/set-password?`)
  await page.goto(link)
  await expect(page.getByTestId("set-password-email")).toHaveText(user.email)
  await page.getByLabel("Password").fill("short")
  await page.getByLabel("Password").evaluate((input) => input.removeAttribute("minlength"))
  await page.getByRole("button", { name: "Set password" }).click()
  await expect(page.getByRole("alert").filter({ hasText: "at least 8" })).toBeVisible()
  await page.getByLabel("Password").fill(user.password)
  await page.getByRole("button", { name: "Set password" }).click()
  await expect(page.getByTestId("set-password-done")).toBeVisible()

  // Single use.
  await page.goto(link)
  await expect(page.getByTestId("set-password-invalid")).toBeVisible()
  // Settings now offers to change the password instead.
  await page.goto("/settings")
  await expect(page.getByLabel("Current password")).toBeVisible()
  await expect(page.getByRole("button", { name: "Set a password" })).toHaveCount(0)

  // Without the passkey, the password alone signs in.
  await authenticator.client.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: authenticator.authenticatorId })
  await signOutFromMenu(page)
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await submitSignInForm(page, user.email, user.password)
  await expect(page).toHaveURL(/\/dashboard$/, NAVIGATION)
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
})
