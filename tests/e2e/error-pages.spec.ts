/**
 * Unknown addresses get the app's own 404 page (its header, its look), not
 * Next.js's bare default, and nothing of the server's internals.
 */
import { expect, test } from "./fixtures"

test("an unknown path answers 404 with the app's page, its header and a way home", async ({ page }) => {
  const response = await page.goto("/no-such-page/at-all?x=<b>")
  expect(response?.status()).toBe(404)
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible()
  await expect(page).toHaveTitle("Page not found · Auth Starter")
  // The app's layout: its header with the account area.
  await expect(page.getByRole("link", { name: "Auth Starter", exact: true })).toBeVisible()
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign in" })).toBeVisible()
  await expect(page.getByText("This page could not be found.")).toHaveCount(0)
  await page.getByRole("link", { name: "Back to the home page" }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole("heading", { level: 1, name: "Auth Starter" })).toBeVisible()
})

test("the dev mailbox of a production build is the same 404 page", async ({ page }) => {
  const response = await page.goto("/dev/mailbox")
  expect(response?.status()).toBe(404)
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible()
})

test("a link page opened without its token says the link is needed, not that it was used, and offers the way on", async ({ page }) => {
  await page.goto("/verify-email")
  await expect(page.getByRole("heading", { level: 1, name: "Open the link from your email" })).toBeVisible()
  await expect(page.getByTestId("verify-email-result")).not.toContainText("used or has expired")
  await expect(page.getByRole("link", { name: "Go to Settings" })).toBeVisible()

  await page.goto("/reset-password")
  await expect(page.getByTestId("reset-password-invalid")).toContainText("needs the link from your password reset email")
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password")
})

test("a cancel link with a bad token says what happened and where to go next", async ({ page }) => {
  await page.goto("/cancel-email-change?token=not-a-real-token")
  await expect(page.getByTestId("cancel-email-change-invalid")).toHaveText(/This link is invalid or has expired/)
  await expect(page.getByRole("link", { name: "Check your account's security" })).toBeVisible()
  await expect(page.getByRole("link", { name: "Cannot sign in? Reset your password" })).toHaveAttribute("href", "/forgot-password")
})
