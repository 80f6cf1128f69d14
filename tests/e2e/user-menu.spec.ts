/**
 * The header's account menu behaves as a menu (the kit's Menu, on Radix):
 * it says whether it is open, arrow keys move through its items, Escape
 * closes it with focus back on its button, a click outside closes it, a
 * choice navigates and closes it, and signing out shows that it is under way.
 */
import { expect, hydrated, signUp, test } from "./fixtures"

test("the account menu opens from the keyboard, moves with arrows, closes on Escape, outside click and navigation", async ({ page }) => {
  await signUp(page)
  // A document that began on the sign-up page keeps its nonce-only style policy, under which the
  // toaster never loads (components/flash-toaster-slot.tsx): the menu is used from a fresh page.
  await page.goto("/dashboard")
  const trigger = page.locator("button[aria-label^='Account menu for']")
  const items = page.getByTestId("account-menu-items")
  await expect(trigger).toHaveAttribute("aria-expanded", "false")
  await expect(items).toBeHidden()
  await hydrated(trigger)

  // Keyboard: open, the first item takes focus, arrows move, Escape closes and focus returns to the button.
  await trigger.focus()
  await page.keyboard.press("Enter")
  await expect(items).toBeVisible()
  await expect(trigger).toHaveAttribute("aria-expanded", "true")
  await expect(items.getByRole("menuitem", { name: "Dashboard" })).toBeFocused()
  await page.keyboard.press("ArrowDown")
  await expect(items.getByRole("menuitem", { name: "Settings" })).toBeFocused()
  await page.keyboard.press("Escape")
  await expect(items).toBeHidden()
  await expect(trigger).toHaveAttribute("aria-expanded", "false")
  await expect(trigger).toBeFocused()

  // A click elsewhere on the page closes it.
  await trigger.click()
  await expect(items).toBeVisible()
  await page.mouse.click(5, 400)
  await expect(items).toBeHidden()
  await expect(trigger).toHaveAttribute("aria-expanded", "false")

  // Following a link closes it on the new page.
  await trigger.click()
  await items.getByRole("menuitem", { name: "Settings" }).click()
  await expect(page).toHaveURL(/\/settings$/)
  await expect(items).toBeHidden()
  await expect(trigger).toHaveAttribute("aria-expanded", "false")
  // The main navigation marks where the user is.
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page")

  // And it still opens and signs out.
  await trigger.click()
  await items.getByTestId("sign-out").click()
  await expect(page.getByTestId("session-state")).toHaveText("Not signed in")
  // Where the sign-out lands, a toast says it worked; once, not again on reload.
  await expect(page.getByRole("listitem").filter({ hasText: "You are signed out" })).toBeVisible()
  await page.reload()
  await expect(page.getByTestId("session-state")).toHaveText("Not signed in")
  await expect(page.getByText("You are signed out")).toHaveCount(0)
})

test("a keyboard user who reaches the account menu before the page's script runs keeps focus on it and opens it from there", async ({ page }) => {
  await signUp(page)
  // The page's scripts are held back until the button has focus, as on a slow connection.
  let release!: () => void
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/_next\/static\/chunks\/.+\.js$/, async (route) => {
    await scriptsHeld
    await route.continue()
  })
  await page.goto("/dashboard", { waitUntil: "domcontentloaded" })
  const trigger = page.locator("button[aria-label^='Account menu for']")
  await trigger.focus()
  await expect(trigger).toBeFocused()
  expect(await trigger.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$")))).toBe(false)

  release()
  await hydrated(trigger)
  // The menu's own button took over from the server's: focus went with it, not back to the page.
  await expect(trigger).toBeFocused()
  await page.keyboard.press("Enter")
  const items = page.getByTestId("account-menu-items")
  await expect(items).toBeVisible()
  await expect(items.getByRole("menuitem", { name: "Dashboard" })).toBeFocused()
  await page.keyboard.press("Escape")
  await expect(items).toBeHidden()
  await expect(trigger).toBeFocused()
})
