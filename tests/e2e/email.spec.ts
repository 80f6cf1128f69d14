/**
 * Mail flows in a real browser against `next start` (both session
 * strategies), with a real SMTP server receiving what the app sends:
 * magic links, password reset, address verification.
 */
import path from "node:path"
import Database from "better-sqlite3"
import { linkIn } from "../helpers/smtp"
import { emailLinkForm, expect, newUser, requestMagicLink, requestPasswordReset, signOutFromMenu, signUp, submitSignInForm, test } from "./fixtures"

const SESSION_COOKIE = "authjs.session-token"

// Each test walks a whole mail round trip; a shared machine needs more than the default 30 s.
test.describe.configure({ timeout: 90_000 })

function withDatabase<T>(file: string, run: (db: Database.Database) => T): T {
  const db = new Database(path.resolve(file), { fileMustExist: true })
  try {
    return run(db)
  } finally {
    db.close()
  }
}

function userRow(file: string, email: string) {
  return withDatabase(file, (db) =>
    db.prepare('SELECT id, name, "emailVerified" FROM "User" WHERE email = ?').get(email) as
      | { id: string; name: string | null; emailVerified: string | null }
      | undefined,
  )
}

test("magic link for a new address: scanners cannot burn it, the button signs in and creates a verified user", async ({
  page,
  smtp,
  baseURL,
  databaseFile,
}) => {
  const email = newUser("magic").email
  const link = await requestMagicLink(page, smtp, email, baseURL!)
  expect(userRow(databaseFile, email)).toBeUndefined()

  // A mail scanner fetching the link (GET, no cookies) sees a page and uses nothing up.
  for (let i = 0; i < 2; i++) expect((await page.request.get(link, { maxRedirects: 0 })).status()).toBe(200)

  await page.goto(link)
  await expect(page.getByRole("heading", { name: "Finish signing in" })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(email)
  expect(userRow(databaseFile, email)?.emailVerified).not.toBeNull()
})

test("magic link for an existing password account signs into that account", async ({ page, context, smtp, baseURL, databaseFile }) => {
  const user = await signUp(page)
  await smtp.waitFor(user.email) // the verification mail sign-up sends, so the next one is the link
  const before = userRow(databaseFile, user.email)!
  await context.clearCookies()

  // Typed in capitals: the same mailbox, the same account.
  const link = await requestMagicLink(page, smtp, user.email.toUpperCase(), baseURL!, user.email)
  await page.goto(link)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page.getByTestId("dashboard-user-name")).toHaveText(user.name)
  const after = userRow(databaseFile, user.email)!
  expect(after.id).toBe(before.id)
  expect(after.emailVerified).not.toBeNull()
})

test("a used magic link ends on the Verification page (403) and signs nobody in", async ({ page, context, browser, smtp, baseURL }) => {
  const email = newUser("reuse").email
  const link = await requestMagicLink(page, smtp, email, baseURL!)
  await page.goto(link)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  const other = await browser.newContext()
  const second = await other.newPage()
  await second.goto(link)
  const errorPage = second.waitForResponse((r) => r.url().includes("/api/auth/error?error=Verification"))
  await second.getByRole("button", { name: "Sign in" }).click()
  expect((await errorPage).status()).toBe(403)
  await expect(second.getByRole("heading", { name: "Unable to sign in" })).toBeVisible()
  await expect(second.getByText("The sign in link is no longer valid.")).toBeVisible()
  expect((await other.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined()
  await other.close()
  expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeDefined()
})

test("an expired magic link ends on the Verification page", async ({ page, context, smtp, baseURL, databaseFile }) => {
  const email = newUser("expired").email
  const link = await requestMagicLink(page, smtp, email, baseURL!)
  // The link's lifetime passes (24 h in the starter; the library suite covers a short maxAge).
  const past = new Date(Date.now() - 60_000).toISOString().replace("Z", "+00:00")
  withDatabase(databaseFile, (db) => db.prepare('UPDATE "VerificationToken" SET expires = ? WHERE identifier = ?').run(past, email))
  await page.goto(link)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page).toHaveURL(/\/api\/auth\/error\?error=Verification$/)
  await expect(page.getByRole("heading", { name: "Unable to sign in" })).toBeVisible()
  expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE)).toBeUndefined()
  expect(userRow(databaseFile, email)).toBeUndefined()
})

test("a hostile address gets a clear message on the sign-in page and no mail", async ({ page, smtp }) => {
  await page.goto("/api/auth/signin")
  // Counted per address: the other worker's tests mail their own addresses meanwhile.
  const mailsToEither = async () => (await smtp.mailsTo("victim@example.com")).length + (await smtp.mailsTo("attacker@example.com")).length
  const before = await mailsToEither()
  const form = emailLinkForm(page)
  // The browser's own email validation would stop it first; the server must cope without it.
  await form.evaluate((f) => f.setAttribute("novalidate", ""))
  await form.getByLabel("Email").fill("victim@example.com,attacker@example.com")
  await form.getByRole("button", { name: "Sign in with email", exact: true }).click()
  await expect(page).toHaveURL(/error=EmailSignInError&code=invalid_email/)
  await expect(page.getByRole("alert")).toContainText("That email address cannot be used.")
  expect(await mailsToEither()).toBe(before)
})

test("password reset: the mailed link sets a new password, the old one is refused, other sessions end", async ({
  page,
  browser,
  smtp,
  baseURL,
}) => {
  const user = await signUp(page)
  await smtp.waitFor(user.email) // the sign-up verification mail

  // The same account signed in elsewhere.
  const elsewhere = await browser.newContext()
  const otherPage = await elsewhere.newPage()
  await otherPage.goto("/api/auth/signin")
  await submitSignInForm(otherPage, user.email, user.password)
  await expect(otherPage.getByTestId("session-state")).toHaveText(`Signed in as ${user.email}`)

  // A page in the background gets no animation frames, which Playwright's clicks wait for.
  await page.bringToFront()
  await signOutFromMenu(page)
  await page.goto("/api/auth/signin")
  // Beside the password field, where people look for it.
  await page.locator(".label-row").getByRole("link", { name: "Forgot password?" }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await page.getByLabel("Email").fill(user.email)
  await page.getByRole("button", { name: "Send reset link" }).click()
  await expect(page.getByTestId("forgot-password-sent")).toContainText("If an account uses that address")

  const mail = await smtp.waitFor(user.email)
  expect(mail.subject).toContain("Reset your password")
  const link = linkIn(mail, `${baseURL}/reset-password?`)
  await page.goto(link)
  await expect(page.getByTestId("reset-password-email")).toHaveText(user.email)
  await page.getByLabel("New password").fill("password")
  await page.getByRole("button", { name: "Change password" }).click()
  await expect(page.getByText(/^This password is too common/)).toBeVisible()
  const newPassword = `${user.password}-new`
  await page.getByLabel("New password").fill(newPassword)
  await page.getByRole("button", { name: "Change password" }).click()
  await expect(page.getByTestId("reset-password-done")).toBeVisible()

  // The link worked once.
  await page.goto(link)
  await expect(page.getByTestId("reset-password-invalid")).toBeVisible()

  await page.goto("/api/auth/signin")
  await submitSignInForm(page, user.email, user.password)
  await expect(page).toHaveURL(/error=CredentialsSignin/)
  await page.goto("/api/auth/signin")
  await submitSignInForm(page, user.email, newPassword)
  await expect
    .poll(async () => (await (await page.request.get("/api/auth/session")).json())?.user?.email, { timeout: 15_000 })
    .toBe(user.email)

  // Database sessions are deleted; jwt sessions are revoked by the account's "sessions valid since".
  expect(await (await otherPage.request.get("/api/auth/session")).json()).toBeNull()
  await elsewhere.close()
})

test("the reset page's show-password button shows the new password and hides it again", async ({ page, smtp, baseURL }) => {
  const user = await signUp(page, newUser("reset-reveal"))
  // Sign-up's own mail (the address check) comes first.
  await smtp.waitFor(user.email)
  await signOutFromMenu(page)
  await requestPasswordReset(page, user.email)
  const mail = await smtp.waitFor(user.email)
  await page.goto(linkIn(mail, `${baseURL}/reset-password?`))

  const password = page.getByLabel("New password")
  const reveal = page.getByRole("button", { name: "Show password" })
  const newPassword = `${user.password}-new`
  await password.fill(newPassword)
  await expect(password).toHaveAttribute("type", "password")
  await expect(reveal).toHaveAttribute("aria-pressed", "false")
  await reveal.click()
  await expect(password).toHaveAttribute("type", "text")
  await expect(reveal).toHaveAttribute("aria-pressed", "true")
  await expect(password).toHaveValue(newPassword)
  await reveal.click()
  await expect(password).toHaveAttribute("type", "password")
  await expect(reveal).toHaveAttribute("aria-pressed", "false")
  await page.getByRole("button", { name: "Change password" }).click()
  await expect(page.getByTestId("reset-password-done")).toBeVisible()
})

test("forgot password answers the same for an unknown address and sends nothing", async ({ page, smtp }) => {
  const nobody = newUser("nobody").email
  await requestPasswordReset(page, nobody)
  await expect(smtp.waitFor(nobody, 1500)).rejects.toThrow()
})

test("sign-up sends a verification mail; its link marks the address verified in Settings", async ({ page, smtp, baseURL }) => {
  const user = await signUp(page, newUser("verify"))
  const mail = await smtp.waitFor(user.email)
  expect(mail.subject).toContain("Confirm your email address")
  const link = linkIn(mail, `${baseURL}/verify-email?`)

  await page.goto("/settings")
  await expect(page.getByTestId("settings-email-state")).toHaveText("Not verified")
  await page.getByRole("region", { name: "Email address" }).getByRole("button", { name: "Send verification email" }).click()
  await expect(page.getByTestId("settings-verification-message")).toContainText("We have sent a verification link")
  const resent = await smtp.waitFor(user.email)
  // The newer link replaces the first one.
  await page.goto(link)
  await expect(page.getByTestId("verify-email-result")).toContainText("has been used or has expired")
  await page.goto(linkIn(resent, `${baseURL}/verify-email?`))
  await expect(page.getByTestId("verify-email-result")).toHaveText("Thank you: your email address is confirmed.")
  await page.goto("/settings")
  await expect(page.getByTestId("settings-email-state")).toHaveText("Verified")
})

test("the dev mailbox does not exist in a production build", async ({ page }) => {
  const response = await page.goto("/dev/mailbox")
  expect(response?.status()).toBe(404)
})
