/**
 * "Signs you out everywhere" under both session strategies, in real browsers:
 * one user signed in in two browser contexts; changing the password in one
 * signs the other out on its next navigation and keeps the first signed in.
 * With jwt sessions that is the user's "sessions valid since" instant (the
 * server's default revocation delay: the instance that revokes knows at once).
 * ("Sign out all other sessions" under jwt: sessions-jwt.spec.ts.) And a password
 * reset from another browser: the attacker's very next request to the same
 * server reads signed out. No test waits for a later
 * second: revocation has milliseconds.
 */
import { linkIn } from "../helpers/smtp"
import { expect, requestPasswordReset, signUp, submitSignInForm, test } from "./fixtures"
import { expectSignedOutOnNextNavigation, expectStillSignedIn, signInElsewhere } from "./other-browser"

test.describe.configure({ timeout: 180_000 })

test("changing the password signs the other browser out on its next navigation and keeps this one", async ({
  page,
  browser,
  baseURL,
  strategy,
}) => {
  const user = await signUp(page)
  const other = await signInElsewhere(browser, baseURL, user)
  await page.bringToFront()
  await page.goto("/settings")
  await page.getByLabel("Current password").fill(user.password)
  await page.getByLabel("New password").fill(`changed-${user.password}`)
  await page.getByRole("button", { name: "Change password" }).click()
  await expect(page.getByTestId("password-message")).toHaveText(
    strategy === "jwt" ? "Password changed. Every other session was signed out." : "Password changed. 1 other session was signed out.",
  )
  await expectSignedOutOnNextNavigation(other)
  await expectStillSignedIn(page, user)
  // The other browser signs in again with the new password only.
  await other.goto("/api/auth/signin?callbackUrl=/dashboard")
  await submitSignInForm(other, user.email, `changed-${user.password}`)
  await expect(other).toHaveURL(/\/dashboard$/)
  await other.context().close()
})

test("a password reset from another browser signs the attacker out on its very next request", async ({ page, browser, baseURL, smtp }) => {
  // The attacker holds a session of the account (it knew the password).
  const user = await signUp(page)
  await expect(page).toHaveURL(/\/dashboard$/)
  await smtp.waitFor(user.email) // the sign-up's verification mail

  const owner = await browser.newContext({ baseURL })
  const ownerPage = await owner.newPage()
  await requestPasswordReset(ownerPage, user.email)
  await ownerPage.goto(linkIn(await smtp.waitFor(user.email), `${baseURL}/reset-password?`))
  await ownerPage.getByLabel("New password").fill(`owner-${user.password}`)
  await ownerPage.getByRole("button", { name: "Change password" }).click()
  await expect(ownerPage.getByTestId("reset-password-done")).toBeVisible()

  // The same server, its revocation delay untouched (60 s): signed out at once, jwt included.
  await expectSignedOutOnNextNavigation(page)
  await owner.close()
})
