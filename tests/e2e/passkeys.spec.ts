/**
 * Passkeys in Chromium with its virtual authenticator (DevTools protocol:
 * ctap2, internal transport, resident keys, user verification): sign up with
 * a passkey alone, sign out, sign in with the button and through autofill
 * (conditional UI), add a passkey to a password account, rename and delete
 * passkeys. Runs once per session strategy (playwright.config.ts projects).
 */
import type { CDPSession, Page } from "@playwright/test"
import { expect, newUser, signOutFromMenu, signUp, test } from "./fixtures"

// Each test runs several ceremonies and page loads on a machine shared with three servers.
test.describe.configure({ timeout: 90_000 })
const NAVIGATION = { timeout: 20_000 }

interface VirtualAuthenticator {
  client: CDPSession
  authenticatorId: string
}

async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const client = await page.context().newCDPSession(page)
  await client.send("WebAuthn.enable")
  const { authenticatorId } = await client.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { client, authenticatorId }
}

/**
 * Chromium's virtual authenticator answers a conditional (autofill) request at once, so a page
 * that starts one signs in before any button is pressed. Button tests play a browser without
 * autofill support for passkeys, where the page does not start one.
 */
async function withoutPasskeyAutofill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (typeof PublicKeyCredential !== "undefined") {
      Object.defineProperty(PublicKeyCredential, "isConditionalMediationAvailable", { value: async () => false })
    }
  })
}

async function credentialCount({ client, authenticatorId }: VirtualAuthenticator): Promise<number> {
  const { credentials } = await client.send("WebAuthn.getCredentials", { authenticatorId })
  return credentials.length
}

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

function passkeyForm(page: Page) {
  return page.locator("form[data-webauthn-provider=passkey]")
}

test("sign up with a passkey alone, sign out, and sign in again with the passkey button", async ({ page }) => {
  await withoutPasskeyAutofill(page)
  const authenticator = await addVirtualAuthenticator(page)
  const user = await signUpWithPasskey(page)
  await expect(page.getByTestId("dashboard-user-name")).toHaveText(user.name)
  expect(await credentialCount(authenticator)).toBe(1)

  await signOutFromMenu(page)
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await passkeyForm(page).getByRole("button", { name: "Sign in with Passkey" }).click()
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

test("a password account adds a passkey in settings, then signs in with it; passkeys are renamed and deleted", async ({ page }) => {
  await withoutPasskeyAutofill(page)
  const authenticator = await addVirtualAuthenticator(page)
  const user = await signUp(page)
  await page.goto("/settings")
  await expect(page.getByTestId("passkeys-empty")).toBeVisible()
  await page.getByRole("button", { name: "Add a passkey" }).click()
  await expect(page.getByTestId("add-passkey-message")).toHaveText("Passkey added.")
  await expect(page.getByTestId("passkey")).toHaveCount(1)
  await expect(page.getByTestId("passkey-kind")).toHaveText(/passkey$/)
  await expect(page.getByTestId("passkey-last-used")).toHaveText("never")
  expect(await credentialCount(authenticator)).toBe(1)

  await page.getByLabel(/^New name for/).fill("Work laptop")
  await page.getByRole("button", { name: "Rename" }).click()
  await expect(page.getByTestId("passkey-name")).toHaveText("Work laptop")

  await signOutFromMenu(page)
  await page.goto("/api/auth/signin?callbackUrl=/settings")
  await passkeyForm(page).getByRole("button", { name: "Sign in with Passkey" }).click()
  await expect(page).toHaveURL(/\/settings$/, NAVIGATION)
  await expect(page.getByTestId("settings-user-name")).toHaveText(user.name)
  await expect(page.getByTestId("passkey-last-used")).not.toHaveText("never")

  // The password still signs in, so this passkey may go.
  await page.getByRole("button", { name: "Delete Work laptop" }).click()
  await expect(page.getByTestId("passkeys-empty")).toBeVisible()
})

test("the only passkey of an account without a password cannot be deleted", async ({ page }) => {
  const phone = await addVirtualAuthenticator(page)
  await signUpWithPasskey(page)
  await page.goto("/settings")
  await expect(page.getByTestId("passkey")).toHaveCount(1)
  await page.getByRole("button", { name: /^Delete / }).click()
  await expect(page.getByTestId("passkey-message")).toHaveText(/only way to sign in/)
  await page.reload()
  await expect(page.getByTestId("passkey")).toHaveCount(1)

  // With a second passkey (on another device: this one already holds a credential for the
  // account, which the options exclude) the first one can go.
  await phone.client.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: phone.authenticatorId })
  await addVirtualAuthenticator(page)
  await page.getByRole("button", { name: "Add a passkey" }).click()
  await expect(page.getByTestId("passkey")).toHaveCount(2)
  await page.getByRole("button", { name: /^Delete / }).first().click()
  await expect(page.getByTestId("passkey")).toHaveCount(1)
})
