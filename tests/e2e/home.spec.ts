import { expect, test } from "@playwright/test"

test("home page renders for anonymous visitors", async ({ page }) => {
  const response = await page.goto("/")
  expect(response?.status()).toBe(200)

  await expect(page.getByRole("heading", { level: 1, name: "Next.js Auth Starter" })).toBeVisible()
  await expect(page.getByRole("region", { name: "Session state" })).toBeVisible()

  await page.screenshot({ path: "artifacts/screenshots/home.png", fullPage: true })
})
