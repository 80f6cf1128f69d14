/** A second browser of the same user, and what each side sees after a revocation. */
import type { Browser, Page } from "@playwright/test"
import { expect, submitSignInForm, type TestUser } from "./fixtures"

/** A second browser (its own cookies) signed in as `user`. */
export async function signInElsewhere(browser: Browser, baseURL: string | undefined, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await submitSignInForm(page, user.email, user.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  return page
}

export async function expectSignedOutOnNextNavigation(page: Page): Promise<void> {
  await page.goto("/dashboard")
  await expect(page).toHaveURL(/\/api\/auth\/signin\?/)
  expect(await (await page.request.get("/api/auth/session")).json()).toBeNull()
}

export async function expectStillSignedIn(page: Page, user: TestUser): Promise<void> {
  await page.goto("/dashboard")
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
}
