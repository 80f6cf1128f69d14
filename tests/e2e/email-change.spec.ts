/**
 * Change of email address end to end, both session strategies,
 * with the suite's SMTP capture: a stale session is asked to re-authenticate;
 * the old address is told (with a cancel link), the new one confirms; the
 * user's other browser is signed out; a reset link the old address got before
 * the change is dead; the user signs in with the new address; the old address
 * can be signed up anew. Also: a taken address gets the same answer, a cancel
 * link voids the change, and a bad link is a message, never a server error.
 */
import path from "node:path"
import Database from "better-sqlite3"
import type { Browser, Page } from "@playwright/test"
import { linkIn } from "../helpers/smtp"
import type { CapturedMail, MailCapture } from "./mail-capture"
import { expect, newUser, requestPasswordReset, signUp, submitSignInForm, test, type TestUser } from "./fixtures"
import { makeProofStale } from "./stale-proof"

test.describe.configure({ timeout: 180_000 })

/** A second browser (its own cookies) signed in as `user`. */
async function signInElsewhere(browser: Browser, baseURL: string | undefined, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await submitSignInForm(page, user.email, user.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  // jwt revocation has whole-second resolution (iat): the change must come in a later second.
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20))
  return page
}

/** The next mail to `address` whose subject contains `subject`; others to it (a sign-up's verification mail) are passed over. */
async function mailWith(smtp: MailCapture, address: string, subject: string): Promise<CapturedMail> {
  for (;;) {
    const mail = await smtp.waitFor(address)
    if (mail.subject.includes(subject)) return mail
  }
}

/** Settings › Email address: types the new address and submits. */
async function askForChange(page: Page, typed: string): Promise<void> {
  const section = page.getByRole("region", { name: "Email address" })
  await section.getByLabel("New email address").fill(typed)
  await section.getByRole("button", { name: "Change email address" }).click()
}

test("change of email address: re-authenticate, old address told, new address confirms, other sessions end, old links die", async ({
  page,
  browser,
  baseURL,
  strategy,
  databaseFile,
  smtp,
}) => {
  const user = await signUp(page)
  const newEmail = newUser("moved").email
  const other = await signInElsewhere(browser, baseURL, user)

  // A reset link for the old address, asked for before the change (from a signed-out browser).
  const stranger = await browser.newContext({ baseURL })
  const resetPage = await stranger.newPage()
  await requestPasswordReset(resetPage, user.email)
  const resetLink = linkIn(await mailWith(smtp, user.email, "Reset your password"), `${baseURL}/reset-password?`)

  // A stale proof of identity: the request goes to re-authenticate first, then back to Settings.
  await page.bringToFront()
  await page.goto("/settings")
  await expect(page.getByRole("heading", { name: "Email address" })).toBeVisible()
  await makeProofStale(page.context(), strategy, databaseFile)
  await askForChange(page, newEmail.toUpperCase())
  await expect(page).toHaveURL(/\/api\/auth\/reauthenticate\?callbackUrl=/)
  await page.getByLabel("Password").fill(user.password)
  await page.getByRole("button", { name: "Confirm with password" }).click()
  await expect(page).toHaveURL(/\/settings$/)
  // Nothing was asked for yet: no mail to the new address.
  expect(await smtp.mailsTo(newEmail)).toEqual([])

  // Typed in capitals, answered and mailed in the normalised form.
  await askForChange(page, newEmail.toUpperCase())
  await expect(page.getByTestId("email-change-message")).toHaveText(`Check ${newEmail} for a confirmation link. Your address changes only when it is followed.`)

  const notice = await mailWith(smtp, user.email, "A change of your email address was requested")
  expect(notice.text).toContain(newEmail)
  expect(linkIn(notice, `${baseURL}/cancel-email-change?`)).toBeTruthy()
  expect(notice.text).toContain(`${baseURL}/settings#security-activity`)

  const confirmation = await mailWith(smtp, newEmail, "Confirm your new email address")
  const link = linkIn(confirmation, `${baseURL}/confirm-email?`)
  // Opening the link changes nothing (mail scanners open links too).
  await page.goto(link)
  await expect(page.getByRole("heading", { name: `Confirm the change to ${newEmail}` })).toBeVisible()
  await page.goto("/settings")
  await expect(page.getByTestId("settings-email")).toHaveText(user.email)
  await page.goto(link)
  await page.getByRole("button", { name: "Confirm the change" }).click()
  await expect(page.getByTestId("confirm-email-done")).toContainText(`Your email address is now ${newEmail}`)

  // This browser stays signed in, under the new address; the other one is signed out.
  await page.goto("/dashboard")
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(newEmail)
  await page.goto("/settings")
  await expect(page.getByTestId("settings-email")).toHaveText(newEmail)
  await expect(page.getByTestId("settings-email-state")).toHaveText("Verified")
  await other.goto("/dashboard")
  await expect(other).toHaveURL(/\/api\/auth\/signin\?/)
  expect(await (await other.request.get("/api/auth/session")).json()).toBeNull()

  // The security log has both steps, under the user (read from the server's database).
  const log = new Database(path.resolve(databaseFile), { readonly: true, fileMustExist: true })
  try {
    const rows = log
      .prepare('SELECT e."type" AS type, e."outcome" AS outcome FROM "SecurityEvent" e JOIN "User" u ON u.id = e."userId" WHERE u.email = ? AND e."type" LIKE \'email-%\' ORDER BY e."type"')
      .all(newEmail)
    expect(rows).toEqual([
      { type: "email-change-requested", outcome: "success" },
      { type: "email-changed", outcome: "success" },
    ])
  } finally {
    log.close()
  }

  // Both addresses are told.
  await mailWith(smtp, user.email, "Your email address was changed")
  await mailWith(smtp, newEmail, `Your email address is now ${newEmail}`)

  // The link worked once; the old address's reset link is dead.
  await page.goto(link)
  await expect(page.getByTestId("confirm-email-invalid")).toHaveText(/This link is invalid or has expired/)
  await resetPage.goto(resetLink)
  await expect(resetPage.getByTestId("reset-password-invalid")).toBeVisible()

  // The other browser signs in with the new address; the old one no longer signs in.
  await other.goto("/api/auth/signin?callbackUrl=/dashboard")
  await submitSignInForm(other, user.email, user.password)
  await expect(other).toHaveURL(/error=CredentialsSignin/)
  await other.goto("/api/auth/signin?callbackUrl=/dashboard")
  await submitSignInForm(other, newEmail, user.password)
  await expect(other).toHaveURL(/\/dashboard$/)
  await expect(other.getByTestId("dashboard-user-email")).toHaveText(newEmail)

  // The old address is free: someone can sign up with it, as another account.
  await stranger.clearCookies()
  const newcomer = await signUp(resetPage, { ...newUser("newcomer"), email: user.email })
  expect(newcomer.email).toBe(user.email)
  await other.context().close()
  await stranger.close()
})

test("a taken address gets the same answer; its owner is told and nothing changes", async ({ page, browser, baseURL, smtp }) => {
  const owner = await signUp(page)
  await page.context().clearCookies()
  const user = await signUp(page)
  await page.goto("/settings")
  await askForChange(page, owner.email.toUpperCase())
  await expect(page.getByTestId("email-change-message")).toHaveText(`Check ${owner.email} for a confirmation link. Your address changes only when it is followed.`)
  // The owner's mailbox: the notice, and no confirmation link.
  const toOwner = await mailWith(smtp, owner.email, "Someone tried to use your email address")
  expect(toOwner.text).not.toContain("/confirm-email")
  expect((await smtp.mailsTo(owner.email)).filter((m) => m.subject.includes("Confirm your new email address"))).toEqual([])
  await mailWith(smtp, user.email, "A change of your email address was requested")
  await page.goto("/settings")
  await expect(page.getByTestId("settings-email")).toHaveText(user.email)
  // The owner still signs in with it.
  const ownerContext = await browser.newContext({ baseURL })
  const ownerPage = await ownerContext.newPage()
  await ownerPage.goto("/api/auth/signin?callbackUrl=/dashboard")
  await submitSignInForm(ownerPage, owner.email, owner.password)
  await expect(ownerPage.getByTestId("dashboard-user-email")).toHaveText(owner.email)
  await ownerContext.close()
})

test("the cancel link from the old address voids the change", async ({ page, baseURL, smtp }) => {
  const user = await signUp(page)
  const newEmail = newUser("unwanted").email
  await page.goto("/settings")
  await askForChange(page, newEmail)
  await expect(page.getByTestId("email-change-message")).toContainText(`Check ${newEmail}`)
  const cancel = linkIn(await mailWith(smtp, user.email, "A change of your email address was requested"), `${baseURL}/cancel-email-change?`)
  const link = linkIn(await mailWith(smtp, newEmail, "Confirm your new email address"), `${baseURL}/confirm-email?`)
  await page.goto(cancel)
  await expect(page.getByTestId("cancel-email-change-new")).toHaveText(newEmail)
  await page.getByRole("button", { name: "Cancel the change" }).click()
  await expect(page.getByTestId("cancel-email-change-done")).toContainText(`your email address stays ${user.email}`)
  await page.goto(link)
  await expect(page.getByTestId("confirm-email-invalid")).toHaveText(/This link is invalid or has expired/)
  await page.goto("/settings")
  await expect(page.getByTestId("settings-email")).toHaveText(user.email)
})

test("a forged, empty or repeated token is a message, never a server error", async ({ page }) => {
  for (const query of ["token=forged-token-value", "", "token=a&token=b", `token=${"x".repeat(5000)}`]) {
    const response = await page.goto(`/confirm-email?${query}`)
    expect(response?.status()).toBeLessThan(500)
    // The token pages' headers: the token in the URL goes to no other site and into no cache.
    expect(response?.headers()["referrer-policy"]).toBe("no-referrer")
    expect(response?.headers()["cache-control"]).toContain("no-store")
    // No token at all is not an expired link: the page says it needs the link.
    const said = query === "" ? /needs the link from the email/ : /This link is invalid or has expired/
    await expect(page.getByTestId("confirm-email-invalid")).toHaveText(said)
    const cancel = await page.goto(`/cancel-email-change?${query}`)
    expect(cancel?.status()).toBeLessThan(500)
    await expect(page.getByTestId("cancel-email-change-invalid")).toHaveText(said)
  }
})
