/**
 * Settings › Two-factor authentication in a real browser, both session
 * strategies: enrol with a code computed from the otpauth URI the page shows
 * (as an authenticator app would), see the 10 recovery codes once (copy and
 * download), regenerate them, then turn two-factor off — which, once the
 * session's proof of identity is stale, first goes through the library's
 * re-authenticate page and back. Each change mails the user.
 */
import { URI } from "otpauth"
import type { Page } from "@playwright/test"
import { linkIn } from "../helpers/smtp"
import { expect, signUp, test, type TestUser } from "./fixtures"
import { makeProofStale } from "./stale-proof"


// A sign-up (a password hash), mail round trips and a re-authentication on a busy machine.
test.describe.configure({ timeout: 120_000 })

/** The current TOTP code for the otpauth URI, as an authenticator app computes it. */
function codeFor(uri: string): string {
  return URI.parse(uri).generate()
}

function section(page: Page) {
  return page.getByRole("region", { name: "Two-factor authentication" })
}

/** The guided setup (and the new recovery codes) open in a dialog over Settings. */
function setupDialog(page: Page) {
  return page.getByRole("dialog")
}

/** Enrols through Settings' guided dialog; resolves to the otpauth URI and the recovery codes shown. */
async function enrol(page: Page): Promise<{ uri: string; codes: string[] }> {
  await page.goto("/settings")
  const twoFactor = section(page)
  await expect(twoFactor.getByTestId("two-factor-status")).toHaveText("Two-factor authentication is off.")
  await twoFactor.getByRole("button", { name: "Set up authenticator app" }).click()
  const dialog = setupDialog(page)
  await expect(dialog.getByRole("heading", { name: "Set up two-factor authentication" })).toBeVisible()
  // Step 1 of 3: the QR code, drawn on the server as SVG, inline.
  await expect(dialog.getByRole("list", { name: "Setup steps" }).locator('[aria-current="step"]')).toContainText("Scan the QR code")
  await expect(dialog.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg")).toBeVisible()
  // For people who cannot scan: the secret and the URI as text.
  await dialog.getByText("Cannot scan it? Enter the key instead").click()
  const uri = (await dialog.getByTestId("two-factor-uri").textContent()) ?? ""
  expect(uri).toMatch(/^otpauth:\/\/totp\//)
  const secret = (await dialog.getByTestId("two-factor-secret").textContent()) ?? ""
  expect(new URL(uri).searchParams.get("secret")).toBe(secret)
  await dialog.getByRole("button", { name: "Continue" }).click()

  // Step 2: the code, one box per digit over one real input (autofill and paste fill it whole).
  await expect(dialog.getByRole("list", { name: "Setup steps" }).locator('[aria-current="step"]')).toContainText("Enter the code")
  const field = dialog.getByLabel("Authentication code")
  await expect(field).toHaveAttribute("autocomplete", "one-time-code")
  await expect(field).toBeFocused()
  // Not before six digits.
  await expect(dialog.getByRole("button", { name: "Turn on two-factor authentication" })).toBeDisabled()

  // A wrong code: said in the form, nothing turned on, no error page.
  const right = codeFor(uri)
  const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, "0")
  await field.fill(wrong)
  await dialog.getByRole("button", { name: "Turn on two-factor authentication" }).click()
  await expect(dialog.getByRole("alert")).toContainText("That code did not work.")
  await expect(page).toHaveURL(/\/settings$/)
  // The boxes are emptied for the next try.
  await expect(field).toHaveValue("")

  await field.fill(codeFor(uri))
  await dialog.getByRole("button", { name: "Turn on two-factor authentication" }).click()
  // Step 3: the recovery codes, in the dialog, with no "Turn off" beside them.
  const list = dialog.getByRole("list", { name: "Recovery codes" })
  await expect(list.getByRole("listitem")).toHaveCount(10)
  await expect(dialog.getByRole("button", { name: /Turn off/ })).toHaveCount(0)
  await expect(page.getByTestId("two-factor-message")).toHaveText("Two-factor authentication is on.")
  const codes = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim())
  expect(new Set(codes).size).toBe(10)
  return { uri, codes }
}

async function expectMail(smtp: { waitFor(a: string): Promise<{ subject: string; text: string }> }, user: TestUser, subject: string) {
  const mail = await smtp.waitFor(user.email)
  expect(mail.subject).toContain(subject)
  expect(mail.text).toMatch(/\/settings/)
}

test("enrol, keep the recovery codes, regenerate them, and turn two-factor off after a step-up", async ({
  page,
  context,
  smtp,
  strategy,
  databaseFile,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"])
  const user = await signUp(page)
  // Two-factor waits for a confirmed address: the sign-up's verification link, in this signed-in browser.
  await page.goto(linkIn(await smtp.waitFor(user.email), `${baseURL}/verify-email?`))
  await expect(page.getByTestId("verify-email-result")).toContainText("your email address is confirmed")

  const { codes } = await enrol(page)
  await expectMail(smtp, user, "Two-factor authentication was turned on")
  const twoFactor = setupDialog(page)

  // Copy and download, both from what the browser holds: the codes are not fetched again.
  await twoFactor.getByRole("button", { name: "Copy codes" }).click()
  await expect(twoFactor.getByTestId("recovery-codes-copied")).toHaveText("Copied to the clipboard.")
  expect((await page.evaluate(() => navigator.clipboard.readText())).split("\n")).toEqual(codes)
  const download = page.waitForEvent("download")
  await twoFactor.getByRole("button", { name: "Download as .txt" }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe("recovery-codes.txt")
  const saved = await file.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString("utf8")
  })
  for (const code of codes) expect(saved).toContain(code)

  // Shown once: after "saved" and a reload, only the count remains.
  await twoFactor.getByRole("button", { name: "I have saved them" }).click()
  await expect(twoFactor.getByRole("list", { name: "Recovery codes" })).toHaveCount(0)
  // Done: the last step says what changes, and closes the dialog.
  await expect(twoFactor.getByRole("heading", { name: "Two-factor authentication is on" })).toBeVisible()
  await twoFactor.getByRole("button", { name: "Done" }).click()
  await expect(twoFactor).toHaveCount(0)
  await page.reload()
  await expect(section(page).getByTestId("two-factor-status")).toContainText("Two-factor authentication is on")
  await expect(section(page).getByTestId("two-factor-status")).toContainText("10 recovery codes are left.")
  await expect(page.getByText(codes[0]!)).toHaveCount(0)

  // Regenerate (the sign-up's proof is still recent): ten new codes, the old ones replaced.
  await section(page).getByRole("button", { name: "Regenerate recovery codes" }).click()
  await section(page).getByRole("button", { name: "Yes, make new codes" }).click()
  const fresh = setupDialog(page).getByRole("list", { name: "Recovery codes" }).getByRole("listitem")
  await expect(fresh).toHaveCount(10)
  const newCodes = (await fresh.allTextContents()).map((c) => c.trim())
  expect(newCodes.filter((c) => codes.includes(c))).toEqual([])
  await setupDialog(page).getByRole("button", { name: "I have saved them" }).click()
  await expect(setupDialog(page)).toHaveCount(0)
  await expectMail(smtp, user, "New recovery codes were made")

  // Stale proof: turning it off goes to the re-authenticate page first, and comes back to Settings.
  await makeProofStale(context, strategy, databaseFile)
  await page.reload()
  await section(page).getByRole("button", { name: "Turn off two-factor authentication" }).click()
  await section(page).getByRole("button", { name: "Yes, turn it off" }).click()
  await expect(page).toHaveURL(/\/api\/auth\/reauthenticate\?/)
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toMatch(/\/settings$/)
  // Two-factor is on: one form asks for the password and a code; the password alone is not offered.
  await expect(page.getByRole("button", { name: "Confirm with password", exact: true })).toHaveCount(0)
  // Someone who knows the password drops the code field's `required` and sends the password alone: refused.
  await page.getByLabel("Password", { exact: true }).fill(user.password)
  await page.getByLabel("Authentication code").evaluate((input) => input.removeAttribute("required"))
  await page.getByRole("button", { name: "Confirm with password and code" }).click()
  await expect(page).toHaveURL(/error=missing_code/)
  await expect(page.getByRole("alert")).toContainText("as well as your password")
  // No proof was recorded: back on Settings, turning it off and new codes still ask first.
  for (const [button, confirm] of [
    ["Turn off two-factor authentication", "Yes, turn it off"],
    ["Regenerate recovery codes", "Yes, make new codes"],
  ] as const) {
    await page.goto("/settings")
    await section(page).getByRole("button", { name: button }).click()
    await section(page).getByRole("button", { name: confirm }).click()
    await expect(page).toHaveURL(/\/api\/auth\/reauthenticate\?/)
  }
  // The password with a recovery code (one of the new ones) is the owner's way through.
  await page.getByLabel("Password", { exact: true }).fill(user.password)
  await page.getByLabel("Authentication code").fill(newCodes[0]!)
  await page.getByRole("button", { name: "Confirm with password and code" }).click()
  await expect(page).toHaveURL(/\/settings$/)
  // Nothing was turned off by the first try: the guard ran before the change.
  await expect(section(page).getByTestId("two-factor-status")).toContainText("Two-factor authentication is on")

  await section(page).getByRole("button", { name: "Turn off two-factor authentication" }).click()
  await section(page).getByRole("button", { name: "Yes, turn it off" }).click()
  await expect(page.getByTestId("two-factor-message")).toHaveText("Two-factor authentication is off.")
  await expect(section(page).getByTestId("two-factor-status")).toHaveText("Two-factor authentication is off.")
  await expectMail(smtp, user, "Two-factor authentication was turned off")
  // Both tries are in Security activity, in plain words.
  const activity = page.getByTestId("security-activity")
  await expect(activity.getByText("Failed identity confirmation with a password (no code with the password)")).toBeVisible()
  await expect(activity.getByText("Identity confirmed with a password (with a recovery code)")).toBeVisible()
})

test("a stale session asks for step-up before changing the password, and the change then goes through", async ({
  page,
  context,
  strategy,
  databaseFile,
}) => {
  const user = await signUp(page)
  await makeProofStale(context, strategy, databaseFile)
  await page.goto("/settings")
  await page.getByLabel("Current password").fill(user.password)
  await page.getByLabel("New password", { exact: true }).fill(`${user.password}-new`)
  await page.getByRole("button", { name: "Change password" }).click()
  await expect(page).toHaveURL(/\/api\/auth\/reauthenticate\?/)
  await reauthenticateWithPassword(page, user.password)
  await expect(page).toHaveURL(/\/settings$/)
  // The first try changed nothing; now it works.
  await page.getByLabel("Current password").fill(user.password)
  await page.getByLabel("New password", { exact: true }).fill(`${user.password}-new`)
  await page.getByRole("button", { name: "Change password" }).click()
  await expect(page.getByTestId("password-message")).toContainText("Password changed.")
})

test("a stale session asks for step-up before adding a passkey: the browser flow does not start until then", async ({
  page,
  context,
  strategy,
  databaseFile,
}) => {
  const user = await signUp(page)
  await makeProofStale(context, strategy, databaseFile)
  await page.goto("/settings")
  // The Settings action that precedes the browser's WebAuthn ceremony sends the user away first.
  await page.getByRole("button", { name: "Add a passkey" }).click()
  await expect(page).toHaveURL(/\/api\/auth\/reauthenticate\?/)
  await reauthenticateWithPassword(page, user.password)
  await expect(page).toHaveURL(/\/settings$/)
  await expect(page.getByTestId("passkeys-empty")).toBeVisible()
})

test("an unverified address: the section says why two-factor waits, mails the link, and after it is confirmed two-factor goes on", async ({
  page,
  smtp,
  baseURL,
}) => {
  const user = await signUp(page)
  await smtp.waitFor(user.email) // the sign-up's own verification mail, left unopened
  await page.goto("/settings")
  const twoFactor = section(page)
  await expect(twoFactor.getByTestId("two-factor-status")).toHaveText("Two-factor authentication is off.")
  await expect(twoFactor.getByTestId("two-factor-confirm-address")).toHaveText(
    "Confirm your email address before turning on two-factor authentication: until it is confirmed, whoever proves they own the mailbox can take the account back, which would remove two-factor authentication.",
  )
  await expect(twoFactor.getByRole("button", { name: "Set up authenticator app" })).toHaveCount(0)

  await twoFactor.getByRole("button", { name: "Send verification email" }).click()
  await expect(twoFactor.getByTestId("two-factor-verification-message")).toHaveText(
    "We have sent a verification link to your address. It works for 24 hours.",
  )
  const mail = await smtp.waitFor(user.email)
  expect(mail.subject).toContain("Confirm your email address")
  await page.goto(linkIn(mail, `${baseURL}/verify-email?`))
  await expect(page.getByTestId("verify-email-result")).toContainText("your email address is confirmed")
  await page.getByRole("link", { name: "Continue turning on two-factor authentication" }).click()
  await expect(page).toHaveURL(/\/settings#two-factor-heading$/)
  await expect(section(page).getByTestId("two-factor-confirm-address")).toHaveCount(0)
  await enrol(page)
  await expectMail(smtp, user, "Two-factor authentication was turned on")
})

/** The library's re-authenticate page, answered with the account's password. */
async function reauthenticateWithPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel("Password", { exact: true }).fill(password)
  await page.getByRole("button", { name: "Confirm with password" }).click()
}
