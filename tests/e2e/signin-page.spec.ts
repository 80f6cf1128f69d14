/**
 * The built-in sign-in page asks for the email address once: the password,
 * "Sign in with email" and "Sign in with a passkey" share one Email field. The
 * password and email-link ways still work without JavaScript; with it, the
 * email link never carries the typed password.
 */
import { expect, newUser, passwordForm, signUp, test } from "./fixtures"

const SIGN_IN = "/api/auth/signin?callbackUrl=/dashboard"

test("one Email field serves the password, the email link and the passkey", async ({ page }) => {
  await page.goto(SIGN_IN)
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible()
  await expect(page.getByLabel("Email", { exact: true })).toHaveCount(1)
  await expect(page.locator('input[type="email"]')).toHaveCount(1)
  const form = passwordForm(page)
  await expect(form.getByLabel("Email")).toBeFocused()
  for (const name of ["Sign in", "Sign in with email", "Sign in with a passkey"]) {
    await expect(form.getByRole("button", { name, exact: true })).toBeVisible()
  }
})

test("with JavaScript the email link sends the address alone, and checks it first", async ({ page, smtp }) => {
  const { email } = newUser("shared")
  await page.goto(SIGN_IN)
  const form = passwordForm(page)

  // Empty: the browser asks for an address, nothing is sent.
  await form.getByRole("button", { name: "Sign in with email", exact: true }).click()
  await expect(page).toHaveURL(/\/api\/auth\/signin\?/)
  expect(await form.getByLabel("Email").evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true)

  const bodies: string[] = []
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/auth/signin/nodemailer") bodies.push(request.postData() ?? "")
  })
  await form.getByLabel("Email").fill(email)
  await form.getByLabel("Password").fill("typed-by-mistake-123")
  await form.getByRole("button", { name: "Sign in with email", exact: true }).click()
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible()
  await smtp.waitFor(email)
  expect(bodies).toHaveLength(1)
  expect(new URLSearchParams(bodies[0]).get("email")).toBe(email)
  expect(bodies[0]).not.toContain("password")
  expect(bodies[0]).not.toContain("typed-by-mistake")
})

test("without JavaScript the password and the email link still work, and no passkey button is offered", async ({ browser, page: setUp, smtp }) => {
  const user = await signUp(setUp)
  const context = await browser.newContext({ javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    await page.goto(SIGN_IN)
    const form = passwordForm(page)
    await expect(form.getByRole("button", { name: "Sign in with a passkey" })).toBeHidden()

    const { email } = newUser("nojs")
    await form.getByLabel("Email").fill(email)
    await form.getByRole("button", { name: "Sign in with email", exact: true }).click()
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible()
    await smtp.waitFor(email)

    await page.goto(SIGN_IN)
    await form.getByLabel("Email").fill(user.email)
    await form.getByLabel("Password").fill(user.password)
    await form.getByRole("button", { name: "Sign in", exact: true }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
  } finally {
    await context.close()
  }
})
