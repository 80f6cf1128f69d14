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
