/**
 * Not a test of behaviour: the README's screenshots, written to
 * docs/screenshots/ by `npm run screenshots` (scripts/screenshots.mjs), which
 * alone turns this project on. The main pages at a desktop width, light and
 * dark, signed in as the seeded demo account.
 */
import path from "node:path"
import type { Page } from "@playwright/test"
import { DEMO, expect, submitSignInForm, test } from "./fixtures"

const OUT = path.resolve("docs", "screenshots")

/** File stem and path, in the order the README shows them. */
export const README_PAGES = [
  { name: "home", path: "/", signedIn: false },
  { name: "sign-in", path: "/api/auth/signin", signedIn: false },
  { name: "sign-up", path: "/signup", signedIn: false },
  { name: "dashboard", path: "/dashboard", signedIn: true },
  { name: "settings", path: "/settings", signedIn: true },
] as const

async function shoot(page: Page, name: string): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" })
    await page.waitForLoadState("load")
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur?.())
    await page.mouse.move(0, 0)
    // The first screen, as a visitor sees it: a full page of Settings would be too tall to read in a README.
    await page.screenshot({ path: path.join(OUT, `${name}-${colorScheme}.png`), animations: "disabled", caret: "hide" })
  }
}

test("the README's screenshots", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  for (const shot of README_PAGES.filter((p) => !p.signedIn)) {
    await page.goto(shot.path)
    await shoot(page, shot.name)
  }
  await page.goto("/api/auth/signin?callbackUrl=%2Fdashboard")
  await submitSignInForm(page, DEMO.email, DEMO.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  for (const shot of README_PAGES.filter((p) => p.signedIn)) {
    await page.goto(shot.path)
    await shoot(page, shot.name)
  }
})
