/**
 * Two-factor sign-in in a real browser, both session strategies: a user with
 * two-factor on signs in with the password, then the code an authenticator
 * app would show (computed from the otpauth URI), and only then reaches the
 * dashboard. The pending cookie alone reaches no guarded page.
 */
import { expect, newUser, signOutFromMenu, signUp, submitSignInForm, test } from "./fixtures"
import { codeFromUri, enrolTwoFactor } from "./two-factor-helper"

const SESSION_COOKIE = "authjs.session-token"
const PENDING_COOKIE = "authjs.two-factor"

test("password, then the authentication code, then the dashboard; the pending cookie alone is signed out", async ({
  page,
  context,
  databaseFile,
}) => {
  const user = await signUp(page, newUser("two-factor"))
  const { uri } = await enrolTwoFactor(databaseFile, user.email)
  await signOutFromMenu(page)

  await page.goto("/dashboard")
  await expect(page).toHaveURL(/\/api\/auth\/signin\?/)
  await submitSignInForm(page, user.email, user.password)
  await expect(page).toHaveURL(/\/api\/auth\/two-factor\?callbackUrl=/)
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible()

  const cookies = await context.cookies()
  expect(cookies.find((c) => c.name === PENDING_COOKIE), "pending cookie").toBeDefined()
  expect(cookies.find((c) => c.name === SESSION_COOKIE), "no session cookie").toBeUndefined()

  // With only the pending cookie, the guarded page and the session endpoint see nobody.
  const other = await context.newPage()
  await other.goto("/dashboard")
  await expect(other).toHaveURL(/\/api\/auth\/signin\?/)
  expect(await (await other.request.get("/api/auth/session")).json()).toBeNull()
  await other.close()

  await page.getByLabel("Authentication code").fill("000000")
  await page.getByRole("button", { name: "Confirm with code" }).click()
  await expect(page).toHaveURL(/error=InvalidTwoFactorCode/)
  await expect(page.getByRole("alert")).toContainText("That code did not work")

  await page.getByLabel("Authentication code").fill(codeFromUri(uri, 1))
  await page.getByRole("button", { name: "Confirm with code" }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
  expect((await context.cookies()).find((c) => c.name === PENDING_COOKIE)).toBeUndefined()
})

test("a user without two-factor signs in as before", async ({ page }) => {
  const user = await signUp(page, newUser("no-two-factor"))
  await signOutFromMenu(page)
  await page.goto("/dashboard")
  await submitSignInForm(page, user.email, user.password)
  await expect(page).toHaveURL(/\/dashboard$/)
})
