/**
 * "Signs you out everywhere" under both session strategies, in real browsers:
 * one user signed in in two browser contexts; changing the password in one
 * signs the other out on its next navigation and keeps the first signed in.
 * With jwt sessions that is the user's "sessions valid since" instant (the
 * server's default revocation delay: the instance that revokes knows at once).
 * And "Sign out all other sessions" with the jwt strategy. And a password
 * reset from another browser: the attacker's very next request to the same
 * server reads signed out. No test waits for a later
 * second: revocation has milliseconds.
 */
import type { Browser, Page } from "@playwright/test"
import { linkIn } from "../helpers/smtp"
import { expect, signUp, submitSignInForm, test, type TestUser } from "./fixtures"

/** A second browser (its own cookies) signed in as `user`. */
async function signInElsewhere(browser: Browser, baseURL: string | undefined, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await submitSignInForm(page, user.email, user.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  return page
}

async function expectSignedOutOnNextNavigation(page: Page): Promise<void> {
  await page.goto("/dashboard")
  await expect(page).toHaveURL(/\/api\/auth\/signin\?/)
  expect(await (await page.request.get("/api/auth/session")).json()).toBeNull()
}

async function expectStillSignedIn(page: Page, user: TestUser): Promise<void> {
  await page.goto("/dashboard")
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
}

test.describe.configure({ timeout: 180_000 })

test("changing the password signs the other browser out on its next navigation and keeps this one", async ({
  page,
  browser,
  baseURL,
  strategy,
}) => {
  const user = await signUp(page)
  const other = await signInElsewhere(browser, baseURL, user)
  await page.bringToFront()
  await page.goto("/settings")
  await page.getByLabel("Current password").fill(user.password)
  await page.getByLabel("New password").fill(`changed-${user.password}`)
  await page.getByRole("button", { name: "Change password" }).click()
  await expect(page.getByTestId("password-message")).toHaveText(
    strategy === "jwt" ? "Password changed. Every other session was signed out." : "Password changed. 1 other session was signed out.",
  )
  await expectSignedOutOnNextNavigation(other)
  await expectStillSignedIn(page, user)
  // The other browser signs in again with the new password only.
  await other.goto("/api/auth/signin?callbackUrl=/dashboard")
  await submitSignInForm(other, user.email, `changed-${user.password}`)
  await expect(other).toHaveURL(/\/dashboard$/)
  await other.context().close()
})

test.describe("jwt strategy: sign out other sessions", () => {
  test.skip(({ strategy }) => strategy !== "jwt", "the database strategy's list and buttons: sessions.spec.ts")

  test("\"Sign out all other sessions\" ends every other browser and keeps this one", async ({ page, browser, baseURL }) => {
    const user = await signUp(page)
    const other = await signInElsewhere(browser, baseURL, user)
    await page.bringToFront()
    await page.goto("/settings")
    await expect(page.getByTestId("sessions-unavailable")).toContainText("sign out every other browser")
    await page.getByRole("button", { name: "Sign out all other sessions" }).click()
    await page.getByRole("button", { name: "Yes, sign them out" }).click()
    await expect(page.getByTestId("sessions-message")).toHaveText("Every other session was signed out.")
    await expectSignedOutOnNextNavigation(other)
    await expectStillSignedIn(page, user)
    // Still signed in after a reload of Settings: the new cookie replaced the revoked one.
    await page.goto("/settings")
    await expect(page.getByRole("heading", { name: "Sessions", exact: true })).toBeVisible()
    await other.context().close()
  })
})

test("a password reset from another browser signs the attacker out on its very next request", async ({ page, browser, baseURL, smtp }) => {
  // The attacker holds a session of the account (it knew the password).
  const user = await signUp(page)
  await expect(page).toHaveURL(/\/dashboard$/)
  await smtp.waitFor(user.email) // the sign-up's verification mail

  const owner = await browser.newContext({ baseURL })
  const ownerPage = await owner.newPage()
  await ownerPage.goto("/forgot-password")
  await ownerPage.getByLabel("Email").fill(user.email)
  await ownerPage.getByRole("button", { name: "Send reset link" }).click()
  await expect(ownerPage.getByTestId("forgot-password-sent")).toBeVisible()
  await ownerPage.goto(linkIn(await smtp.waitFor(user.email), `${baseURL}/reset-password?`))
  await ownerPage.getByLabel("New password").fill(`owner-${user.password}`)
  await ownerPage.getByRole("button", { name: "Change password" }).click()
  await expect(ownerPage.getByTestId("reset-password-done")).toBeVisible()

  // The same server, its revocation delay untouched (60 s): signed out at once, jwt included.
  await expectSignedOutOnNextNavigation(page)
  await owner.close()
})
