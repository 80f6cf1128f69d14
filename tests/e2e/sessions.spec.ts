/**
 * Settings › Sessions in a real browser. Database strategy: one user signed in
 * from two browsers sees both sessions with this one marked, revokes the
 * other, and the other browser is signed out on its next request; "sign out
 * all other sessions" does the same for every other. Run by the database
 * project only; what the jwt strategy shows instead: sessions-jwt.spec.ts.
 */
import type { Browser, Page } from "@playwright/test"
import { expect, signUp, submitSignInForm, test, type TestUser } from "./fixtures"

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
const SAFARI_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15"

/** A second browser (its own cookies) with the given User-Agent, signed in as `user`. */
async function signInElsewhere(browser: Browser, baseURL: string | undefined, user: TestUser, userAgent: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, userAgent })
  const page = await context.newPage()
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await submitSignInForm(page, user.email, user.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  return page
}

async function expectSignedOutOnNextRequest(page: Page): Promise<void> {
  await page.goto("/dashboard")
  await expect(page).toHaveURL(/\/api\/auth\/signin\?/)
}

test.describe("database strategy", () => {
  // A sign-up and two or three sign-ins (each a password hash) on a busy machine.
  test.describe.configure({ timeout: 180_000 })

  test("two browsers of one user: both listed, this one marked, revoking the other signs it out", async ({ page, browser, baseURL }) => {
    const user = await signUp(page)
    const other = await signInElsewhere(browser, baseURL, user, FIREFOX_LINUX)

    await page.goto("/settings")
    const sessions = page.getByTestId("session")
    await expect(sessions).toHaveCount(2)
    const current = page.locator('[data-testid="session"][data-current="true"]')
    await expect(current).toHaveCount(1)
    await expect(current.getByTestId("session-current")).toHaveText("This device")
    // The project's device profile ("Desktop Chrome") sends a Chrome User-Agent.
    // One wording for devices (server/display/device.ts): the family, no version numbers.
    await expect(current.getByTestId("session-device")).toHaveText(/^Chrome on \w+$/)
    // This device comes first and cannot be signed out from here.
    await expect(sessions.first()).toHaveAttribute("data-current", "true")
    await expect(current.getByRole("button", { name: /^Sign out/ })).toHaveCount(0)
    const firefox = sessions.filter({ hasText: "Firefox on Linux" })
    await expect(firefox).toHaveCount(1)
    // Relative, with the exact time in the reader's zone on hover.
    await expect(firefox.getByTestId("session-last-active")).toHaveText(/^(just now|\d+ minutes? ago)$/)
    await expect(firefox.getByTestId("session-last-active").locator("time")).toHaveAttribute("title", /\d{4}/)

    await firefox.getByRole("button", { name: "Sign out Firefox on Linux" }).click()
    // Asked first: nothing is revoked until "Yes".
    await expect(sessions).toHaveCount(2)
    await firefox.getByRole("button", { name: "Yes, sign it out" }).click()
    await expect(sessions).toHaveCount(1)
    await expect(page.getByTestId("sessions-message")).toHaveText("Session revoked. That device is signed out.")
    await expect(sessions.first().getByTestId("session-current")).toBeVisible()

    await expectSignedOutOnNextRequest(other)
    // This browser is still signed in.
    await page.goto("/dashboard")
    await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
    await other.context().close()
  })

  test("\"Sign out all other sessions\" ends every other browser and keeps this one", async ({ page, browser, baseURL }) => {
    const user = await signUp(page)
    const firefox = await signInElsewhere(browser, baseURL, user, FIREFOX_LINUX)
    const safari = await signInElsewhere(browser, baseURL, user, SAFARI_MAC)

    await page.goto("/settings")
    await expect(page.getByTestId("session")).toHaveCount(3)
    await expect(page.getByTestId("session").filter({ hasText: "Safari on macOS" })).toHaveCount(1)
    await page.getByRole("button", { name: "Sign out all other sessions" }).click()
    await page.getByRole("button", { name: "Yes, sign them out" }).click()
    await expect(page.getByTestId("sessions-message")).toHaveText("2 other sessions revoked.")
    await expect(page.getByTestId("session")).toHaveCount(1)

    await expectSignedOutOnNextRequest(firefox)
    await expectSignedOutOnNextRequest(safari)
    await page.goto("/dashboard")
    await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
    await firefox.context().close()
    await safari.context().close()
  })
})

test.describe("database strategy: password change", () => {
  // Under jwt the same promise is kept through the revocation stamp: revocation.spec.ts.
  test.describe.configure({ timeout: 180_000 })

  test("changing the password in Settings signs out the other browsers and keeps this one", async ({ page, browser, baseURL }) => {
    const user = await signUp(page)
    const other = await signInElsewhere(browser, baseURL, user, FIREFOX_LINUX)
    await page.goto("/settings")
    await page.getByLabel("Current password").fill(user.password)
    await page.getByLabel("New password").fill(`changed-${user.password}`)
    await page.getByRole("button", { name: "Change password" }).click()
    await expect(page.getByTestId("password-message")).toHaveText("Password changed. 1 other session was signed out.")
    await expect(page.getByTestId("session")).toHaveCount(1)
    await expectSignedOutOnNextRequest(other)
    await page.goto("/dashboard")
    await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
    await other.context().close()
  })
})
