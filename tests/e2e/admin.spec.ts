/**
 * The admin console in real browsers, both session strategies,
 * as the seeded admin (admin@example.com) uses it:
 * - a ban from /admin ends the user's session in their own browser (this
 *   server made the change, so at once; another instance within the
 *   revocation delay) and their sign-in then says the account is suspended;
 * - impersonation: the banner on every page, a sensitive change refused (the
 *   session's proof is never recent), "Stop impersonating" gives the admin's
 *   own session back, and the user, signing in, sees the start and the end in
 *   Security activity.
 */
import type { Browser, Page } from "@playwright/test"
import { expect, newUser, signUp, submitSignInForm, test, type TestUser } from "./fixtures"

const ADMIN = { email: "admin@example.com", password: "admin-password-123" }

test.describe.configure({ timeout: 180_000 })

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto("/api/auth/signin?callbackUrl=%2Fadmin")
  await submitSignInForm(page, ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible()
}

/** A user signed up in a browser of their own (their own cookies). */
async function userInOwnBrowser(browser: Browser, baseURL: string | undefined, label: string): Promise<{ page: Page; user: TestUser }> {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  const user = await signUp(page, newUser(label))
  return { page, user }
}

/** From /admin: search for the user and open their page. */
async function openUserPage(page: Page, user: TestUser): Promise<void> {
  await page.goto("/admin")
  await page.getByLabel("Search users").fill(user.email)
  await page.getByRole("button", { name: "Search" }).click()
  await expect(page.getByTestId("admin-user-row")).toHaveCount(1)
  await page.getByRole("link", { name: user.email }).click()
  await expect(page.getByTestId("admin-user-heading")).toHaveText(user.email)
}

test("an admin bans a user signed in elsewhere: that browser loses its session, and sign-in says suspended", async ({ page, browser, baseURL }) => {
  const other = await userInOwnBrowser(browser, baseURL, "banned")
  await signInAsAdmin(page)
  await openUserPage(page, other.user)

  await page.getByRole("button", { name: "Ban user" }).click()
  const dialog = page.getByRole("dialog")
  await dialog.getByLabel("Reason").fill("spam in the comments")
  await dialog.getByLabel("Duration").selectOption({ label: "1 day" })
  await dialog.getByRole("button", { name: "Ban user" }).click()
  await expect(page.getByTestId("admin-action-message")).toHaveText(/^User suspended until .* UTC\. Every session was ended\.$/)
  await expect(page.getByTestId("admin-user-status")).toContainText("Suspended until")

  // The user's own browser: signed out on its next request, and sign-in refuses with the reason withheld.
  await other.page.goto("/dashboard")
  await expect(other.page).toHaveURL(/\/api\/auth\/signin\?/)
  expect(await (await other.page.request.get("/api/auth/session")).json()).toBeNull()
  await submitSignInForm(other.page, other.user.email, other.user.password)
  await expect(other.page.getByText(/This account is suspended until .* UTC\./)).toBeVisible()
  await expect(other.page.getByText("spam in the comments")).toHaveCount(0)
  await other.page.context().close()
})

test("an admin impersonates a user: banner, a sensitive change refused, stop, and the user sees both entries", async ({ page, browser, baseURL }) => {
  const other = await userInOwnBrowser(browser, baseURL, "impersonated")
  await other.page.context().close()
  await signInAsAdmin(page)
  await openUserPage(page, other.user)
  const userPage = page.url()

  await page.getByRole("button", { name: "Impersonate" }).click()
  const dialog = page.getByRole("dialog")
  await dialog.getByLabel("Reason").fill("ticket 4711: the dashboard looks wrong")
  await dialog.getByRole("button", { name: "Impersonate" }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  const banner = page.getByTestId("impersonation-banner")
  await expect(banner).toContainText(`You are signed in as ${other.user.name}`)
  await expect(banner).toContainText("(administrator)")
  expect(((await (await page.request.get("/api/auth/session")).json()) as { user: { email: string } }).user.email).toBe(other.user.email)

  // The admin area is not the impersonated user's: a 404.
  expect((await page.goto("/admin"))?.status()).toBe(404)

  // A sensitive change: the session's proof is never recent, so the step-up refuses it.
  await page.goto("/settings")
  await expect(page.getByTestId("impersonation-banner")).toBeVisible()
  await page.getByLabel("Current password").fill(other.user.password)
  await page.getByLabel("New password").fill(`changed by admin ${other.user.password}`)
  await page.getByRole("button", { name: "Change password" }).click()
  await expect(page).toHaveURL(/\/api\/auth\/reauthenticate\?/)

  await page.goto("/dashboard")
  await page.getByTestId("impersonation-banner").getByRole("button", { name: "Stop impersonating" }).click()
  await expect(page).toHaveURL(userPage)
  await expect(page.getByTestId("impersonation-banner")).toHaveCount(0)
  expect(((await (await page.request.get("/api/auth/session")).json()) as { user: { email: string } }).user.email).toBe(ADMIN.email)
  await expect(page.getByTestId("admin-security-activity")).toContainText("Impersonation started")

  // The user signs in with the password the admin could not change, and sees both entries.
  const context = await browser.newContext({ baseURL })
  const own = await context.newPage()
  await own.goto("/api/auth/signin?callbackUrl=%2Fsettings")
  await submitSignInForm(own, other.user.email, other.user.password)
  await expect(own).toHaveURL(/\/settings$/)
  const activity = own.getByTestId("security-activity")
  await expect(activity).toContainText("Impersonation started (ticket 4711: the dashboard looks wrong)")
  await expect(activity).toContainText("Impersonation ended")
  await context.close()
})
