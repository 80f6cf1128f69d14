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
  const form = passwordForm(page)
  await expect(form.locator('input[type="email"]')).toHaveCount(1)
  // Sign in with SSO is a form of its own, under its own label, so nobody mistakes it for this one.
  await expect(page.locator('input[type="email"]').and(page.getByLabel("Work address"))).toHaveCount(1)
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
    // Revealing a password needs the script: without it there is no button that does nothing.
    await expect(form.getByRole("button", { name: "Show password" })).toBeHidden()

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

test("Forgot password? sits by the password field, and Show password reveals and hides what was typed", async ({ page }) => {
  await page.goto(SIGN_IN)
  // By the field's name: once revealed it is no longer an input of type password.
  const form = page.locator("form").filter({ has: page.locator('input[name="password"]') })
  const field = form.getByLabel("Password")
  // Beside the field's label, not among the links under the form.
  await expect(form.locator(".label-row").getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password")
  await expect(page.getByRole("navigation", { name: "More" }).getByRole("link", { name: "Forgot password?" })).toHaveCount(0)

  await field.fill("hunter2 but longer")
  const toggle = form.getByRole("button", { name: "Show password" })
  await expect(toggle).toHaveAttribute("aria-pressed", "false")
  await toggle.click()
  await expect(toggle).toHaveAttribute("aria-pressed", "true")
  await expect(field).toHaveAttribute("type", "text")
  await expect(field).toBeFocused()
  await toggle.click()
  await expect(toggle).toHaveAttribute("aria-pressed", "false")
  await expect(field).toHaveAttribute("type", "password")
  // The page's only script besides the passkey one is allowed by its hash: nothing was blocked.
  const csp = (await page.request.get(SIGN_IN)).headers()["content-security-policy"] ?? ""
  expect(csp).not.toContain("unsafe-inline'; script")
})

test("Check your email names the address, counts down, refuses an early resend and sends again after the cooldown", async ({ page, context, smtp }) => {
  const { email } = newUser("resend")
  await page.goto(SIGN_IN)
  const form = passwordForm(page)
  await form.getByLabel("Email").fill(email)
  await form.getByRole("button", { name: "Sign in with email", exact: true }).click()
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible()
  await smtp.waitFor(email)
  await expect(page.getByText(`We sent a sign-in link to ${email}.`)).toBeVisible()
  // The address is not in the URL (history, logs, Referer): the browser's own cookie carries it.
  expect(page.url()).not.toContain(encodeURIComponent(email))
  expect(page.url()).not.toContain(email)

  const resend = page.getByRole("button", { name: "Send the link again" })
  await expect(resend).toBeDisabled()
  await expect(page.locator("#resend-note")).toHaveText(/^You can ask for another link in \d+ s\.$/)

  // Sent anyway before the cooldown (as a page without the script would): refused, and said so.
  await resend.evaluate((button: HTMLButtonElement) => {
    button.disabled = false
    button.closest("form")?.requestSubmit(button)
  })
  await expect(page).toHaveURL(/error=ResendTooSoon/)
  await expect(page.getByRole("alert")).toHaveText("The link was sent a moment ago. Wait a minute before asking for another.")

  // After the cooldown (the cookie says the link went out two minutes ago): enabled, and a new mail goes out.
  const cookie = (await context.cookies()).find((c) => c.name === "authjs.sent-link")
  expect(cookie, "the sent-link cookie").toBeDefined()
  expect(cookie?.httpOnly).toBe(true)
  await context.addCookies([{ ...cookie!, value: `${Date.now() - 120_000}:${email}` }])
  await page.goto("/api/auth/verify-request?provider=nodemailer&type=email")
  await expect(resend).toBeEnabled()
  await resend.click()
  await expect(page).toHaveURL(/\/api\/auth\/verify-request\?provider=nodemailer&type=email$/)
  await smtp.waitFor(email)
  await expect(page.getByText(`We sent a sign-in link to ${email}.`)).toBeVisible()
  await expect(resend).toBeDisabled()
})
