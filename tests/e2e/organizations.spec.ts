/**
 * Organizations from the pages, both session strategies: a user
 * creates an organization from the account menu, sees it in the header's
 * switcher, creates a second from the switcher, switches between them,
 * renames one and changes its slug, and deletes it (typing the slug, and
 * confirming who they are when the session's proof is stale). Another user,
 * in another browser, gets a 404 at the organization's address, and the page
 * does not give its name away. Teams: created, renamed and deleted from
 * their pages (also without a script), read-only for a plain member.
 */
import { randomUUID } from "node:crypto"
import type { Page } from "@playwright/test"
import { expect, newUser, openAccountMenu, signUp, test } from "./fixtures"
import { addMember, createOrganization, toast } from "./organization-setup"
import { makeProofStale } from "./stale-proof"

test.describe.configure({ timeout: 120_000 })
const SLOW = { timeout: 30_000 }

function switcher(page: Page) {
  return page.getByTestId("organization-switcher")
}

async function openSwitcher(page: Page) {
  await switcher(page).click()
  const items = page.getByTestId("organization-switcher-items")
  await expect(items).toBeVisible()
  return items
}

test("create, see in the switcher, create a second, switch, rename, change the slug, delete; a stranger gets 404", async ({ page, browser, strategy, databaseFile }) => {
  const id = randomUUID().slice(0, 6)
  const owner = await signUp(page, newUser("org-owner"))

  // No organization yet: no switcher, and the account menu offers to create one.
  await expect(switcher(page)).toHaveCount(0)
  await openAccountMenu(page)
  await page.getByTestId("account-menu-items").getByRole("menuitem", { name: "Create organization" }).click()
  await expect(page).toHaveURL(/\/orgs\/new$/)
  await expect(page.getByRole("heading", { level: 1, name: "Create organization" })).toBeVisible()

  // The slug follows the name until it is edited.
  const firstName = `Acme Widgets ${id}`
  const firstSlug = `acme-widgets-${id}`
  await page.getByLabel("Organization name").fill(firstName)
  await expect(page.getByLabel("Slug", { exact: true })).toHaveValue(firstSlug)
  await page.getByRole("button", { name: "Create organization" }).click()
  await expect(page).toHaveURL(new RegExp(`/o/${firstSlug}$`), SLOW)
  await expect(page.getByTestId("organization-name")).toHaveText(firstName)
  await expect(page.getByTestId("organization-role")).toHaveText("Owner")
  await expect(page.getByTestId("organization-member-count")).toHaveText("1 member")
  await expect(switcher(page)).toContainText(firstName)

  // A second one from the switcher; a taken slug is refused in words first.
  let items = await openSwitcher(page)
  await items.getByRole("menuitem", { name: "Create organization" }).click()
  await expect(page).toHaveURL(/\/orgs\/new$/)
  const secondName = `Beta Labs ${id}`
  const secondSlug = `beta-${id}`
  await page.getByLabel("Organization name").fill(secondName)
  await page.getByLabel("Slug", { exact: true }).fill(firstSlug)
  await page.getByRole("button", { name: "Create organization" }).click()
  await expect(page.locator("#slug-error")).toHaveText("That slug is already taken by another organization. Choose another one.")
  await expect(page.getByLabel("Organization name")).toHaveValue(secondName)
  await page.getByLabel("Slug", { exact: true }).fill(secondSlug)
  await page.getByRole("button", { name: "Create organization" }).click()
  await expect(page).toHaveURL(new RegExp(`/o/${secondSlug}$`), SLOW)
  await expect(switcher(page)).toContainText(secondName)

  // Switch back to the first: its home, and the switcher says so.
  items = await openSwitcher(page)
  await expect(items.getByRole("menuitem", { name: secondName, exact: true })).toHaveCount(0)
  await items.getByRole("menuitem", { name: firstName }).click()
  await expect(page).toHaveURL(new RegExp(`/o/${firstSlug}$`), SLOW)
  await expect(switcher(page)).toContainText(firstName)
  await expect(page.getByTestId("organization-switcher-items")).toBeHidden()

  // Rename from its settings.
  await page.getByRole("navigation", { name: "Organization" }).getByRole("link", { name: "Settings" }).click()
  await expect(page).toHaveURL(new RegExp(`/o/${firstSlug}/settings$`))
  const renamed = `Acme Gadgets ${id}`
  await page.getByLabel("Organization name").fill(renamed)
  await page.getByRole("button", { name: "Rename" }).click()
  await expect(page.getByTestId("organization-rename-message")).toHaveText(`Saved. The organization is now called ${renamed}.`)
  await expect(page.getByTestId("organization-name")).toHaveText(renamed)

  // Change its slug: the pages move, the old address is a 404.
  const movedSlug = `gadgets-${id}`
  await page.getByLabel("Slug", { exact: true }).fill(movedSlug)
  await page.getByRole("button", { name: "Change slug" }).click()
  await expect(page).toHaveURL(new RegExp(`/o/${movedSlug}/settings\\?saved=slug$`), SLOW)
  await expect(page.getByTestId("organization-slug-changed")).toContainText(`/o/${movedSlug}`)
  expect((await page.request.get(`/o/${firstSlug}`)).status()).toBe(404)

  // Someone else, in their own browser: the organization's address is a 404 that names nothing.
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await signUp(otherPage, newUser("org-stranger"))
  for (const path of [`/o/${movedSlug}`, `/o/${movedSlug}/settings`, `/o/${movedSlug}/activity`]) {
    const response = await otherPage.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(otherPage.locator("body")).not.toContainText(renamed)
    await expect(otherPage.locator("body")).not.toContainText("Acme")
  }
  await expect(switcher(otherPage)).toHaveCount(0)
  await other.close()

  // Delete: the slug typed out, and a stale session confirms who it is first.
  await page.goto(`/o/${movedSlug}/settings`)
  const confirmation = page.getByLabel("Type the organization's slug to confirm")
  await confirmation.fill("not-the-slug")
  await page.getByRole("button", { name: "Delete organization" }).click()
  await expect(page.locator("#confirmation-error")).toHaveText(`That is not the organization's slug. Type ${movedSlug} exactly to delete it.`)
  await makeProofStale(page.context(), strategy, databaseFile)
  await confirmation.fill(movedSlug)
  await page.getByRole("button", { name: "Delete organization" }).click()
  await expect(page).toHaveURL(/\/api\/auth\/reauthenticate\?callbackUrl=/, SLOW)
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible()
  await page.getByLabel("Password").fill(owner.password)
  await page.getByRole("button", { name: "Confirm with password" }).click()
  await expect(page).toHaveURL(new RegExp(`/o/${movedSlug}/settings$`), SLOW)
  await page.getByLabel("Type the organization's slug to confirm").fill(movedSlug)
  await page.getByRole("button", { name: "Delete organization" }).click()
  await expect(page).toHaveURL(/\/orgs\?deleted=1$/, SLOW)
  await expect(page.getByTestId("organization-deleted-notice")).toBeVisible()
  await expect(page.getByTestId("organization-list")).not.toContainText(renamed)
  await expect(page.getByTestId("organization-list")).toContainText(secondName)
  items = await openSwitcher(page)
  await expect(items).not.toContainText(renamed)
  expect((await page.request.get(`/o/${movedSlug}`)).status()).toBe(404)
})

/** Creates an organization through /orgs/new and waits for its home. */
async function createThroughPage(page: Page, name: string, slug: string) {
  await page.goto("/orgs/new")
  await page.getByLabel("Organization name").fill(name)
  await page.getByLabel("Slug", { exact: true }).fill(slug)
  await page.getByRole("button", { name: "Create organization" }).click()
  await expect(page).toHaveURL(new RegExp(`/o/${slug}$`), SLOW)
}

test("the URL decides the organization: the header names the page's, opening it makes it the session's; the switcher's list is read when it opens", async ({ page }) => {
  const id = randomUUID().slice(0, 6)
  await signUp(page, newUser("org-url"))
  const first = { name: `Alpha Works ${id}`, slug: `alpha-${id}` }
  const second = { name: `Bravo Works ${id}`, slug: `bravo-${id}` }
  await createThroughPage(page, first.name, first.slug)
  await createThroughPage(page, second.name, second.slug)

  // The session works in the second; a link to the first's members names the first in the header.
  await page.goto(`/o/${first.slug}/members`)
  await expect(switcher(page)).toContainText(first.name)
  await expect(page.getByTestId("organization-name")).toHaveText(first.name)
  // Opening it made it the session's: a page outside any organization names it too.
  await expect
    .poll(async () => {
      await page.goto("/dashboard")
      return switcher(page).textContent()
    }, SLOW)
    .toContain(first.name)
  await expect(page.locator("body")).not.toContainText("Choose organization")

  // The list is not on the page until the menu opens, and then it is read (a server action's POST).
  await page.goto(`/o/${first.slug}`)
  await expect(page.locator("body")).not.toContainText(second.name)
  const read = page.waitForRequest((request) => request.method() === "POST" && request.headers()["next-action"] !== undefined)
  await switcher(page).click()
  await read
  await expect(page.getByTestId("organization-switcher-items").getByRole("menuitem", { name: second.name })).toBeVisible()

  // On a phone the trigger shows the avatar and keeps the name for screen readers, never a cut label.
  await page.keyboard.press("Escape")
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(switcher(page)).toHaveAccessibleName(`${first.name}: switch organization`)
  await expect(page.getByTestId("organization-switcher-current")).toHaveClass(/max-sm:sr-only/)
})

test("teams: an owner creates one, it is listed, its page shows its members and its lead", async ({ page }) => {
  const id = randomUUID().slice(0, 6)
  const owner = await signUp(page, newUser("org-teams"))
  const slug = `teams-${id}`
  await createThroughPage(page, `Teams Inc ${id}`, slug)
  await page.getByRole("navigation", { name: "Organization" }).getByRole("link", { name: "Teams" }).click()
  await expect(page).toHaveURL(new RegExp(`/o/${slug}/teams$`))
  await expect(page.getByTestId("team-list-empty")).toBeVisible()
  await page.getByLabel("Team name").fill("Design")
  await page.getByRole("button", { name: "Create team" }).click()
  await expect(page).toHaveURL(new RegExp(`/o/${slug}/teams/[^/]+$`), SLOW)
  await expect(page.getByTestId("team-lead")).toHaveText("No lead yet")

  await page.getByLabel("Member", { exact: true }).selectOption({ label: owner.name })
  await page.getByLabel("Team role").selectOption({ label: "Lead" })
  await page.getByRole("button", { name: "Add to team" }).click()
  await expect(page.getByTestId("team-lead")).toHaveText(owner.name)
  await expect(page.getByTestId("team-member")).toHaveCount(1)

  await page.getByRole("link", { name: "All teams" }).click()
  await expect(page.getByTestId("team")).toHaveText(/Design/)
  // A second team of the same name is refused: the list keeps one.
  await page.getByLabel("Team name").fill("Design")
  await page.getByRole("button", { name: "Create team" }).click()
  await expect(page).toHaveURL(new RegExp(`/o/${slug}/teams$`), SLOW)
  await expect(page.getByTestId("team")).toHaveCount(1)
})

/** Creates a team through the teams page and waits for its own page. */
async function createTeam(page: Page, slug: string, name: string) {
  await page.goto(`/o/${slug}/teams`)
  await page.getByLabel("Team name").fill(name)
  await page.getByRole("button", { name: "Create team" }).click()
  await expect(page).toHaveURL(new RegExp(`/o/${slug}/teams/[^/]+$`), SLOW)
}

test("teams: an owner renames a team (a taken or blank name refused in place) and deletes it after a dialog, with toasts; a plain member sees it read-only", async ({ page, browser, baseURL, databaseFile }) => {
  const owner = await signUp(page, newUser("org-team-owner"))
  const org = createOrganization(databaseFile, owner.email)
  await createTeam(page, org.slug, "Design")
  await expect(toast(page, "Team Design created.")).toBeVisible()
  await createTeam(page, org.slug, "Research")
  await expect(toast(page, "Team Research created.")).toBeVisible()
  const teamUrl = page.url()
  // The page's script has run once "Delete team" is a button (before, it is a link to the confirm page).
  await expect(page.getByRole("button", { name: "Delete team" })).toBeVisible()

  const nameField = page.locator("#rename-team").getByLabel("Team name")
  await nameField.fill("Design")
  await page.getByRole("button", { name: "Rename team" }).click()
  await expect(page.locator("#rename-team").getByRole("alert")).toHaveText("This organization already has a team with that name.")
  await expect(nameField).toHaveValue("Design")
  await nameField.fill("   ")
  await page.getByRole("button", { name: "Rename team" }).click()
  await expect(page.locator("#rename-team")).toContainText("Give the team a name of 1 to 100 characters.")
  await expect(page.getByTestId("team-page").getByRole("heading")).toHaveText("Research")

  await nameField.fill("Research & Insight")
  await page.getByRole("button", { name: "Rename team" }).click()
  await expect(toast(page, "Saved. The team is now called Research & Insight.")).toBeVisible()
  await expect(page.getByTestId("team-page").getByRole("heading")).toHaveText("Research & Insight")
  await expect(page.locator("#rename-team")).not.toContainText("already has a team")

  // A plain member, in their own browser: the team's page without its settings, and no confirm page.
  const other = await browser.newContext({ baseURL })
  const memberPage = await other.newPage()
  const member = await signUp(memberPage, newUser("org-team-member"))
  addMember(databaseFile, org.slug, member.email)
  await memberPage.goto(teamUrl)
  await expect(memberPage.getByTestId("team-page").getByRole("heading")).toHaveText("Research & Insight")
  await expect(memberPage.getByText("Rename team")).toHaveCount(0)
  await expect(memberPage.getByText("Delete team")).toHaveCount(0)
  await expect(memberPage.getByLabel("Team name")).toHaveCount(0)
  expect((await memberPage.goto(`${teamUrl}/delete`))?.status()).toBe(404)
  await other.close()

  // Delete: the dialog asks; Cancel keeps the team, "Yes, delete team" goes to the list with a toast.
  await page.getByRole("button", { name: "Delete team" }).click()
  const dialog = page.getByRole("alertdialog", { name: "Delete Research & Insight?" })
  await expect(dialog).toContainText("Nobody loses access to the organization.")
  await dialog.getByRole("button", { name: "Cancel" }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole("button", { name: "Delete team" }).click()
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, delete team" }).click()
  await expect(page).toHaveURL(new RegExp(`/o/${org.slug}/teams$`), SLOW)
  await expect(toast(page, "Team Research & Insight deleted. Its members stay in the organization.")).toBeVisible()
  await expect(page.getByTestId("team")).toHaveCount(1)
  await expect(page.getByTestId("team")).toHaveText(/Design/)
  expect((await page.request.get(teamUrl)).status()).toBe(404)
})

test("teams without JavaScript: an owner renames a team with a plain form post and deletes it through its confirm page", async ({ page, browser, baseURL, databaseFile }) => {
  const owner = await signUp(page, newUser("org-team-nojs"))
  const org = createOrganization(databaseFile, owner.email)
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() })
  const noScript = await context.newPage()
  await createTeam(noScript, org.slug, "Ops")

  const nameField = noScript.locator("#rename-team").getByLabel("Team name")
  await nameField.fill("  ")
  await noScript.getByRole("button", { name: "Rename team" }).click()
  await expect(noScript.locator("#rename-team")).toContainText("Give the team a name of 1 to 100 characters.")
  await noScript.locator("#rename-team").getByLabel("Team name").fill("Operations")
  await noScript.getByRole("button", { name: "Rename team" }).click()
  await expect(noScript.getByTestId("team-rename-message")).toHaveText("Saved. The team is now called Operations.")
  await expect(noScript.getByTestId("team-page").getByRole("heading")).toHaveText("Operations")

  // "Delete team" is a link to a page that asks the same question as the dialog.
  await noScript.getByRole("link", { name: "Delete team" }).click()
  await expect(noScript).toHaveURL(new RegExp(`/o/${org.slug}/teams/[^/]+/delete$`))
  await expect(noScript.getByRole("heading", { name: "Delete Operations?" })).toBeVisible()
  await noScript.getByRole("button", { name: "Yes, delete team" }).click()
  await expect(noScript).toHaveURL(new RegExp(`/o/${org.slug}/teams$`), SLOW)
  await expect(noScript.getByTestId("team-list-empty")).toBeVisible()
  await context.close()
})
