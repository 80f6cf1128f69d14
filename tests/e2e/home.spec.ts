import { expect, screenshotPath, test } from "./fixtures"

test("home page renders for anonymous visitors", async ({ page, strategy }) => {
  const response = await page.goto("/")
  expect(response?.status()).toBe(200)

  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Auth Starter" })).toBeVisible()
  await expect(page.getByTestId("session-state")).toHaveText("Not signed in")
  await expect(page.getByRole("main").getByRole("link", { name: "Create an account" })).toBeVisible()
  // What the product is (app/site-metadata.ts), the same words as the page's description.
  const description = await page.locator('meta[name="description"]').getAttribute("content")
  expect(description).toBeTruthy()
  await expect(page.getByRole("main").getByText(description!)).toBeVisible()
  // The keyboard's first stop skips the header.
  await page.keyboard.press("Tab")
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused()
  await expect(page.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", "#main")

  await page.screenshot({ path: screenshotPath("home", strategy), fullPage: true })
})

test("the home page reaches network idle: nothing prefetches the auth routes", async ({ page }) => {
  const pending: string[] = []
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/auth/")) pending.push(request.url())
  })
  // networkidle: no request for 500 ms. A router prefetch of the sign-in route never settled.
  const response = await page.goto("/", { waitUntil: "networkidle", timeout: 15_000 })
  expect(response?.status()).toBe(200)
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    "/api/auth/signin",
  )
  // The links to the sign-in page are plain links: the browser asks for nothing under /api/auth
  // until the user follows one (useSession is seeded by the server and does not fetch at load).
  expect(pending).toEqual([])
})

test("/favicon.ico is served", async ({ request }) => {
  const response = await request.get("/favicon.ico")
  expect(response.status()).toBe(200)
  expect(response.headers()["content-type"]).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/)
})
