/**
 * The header's account menu behaves as a disclosure menu: it reports whether
 * it is open, closes on Escape (focus back on its button), on a click outside,
 * when focus leaves it and on navigation.
 */
import { expect, signUp, test } from "./fixtures"

test("the account menu closes on Escape, outside click, leaving focus and navigation, and says whether it is open", async ({ page }) => {
  await signUp(page)
  const trigger = page.locator("summary[aria-label^='Account menu for']")
  const items = page.getByTestId("account-menu-items")
  await expect(trigger).toHaveAttribute("aria-expanded", "false")
  await expect(items).toBeHidden()

  // Keyboard: open, move into the menu, Escape closes it and focus returns to the button.
  await trigger.focus()
  await page.keyboard.press("Enter")
  await expect(items).toBeVisible()
  await expect(trigger).toHaveAttribute("aria-expanded", "true")
  await page.keyboard.press("Tab")
  await expect(items.getByRole("link", { name: "Dashboard" })).toBeFocused()
  await page.keyboard.press("Escape")
  await expect(items).toBeHidden()
  await expect(trigger).toHaveAttribute("aria-expanded", "false")
  await expect(trigger).toBeFocused()

  // A click elsewhere on the page closes it.
  await trigger.click()
  await expect(items).toBeVisible()
  await page.getByRole("heading", { level: 1 }).click()
  await expect(items).toBeHidden()
  await expect(trigger).toHaveAttribute("aria-expanded", "false")

  // Tabbing past the last item closes it.
  await trigger.click()
  await items.getByTestId("sign-out").focus()
  await page.keyboard.press("Tab")
  await expect(items).toBeHidden()

  // Following a link closes it on the new page.
  await trigger.click()
  await items.getByRole("link", { name: "Settings" }).click()
  await expect(page).toHaveURL(/\/settings$/)
  await expect(items).toBeHidden()
  await expect(trigger).toHaveAttribute("aria-expanded", "false")

  // And it still opens and signs out.
  await trigger.click()
  await items.getByTestId("sign-out").click()
  await expect(page.getByTestId("session-state")).toHaveText("Not signed in")
})
