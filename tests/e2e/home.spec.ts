import { expect, screenshotPath, test } from "./fixtures"

test("home page renders for anonymous visitors", async ({ page, strategy }) => {
  const response = await page.goto("/")
  expect(response?.status()).toBe(200)

  await expect(page.getByRole("heading", { level: 1, name: "Next.js Auth Starter" })).toBeVisible()
  await expect(page.getByRole("region", { name: "Session state" })).toBeVisible()
  await expect(page.getByTestId("session-state")).toHaveText("Not signed in")
  await expect(page.getByTestId("client-session-status")).toHaveText("unauthenticated")

  await page.screenshot({ path: screenshotPath("home", strategy), fullPage: true })
})
