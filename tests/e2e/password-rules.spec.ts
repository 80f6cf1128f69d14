/**
 * What a user sees when a new password is refused (NIST SP 800-63B-4
 * §3.1.1.2, ASVS 6.2.11): the reason with guidance under the password field,
 * and what they typed elsewhere still in the form — the address and name at
 * sign-up, the current password in Settings — while the refused password is
 * never sent back into the page.
 */
import { expect, newUser, signUp, test } from "./fixtures"

test("sign-up refuses a password built on the address, says why, and keeps the address and name", async ({ page }) => {
  const user = newUser("jane")
  const local = user.email.split("@")[0]!
  await page.goto("/signup")
  await page.getByLabel("Email").fill(user.email)
  await page.getByLabel("Display name").fill(user.name)
  await page.getByLabel("Password").fill(`${local}!`)
  await page.getByRole("button", { name: "Create account" }).click()
  await expect(page.locator("#password-error")).toHaveText(
    "This password contains your email address. Choose something that has nothing to do with you or this site, such as three or four unrelated words.",
    { timeout: 20_000 },
  )
  await expect(page.getByLabel("Email")).toHaveValue(user.email)
  await expect(page.getByLabel("Display name")).toHaveValue(user.name)
  await expect(page.getByLabel("Password")).toHaveValue("")
  expect(await page.content()).not.toContain(`${local}!`)
})

test("Settings refuses a new password built on the site's name, says why, and keeps the current password typed", async ({ page }) => {
  const user = await signUp(page)
  await page.goto("/settings")
  await page.getByLabel("Current password").fill(user.password)
  await page.getByLabel("New password").fill("AuthStarter-2025")
  await page.getByRole("button", { name: "Change password" }).click()
  await expect(page.locator("#newPassword-error")).toHaveText(
    "This password contains the name of this site (Auth Starter). Choose something that has nothing to do with you or this site, such as three or four unrelated words.",
  )
  await expect(page.getByLabel("Current password")).toHaveValue(user.password)
  // Straight on with a better one: the current password did not have to be typed again.
  await page.getByLabel("New password").fill("lantern orchard cobalt 58")
  await page.getByRole("button", { name: "Change password" }).click()
  await expect(page.getByTestId("password-message")).toContainText("Password changed.")
})

test("sign-up's show-password button shows the password typed and hides it again, as on the built-in sign-in page", async ({ page }) => {
  const user = newUser("reveal")
  await page.goto("/signup")
  const password = page.getByLabel("Password")
  await password.fill(user.password)
  const reveal = page.getByRole("button", { name: "Show password" })
  await expect(password).toHaveAttribute("type", "password")
  await expect(reveal).toHaveAttribute("aria-pressed", "false")
  await reveal.click()
  await expect(password).toHaveAttribute("type", "text")
  await expect(reveal).toHaveAttribute("aria-pressed", "true")
  await expect(password).toHaveValue(user.password)
  await reveal.click()
  await expect(password).toHaveAttribute("type", "password")
  await expect(reveal).toHaveAttribute("aria-pressed", "false")
  // Shown or not, the field is what the form sends.
  await reveal.click()
  await page.getByLabel("Email").fill(user.email)
  await page.getByLabel("Display name").fill(user.name)
  await page.getByRole("button", { name: "Create account" }).click()
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 })
})
