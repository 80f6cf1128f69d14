/**
 * Pre-account takeover, replayed step by step as an attacker would do it:
 * an attacker claims the victim's address first — by password sign-up or by
 * passkey sign-up — and signs in; the victim later proves the mailbox (a
 * reset link, the sign-up's verification link, a magic link). Afterwards the
 * attacker's password, passkey and session (database and jwt: runs once per
 * session strategy) must all be gone. Real Chromium, the virtual
 * authenticator and the real SMTP capture.
 */
import type { Page } from "@playwright/test"
import { linkIn } from "../helpers/smtp"
import { emailLinkForm, expect, newUser, requestPasswordReset, signUp, submitSignInForm, test } from "./fixtures"

test.describe.configure({ timeout: 120_000 })
const NAVIGATION = { timeout: 20_000 }

async function sessionEmail(page: Page): Promise<string | null> {
  const body = (await (await page.request.get("/api/auth/session")).json()) as { user?: { email?: string | null } } | null
  return body?.user?.email ?? null
}

async function expectPasswordRefused(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/api/auth/signin")
  await submitSignInForm(page, email, password)
  await expect(page).toHaveURL(/error=CredentialsSignin/, NAVIGATION)
}

test("password sign-up with the victim's address: the victim's reset removes the attacker's password and session", async ({
  page,
  browser,
  smtp,
  baseURL,
}) => {
  const attacker = await signUp(page, newUser("victim"))
  await smtp.waitFor(attacker.email) // the verification mail lands in the victim's mailbox
  expect(await sessionEmail(page)).toBe(attacker.email)

  const victimContext = await browser.newContext()
  const victim = await victimContext.newPage()
  await requestPasswordReset(victim, attacker.email)
  await victim.goto(linkIn(await smtp.waitFor(attacker.email), `${baseURL}/reset-password?`))
  const victimPassword = `victim-${attacker.password}`
  await victim.getByLabel("New password").fill(victimPassword)
  await victim.getByRole("button", { name: "Change password" }).click()
  await expect(victim.getByTestId("reset-password-done")).toBeVisible()

  expect(await sessionEmail(page)).toBeNull()
  await expectPasswordRefused(page, attacker.email, attacker.password)
  await victim.goto("/api/auth/signin")
  await submitSignInForm(victim, attacker.email, victimPassword)
  await expect(victim).toHaveURL(/\/$|\/dashboard$/, NAVIGATION)
  expect(await sessionEmail(victim)).toBe(attacker.email)
  await victimContext.close()
})

test("the sign-up's verification link opened by the victim verifies nothing and offers 'This wasn't me'", async ({
  page,
  browser,
  smtp,
  baseURL,
}) => {
  const attacker = await signUp(page, newUser("victim"))
  const link = linkIn(await smtp.waitFor(attacker.email), `${baseURL}/verify-email?`)

  const victimContext = await browser.newContext()
  const victim = await victimContext.newPage()
  await victim.goto(link)
  await expect(victim.getByRole("link", { name: "Sign in to confirm" })).toBeVisible()
  // Nothing was verified by opening it.
  await page.goto("/settings")
  await expect(page.getByTestId("settings-email-state")).toHaveText("Not verified")

  await victim.getByRole("button", { name: "This wasn't me" }).click()
  await expect(victim.getByTestId("verify-email-result")).toContainText("can no longer be used")
  expect(await sessionEmail(page)).toBeNull()
  await expectPasswordRefused(page, attacker.email, attacker.password)
  await victimContext.close()
})

test("passkey sign-up with the victim's address sends the verification mail; the victim's magic link makes the passkey useless", async ({
  page,
  browser,
  smtp,
  baseURL,
}) => {
  // Button flows only: no conditional (autofill) request answered behind the test's back.
  await page.addInitScript(() => {
    if (typeof PublicKeyCredential !== "undefined") {
      Object.defineProperty(PublicKeyCredential, "isConditionalMediationAvailable", { value: async () => false })
    }
  })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send("WebAuthn.enable")
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  const attacker = newUser("victim")
  await page.goto("/signup")
  await page.getByLabel("Email").fill(attacker.email)
  await page.getByLabel("Display name").fill(attacker.name)
  await page.getByRole("button", { name: "Sign up with a passkey" }).click()
  await expect(page).toHaveURL(/\/dashboard$/, NAVIGATION)
  // The address is not reserved silently: its mailbox hears of the sign-up.
  expect((await smtp.waitFor(attacker.email)).subject).toContain("Confirm your email address")

  const victimContext = await browser.newContext()
  const victim = await victimContext.newPage()
  await victim.goto("/api/auth/signin?callbackUrl=/dashboard")
  const form = emailLinkForm(victim)
  await form.getByLabel("Email").fill(attacker.email)
  await form.getByRole("button", { name: "Sign in with email", exact: true }).click()
  await expect(victim.getByRole("heading", { name: "Check your email" })).toBeVisible()
  await victim.goto(linkIn(await smtp.waitFor(attacker.email), `${baseURL}/api/auth/callback/nodemailer?`))
  await victim.getByRole("button", { name: "Sign in" }).click()
  await expect(victim).toHaveURL(/\/dashboard$/, NAVIGATION)
  expect(await sessionEmail(victim)).toBe(attacker.email)

  expect(await sessionEmail(page)).toBeNull()
  // The attacker's passkey no longer signs in to anything.
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await page.locator("form[data-webauthn-provider=passkey]").getByRole("button", { name: "Sign in with a passkey" }).click()
  await expect(page).not.toHaveURL(/\/dashboard$/)
  await page.waitForTimeout(2000)
  expect(await sessionEmail(page)).toBeNull()
  await victimContext.close()
})

test("a change of address the attacker asked for is void once the victim's magic link takes the account back", async ({
  page,
  browser,
  smtp,
  baseURL,
}) => {
  // The attacker signs up with the victim's address and asks Settings to move the account to their own mailbox.
  const attacker = await signUp(page, newUser("victim"))
  const attackerMailbox = newUser("attacker").email
  await smtp.waitFor(attacker.email) // the sign-up's verification mail, in the victim's mailbox
  await page.goto("/settings")
  const emailSection = page.getByRole("region", { name: "Email address" })
  await emailSection.getByLabel("New email address").fill(attackerMailbox)
  await emailSection.getByRole("button", { name: "Change email address" }).click()
  await expect(page.getByTestId("email-change-message")).toContainText(`Check ${attackerMailbox} for a confirmation link.`)
  const confirmLink = linkIn(await smtp.waitFor(attackerMailbox), `${baseURL}/confirm-email?`)
  const notice = await smtp.waitFor(attacker.email)
  expect(notice.subject).toContain("A change of your email address was requested")
  const cancelLink = linkIn(notice, `${baseURL}/cancel-email-change?`)
  await page.waitForTimeout(1100)

  // The victim signs in with a link mailed to their address: the account is theirs now.
  const victimContext = await browser.newContext()
  const victim = await victimContext.newPage()
  await victim.goto("/api/auth/signin?callbackUrl=/dashboard")
  const form = emailLinkForm(victim)
  await form.getByLabel("Email").fill(attacker.email)
  await form.getByRole("button", { name: "Sign in with email", exact: true }).click()
  await expect(victim.getByRole("heading", { name: "Check your email" })).toBeVisible()
  await victim.goto(linkIn(await smtp.waitFor(attacker.email), `${baseURL}/api/auth/callback/nodemailer?`))
  await victim.getByRole("button", { name: "Sign in" }).click()
  await expect(victim).toHaveURL(/\/dashboard$/, NAVIGATION)
  expect(await sessionEmail(victim)).toBe(attacker.email)

  // The attacker opens the kept confirmation link from a browser signed in to nothing: no longer valid.
  const elsewhere = await browser.newContext()
  const stranger = await elsewhere.newPage()
  await stranger.goto(confirmLink)
  await expect(stranger.getByTestId("confirm-email-invalid")).toContainText("no longer valid")
  await expect(stranger.getByRole("button", { name: "Confirm the change" })).toHaveCount(0)
  // The cancel link is void too.
  await stranger.goto(cancelLink)
  await expect(stranger.getByTestId("cancel-email-change-invalid")).toBeVisible()

  // The account keeps the victim's address, now verified, and the victim stays signed in.
  await victim.goto("/settings")
  await expect(victim.getByTestId("settings-email")).toHaveText(attacker.email)
  await expect(victim.getByTestId("settings-email-state")).toHaveText("Verified")
  expect(await sessionEmail(page)).toBeNull()
  await elsewhere.close()
  await victimContext.close()
})
