/**
 * Step-up (ASVS 7.5.1) in a real browser, both session strategies:
 * a sensitive action on a session whose proof of identity is stale sends the
 * user to the library's re-authenticate page; a wrong password is refused
 * there with a message, the right one brings them back where they were, and
 * the action then goes through without asking again. The proof is aged the
 * way time would age it (database: the Session row; jwt: the cookie's claim,
 * re-encrypted under the e2e servers' secret), so the servers keep the
 * default reauthenticateAfter and no other spec is affected.
 */
import type { Page } from "@playwright/test"
import { expect, signUp, test } from "./fixtures"
import { makeProofStale } from "./stale-proof"

test.describe.configure({ timeout: 120_000 })

async function signOutOthers(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out all other sessions" }).click()
  await page.getByRole("button", { name: "Yes, sign them out" }).click()
}

test("a stale session confirms with the password on the re-authenticate page, then the action goes through", async ({
  page,
  strategy,
  databaseFile,
}) => {
  const user = await signUp(page)
  await page.goto("/settings")
  await makeProofStale(page.context(), strategy, databaseFile)

  await signOutOthers(page)
  await expect(page).toHaveURL(/\/api\/auth\/reauthenticate\?callbackUrl=/)
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible()
  await expect(page.getByText(user.email)).toBeVisible()

  // A wrong password: said on the page, still there.
  await page.getByLabel("Password").fill(`wrong-${user.password}`)
  await page.getByRole("button", { name: "Confirm with password" }).click()
  await expect(page).toHaveURL(/error=wrong_password/)
  await expect(page.getByRole("alert")).toHaveText("That password is not correct. Try again.")

  await page.getByLabel("Password").fill(user.password)
  await page.getByRole("button", { name: "Confirm with password" }).click()
  await expect(page).toHaveURL(/\/settings$/)

  // Back where they were, and now recent enough: no second detour.
  await signOutOthers(page)
  await expect(page.getByTestId("sessions-message")).toHaveText(/revoked|signed out/)
  await expect(page).toHaveURL(/\/settings$/)
})

test("a fresh session is not asked", async ({ page }) => {
  await signUp(page)
  await page.goto("/settings")
  await signOutOthers(page)
  await expect(page.getByTestId("sessions-message")).toHaveText(/revoked|signed out/)
  await expect(page).toHaveURL(/\/settings$/)
})

test("a signed-out visitor of the re-authenticate page goes to sign-in", async ({ page }) => {
  await page.goto("/api/auth/reauthenticate?callbackUrl=%2Fsettings")
  await expect(page).toHaveURL(/\/api\/auth\/signin\?callbackUrl=/)
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible()
})
