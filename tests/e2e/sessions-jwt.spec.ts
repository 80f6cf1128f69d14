/**
 * Settings › Sessions under the jwt strategy, run by the jwt project only:
 * there is no list of sessions to show, and the section says why; "Sign out
 * all other sessions" still ends every other browser, through the revocation
 * stamp. The list itself, under database sessions: sessions.spec.ts.
 */
import { expect, signUp, test } from "./fixtures"
import { expectSignedOutOnNextNavigation, expectStillSignedIn, signInElsewhere } from "./other-browser"

test.describe("jwt strategy", () => {
  test("the sessions section explains why sessions cannot be listed, and offers to sign out the others", async ({ page }) => {
    await signUp(page)
    await page.goto("/settings")
    await expect(page.getByRole("heading", { name: "Sessions", exact: true })).toBeVisible()
    await expect(page.getByTestId("sessions-unavailable")).toContainText("cannot be listed")
    await expect(page.getByTestId("sessions-unavailable")).toContainText("encrypted cookie")
    await expect(page.getByTestId("session")).toHaveCount(0)
    // What the button does with jwt sessions: tests/e2e/revocation.spec.ts.
    await expect(page.getByRole("button", { name: "Sign out all other sessions" })).toHaveCount(1)
  })
})

test.describe("jwt strategy: sign out other sessions", () => {
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
