/**
 * Two-factor sign-in in a real browser, both session strategies: a user with
 * two-factor on signs in with the password, then the code an authenticator
 * app would show (computed from the otpauth URI), and only then reaches the
 * dashboard. The pending cookie alone reaches no guarded page. The code
 * field: six boxes that are one real input, typed, pasted or posted without
 * a script; a recovery code in a field of its own.
 */
import type { Page } from "@playwright/test"
import { expect, newUser, signOutFromMenu, signUp, submitSignInForm, test } from "./fixtures"
import { codeFromUri, enrolTwoFactor, expectTwoFactorPage } from "./two-factor-helper"

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

/** Signs a two-factor user in with the password, up to the code page; resolves to the otpauth URI and recovery codes. */
async function atTheCodePage(page: Page, databaseFile: string, label: string) {
  const user = await signUp(page, newUser(label))
  const enrolled = await enrolTwoFactor(databaseFile, user.email)
  await page.context().clearCookies()
  await page.goto("/api/auth/signin?callbackUrl=%2Fdashboard")
  await submitSignInForm(page, user.email, user.password)
  await expectTwoFactorPage(page)
  return { user, ...enrolled }
}

test.describe("the six-box code field", () => {
  test("is one input, filled by typing a digit at a time, drawn as six equal boxes in a row; the code signs in", async ({
    page,
    databaseFile,
  }) => {
    const { user, uri } = await atTheCodePage(page, databaseFile, "code-boxes")
    const field = page.getByLabel("Authentication code")
    await expect(field).toHaveAttribute("autocomplete", "one-time-code")
    await expect(field).toHaveAttribute("inputmode", "numeric")
    await expect(field).toHaveAttribute("name", "code")
    await expect(page.locator('form:has(#two-factor-code) input:not([type="hidden"])')).toHaveCount(1)
    await expect(field).toBeFocused()

    const boxes = page.locator("[data-otp] .otp-boxes > span")
    await expect(boxes).toHaveCount(6)
    const rects = await boxes.evaluateAll((spans) => spans.map((s) => s.getBoundingClientRect().toJSON() as DOMRect))
    for (const r of rects) {
      expect(r.width).toBeGreaterThan(30)
      expect(r.width).toBeCloseTo(rects[0]!.width, 1)
      expect(r.height).toBeCloseTo(rects[0]!.width, 1)
      expect(r.top).toBeCloseTo(rects[0]!.top, 1)
    }
    for (let i = 1; i < rects.length; i++) expect(rects[i]!.left).toBeGreaterThan(rects[i - 1]!.right)

    const code = codeFromUri(uri, 1)
    await field.pressSequentially(code)
    await expect(field).toHaveValue(code)
    // The sixth digit's spacing must scroll neither the text nor the boxes out of line.
    expect(await field.evaluate((input) => [input.scrollLeft, input.parentElement!.scrollLeft])).toEqual([0, 0])
    await expect(page.locator("[data-otp]")).not.toHaveClass(/otp-freeform/)
    await page.getByRole("button", { name: "Confirm with code" }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
  })

  test("takes a pasted code, spaces and all, as its six digits and signs in", async ({ page, context, databaseFile }) => {
    const { user, uri } = await atTheCodePage(page, databaseFile, "code-paste")
    await context.grantPermissions(["clipboard-read", "clipboard-write"])
    const code = codeFromUri(uri, 1)
    await page.evaluate((text) => navigator.clipboard.writeText(text), `${code.slice(0, 3)} ${code.slice(3)}`)
    const field = page.getByLabel("Authentication code")
    await field.focus()
    await page.keyboard.press("ControlOrMeta+V")
    await expect(field).toHaveValue(code)
    await page.getByRole("button", { name: "Confirm with code" }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
  })

  test("becomes a plain text field for a recovery code typed into it", async ({ page, databaseFile }) => {
    const { recoveryCodes } = await atTheCodePage(page, databaseFile, "code-freeform")
    await page.getByLabel("Authentication code").fill(recoveryCodes[0]!)
    await expect(page.locator("[data-otp]")).toHaveClass(/otp-freeform/)
    await expect(page.locator("[data-otp] .otp-boxes")).toBeHidden()
    await page.getByLabel("Authentication code").fill("12")
    await expect(page.locator("[data-otp]")).not.toHaveClass(/otp-freeform/)
  })

  test("a recovery code has its own field under 'Use a recovery code', and signs in", async ({ page, databaseFile }) => {
    const { user, recoveryCodes } = await atTheCodePage(page, databaseFile, "code-recovery")
    await expect(page.getByLabel("Recovery code")).toBeHidden()
    await page.getByText("Use a recovery code").click()
    await page.getByLabel("Recovery code").fill(recoveryCodes[0]!)
    await page.getByRole("button", { name: "Confirm with recovery code" }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
  })
})

test.describe("without JavaScript", () => {
  test("the code page still signs in with the code typed into the boxes", async ({ page, browser, baseURL, databaseFile }) => {
    const user = await signUp(page, newUser("code-no-js"))
    const { uri } = await enrolTwoFactor(databaseFile, user.email)
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
    try {
      const noJs = await context.newPage()
      await noJs.goto("/api/auth/signin?callbackUrl=%2Fdashboard")
      await submitSignInForm(noJs, user.email, user.password)
      await expectTwoFactorPage(noJs)
      const field = noJs.getByLabel("Authentication code")
      await expect(field).toHaveAttribute("autocomplete", "one-time-code")
      await expect(noJs.locator("[data-otp] .otp-boxes > span")).toHaveCount(6)
      const code = codeFromUri(uri, 1)
      await field.pressSequentially(code)
      expect(await field.evaluate((input) => [input.scrollLeft, input.parentElement!.scrollLeft])).toEqual([0, 0])
      await noJs.getByRole("button", { name: "Confirm with code" }).click()
      await expect(noJs).toHaveURL(/\/dashboard$/)
      await expect(noJs.getByTestId("dashboard-user-email")).toHaveText(user.email)
    } finally {
      await context.close()
    }
  })
})
