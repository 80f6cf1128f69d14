/**
 * "Signs you out everywhere" under both session strategies, in real browsers:
 * one user signed in in two browser contexts; changing the password in one
 * signs the other out on its next navigation and keeps the first signed in.
 * With jwt sessions that is the user's "sessions valid since" instant (the
 * server's default revocation delay: the instance that revokes knows at once).
 * And "Sign out all other sessions" with the jwt strategy.
 */
import type { Browser, Page } from "@playwright/test"
import { expect, signUp, submitSignInForm, test, type TestUser } from "./fixtures"

/** A second browser (its own cookies) signed in as `user`. */
async function signInElsewhere(browser: Browser, baseURL: string | undefined, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await submitSignInForm(page, user.email, user.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  // jwt revocation has the resolution of `iat`, whole seconds: a token issued in the same second
  // as the revocation stays valid (docs/decisions.md, "Revoking jwt sessions"). Revoking in a
  // later second than this sign-in is what a person does; a fast test must wait for it.
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20))
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
    await expect(page.getByRole("heading", { name: "Sessions" })).toBeVisible()
    await other.context().close()
  })
})
