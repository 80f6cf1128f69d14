/**
 * Settings › Security activity and the security notice mails in a real
 * browser, both session strategies, with the tests' SMTP server: a failed and
 * then a successful password sign-in are listed newest first, in plain words;
 * a sign-in from a second browser (another User-Agent) mails a new-device
 * notice, the first browser never does; a password change mails its notice;
 * a passkey added in Settings mails one and a passkey sign-up does not.
 */
import type { Browser, Page } from "@playwright/test"
import type { CapturedMail, MailCapture } from "./mail-capture"
import { linkIn } from "../helpers/smtp"
import { CREDENTIALS_ERROR, expect, newUser, signOutFromMenu, signUp, submitSignInForm, test, type TestUser } from "./fixtures"
import { addVirtualAuthenticator, withoutPasskeyAutofill } from "./virtual-authenticator"

// A sign-up and several sign-ins (each a password hash) and mail round trips on a busy machine.
test.describe.configure({ timeout: 180_000 })

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
const NEW_DEVICE_SUBJECT = "New sign-in to your account"

/** The next mail to `address` whose subject contains `subject`; mails of other kinds on the way are passed over. */
async function mailAbout(smtp: Pick<MailCapture, "waitFor">, address: string, subject: string): Promise<CapturedMail> {
  for (;;) {
    const mail = await smtp.waitFor(address, 20_000)
    if (mail.subject.includes(subject)) return mail
  }
}

/** Every mail to `address` received so far whose subject contains `subject`. */
async function mailsAbout(smtp: Pick<MailCapture, "mailsTo">, address: string, subject: string): Promise<CapturedMail[]> {
  return (await smtp.mailsTo(address)).filter((m) => m.subject.includes(subject))
}

function activity(page: Page) {
  return page.getByRole("region", { name: "Security activity" }).getByRole("listitem")
}

async function signInWithPassword(page: Page, user: TestUser, password = user.password): Promise<void> {
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await submitSignInForm(page, user.email, password)
}

/** A second browser (its own cookies) with the given User-Agent, signed in as `user`. */
async function signInElsewhere(browser: Browser, baseURL: string | undefined, user: TestUser, userAgent: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, userAgent })
  const page = await context.newPage()
  await signInWithPassword(page, user)
  await expect(page).toHaveURL(/\/dashboard$/)
  return page
}

test("a failed and then a successful password sign-in are listed, newest first, in plain words", async ({ page, smtp }) => {
  const user = await signUp(page)
  await smtp.waitFor(user.email) // the sign-up's verification mail
  await signOutFromMenu(page)

  await signInWithPassword(page, user, `${user.password}-wrong`)
  await expect(page.getByText(CREDENTIALS_ERROR)).toBeVisible()
  await signInWithPassword(page, user)
  await expect(page).toHaveURL(/\/dashboard$/)

  await page.goto("/settings")
  await expect(page.getByRole("heading", { name: "Security activity" })).toBeVisible()
  const entries = activity(page)
  // The project's device profile ("Desktop Chrome") sends a Chrome User-Agent.
  await expect(entries.nth(0)).toContainText(/^Signed in with a password — Chrome on \w+ — just now/)
  await expect(entries.nth(0)).toHaveAttribute("data-outcome", "success")
  // The library may add why it was refused, in brackets ("wrong email or password"), never what was typed.
  await expect(entries.nth(1)).toContainText(/^Failed sign-in with a password( \([^)]*\))? — Chrome on \w+ — just now/)
  await expect(entries.nth(1)).toHaveAttribute("data-outcome", "failure")
  await expect(entries.nth(2)).toContainText(/^Signed out — Chrome on \w+/)
  // Each with the client address and the exact time, the time also machine-readable.
  // A loopback address reads as "this computer"; the exact time is the reader's local one, with its zone.
  await expect(entries.nth(1).getByTestId("security-event-details")).toHaveText(/^From this computer · .*\d{4}, \d{1,2}:\d{2}\s?[AP]M \S+$/)
  const when = await entries.nth(1).locator("time").getAttribute("datetime")
  expect(Math.abs(Date.parse(when ?? "") - Date.now())).toBeLessThan(5 * 60_000)
  // Never what was typed.
  await expect(page.getByRole("region", { name: "Security activity" })).not.toContainText(user.password)
})

test("a sign-in from a second browser mails a new-device notice; the first browser's sign-ins do not", async ({
  page,
  browser,
  baseURL,
  authUrl,
  smtp,
}) => {
  const user = await signUp(page)
  await smtp.waitFor(user.email) // the sign-up's verification mail
  // The same browser again: a device seen before.
  await signOutFromMenu(page)
  await signInWithPassword(page, user)
  await expect(page).toHaveURL(/\/dashboard$/)

  const other = await signInElsewhere(browser, baseURL, user, FIREFOX_WINDOWS)
  const mail = await mailAbout(smtp, user.email, NEW_DEVICE_SUBJECT)
  expect(mail.subject).toMatch(/^New sign-in to your account — Firefox on Windows from \S+/)
  expect(mail.text).toContain("with a password on a device not seen before: Firefox on Windows")
  // Where to review it and end the session: Settings › Security activity, above Sessions.
  expect(linkIn(mail, authUrl)).toBe(`${authUrl}/settings#security-activity`)
  expect(mail.text).not.toContain(FIREFOX_WINDOWS)
  // Exactly one: none for the sign-up or the first browser's second sign-in.
  expect(await mailsAbout(smtp, user.email, NEW_DEVICE_SUBJECT)).toHaveLength(1)

  // Both browsers are now known: signing in again from either mails nothing new.
  await other.goto("/dashboard")
  await signOutFromMenu(other)
  await signInWithPassword(other, user)
  await expect(other).toHaveURL(/\/dashboard$/)
  await signOutFromMenu(page)
  await signInWithPassword(page, user)
  await expect(page).toHaveURL(/\/dashboard$/)
  // The Settings page of the first browser lists the second one's sign-in.
  await page.goto("/settings")
  await expect(activity(page).filter({ hasText: /^Signed in with a password — Firefox on Windows/ })).toHaveCount(2)
  // A notice is sent in the background after the answer: give a wrong one time to arrive.
  await page.waitForTimeout(1_000)
  expect(await mailsAbout(smtp, user.email, NEW_DEVICE_SUBJECT)).toHaveLength(1)
  await other.context().close()
})

test("changing the password in Settings mails a notice and is listed", async ({ page, smtp, authUrl }) => {
  const user = await signUp(page)
  await smtp.waitFor(user.email) // the sign-up's verification mail
  await page.goto("/settings")
  const next = `changed-${user.password}`
  await page.getByLabel("Current password").fill(user.password)
  await page.getByLabel("New password", { exact: true }).fill(next)
  await page.getByRole("button", { name: "Change password" }).click()
  await expect(page.getByTestId("password-message")).toContainText("Password changed.")

  const mail = await mailAbout(smtp, user.email, "Your password was changed")
  expect(linkIn(mail, authUrl)).toBe(`${authUrl}/settings#security-activity`)
  // Neither the old password nor the new one is in the mail.
  for (const body of [mail.text, mail.html, mail.raw]) {
    expect(body).not.toContain(user.password)
    expect(body).not.toContain(next)
  }
  await page.goto("/settings")
  // Newer still: the other sessions the change ended (the library's entry).
  await expect(activity(page).filter({ hasText: /^Password changed — Chrome on \w+ — just now/ })).toHaveCount(1)
})

test("adding a passkey in Settings mails a notice; signing up with a passkey does not", async ({ page, smtp, authUrl }) => {
  await withoutPasskeyAutofill(page)
  await addVirtualAuthenticator(page)
  const user = await signUp(page)
  await smtp.waitFor(user.email) // the sign-up's verification mail
  await page.goto("/settings")
  await page.getByRole("button", { name: "Add a passkey" }).click()
  await expect(page.getByTestId("passkeys-message")).toHaveText("Passkey added.")
  const mail = await mailAbout(smtp, user.email, "A passkey was added to your account")
  expect(linkIn(mail, authUrl)).toBe(`${authUrl}/settings#security-activity`)
  await page.goto("/settings")
  await expect(activity(page).filter({ hasText: /^Passkey added/ })).toHaveCount(1)

  // A new account made with a passkey: its passkey is how it was created, not a change to tell of.
  await signOutFromMenu(page)
  const fresh = newUser("passkey")
  await page.goto("/signup")
  await page.getByLabel("Email").fill(fresh.email)
  await page.getByLabel("Display name").fill(fresh.name)
  await page.getByRole("button", { name: "Sign up with a passkey" }).click()
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 })
  expect((await smtp.waitFor(fresh.email)).subject).toContain("Confirm your email address")
  await page.waitForTimeout(1_000)
  expect(await mailsAbout(smtp, fresh.email, "A passkey was added")).toHaveLength(0)
})
