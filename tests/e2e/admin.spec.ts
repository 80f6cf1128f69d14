/**
 * The admin console in real browsers, both session strategies,
 * as the seeded admin (admin@example.com) uses it:
 * - a ban from /admin ends the user's session in their own browser (this
 *   server made the change, so at once; another instance within the
 *   revocation delay) and their sign-in then says the account is suspended;
 * - impersonation: the one-line bar on every page, what the library refuses
 *   shown disabled in Settings and still refused when forced (the session's
 *   proof is never recent), "Stop impersonating" gives the admin's own session
 *   back, and the user, signing in, sees the start and the end in Security
 *   activity;
 * - the list: sorting from the headers, the filter toolbar, a list of rows on
 *   a phone, the same filters as a plain form without JavaScript;
 * - the user page: a role change confirmed in a dialog ends in a toast, and
 *   without JavaScript each action is a confirm page of its own;
 * - /admin for a user who is no admin: the app's own 404 page.
 */
import { randomUUID } from "node:crypto"
import path from "node:path"
import type { Browser, Page } from "@playwright/test"
import Database from "better-sqlite3"
import { expect, hydrated, newUser, signUp, submitSignInForm, test, type TestUser } from "./fixtures"

const ADMIN = { email: "admin@example.com", password: "admin-password-123" }

test.describe.configure({ timeout: 180_000 })

/** An account written straight into the server's SQLite file: the list shows it; nobody signs in as it. */
function insertUser(databaseFile: string, email: string, name: string): void {
  const db = new Database(path.resolve(databaseFile), { fileMustExist: true })
  try {
    db.pragma("busy_timeout = 5000")
    db.prepare('INSERT INTO "User" (id, email, name) VALUES (?, ?, ?)').run(`e2e-long-${randomUUID()}`, email, name)
  } finally {
    db.close()
  }
}

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto("/api/auth/signin?callbackUrl=%2Fadmin")
  await submitSignInForm(page, ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible()
}

/** A user signed up in a browser of their own (their own cookies). */
async function userInOwnBrowser(browser: Browser, baseURL: string | undefined, label: string): Promise<{ page: Page; user: TestUser }> {
  const context = await browser.newContext({ baseURL })
  const page = await context.newPage()
  const user = await signUp(page, newUser(label))
  return { page, user }
}

/** From /admin: search for the user and open their page. */
async function openUserPage(page: Page, user: TestUser): Promise<void> {
  await page.goto("/admin")
  await page.getByLabel("Search users").fill(user.email)
  await page.getByRole("button", { name: "Search" }).click()
  await expect(page.getByTestId("admin-user-row")).toHaveCount(1)
  await page.getByRole("link", { name: user.email }).click()
  await expect(page.getByTestId("admin-user-heading")).toHaveText(user.email)
}

test("an admin bans a user signed in elsewhere: that browser loses its session, and sign-in says suspended", async ({ page, browser, baseURL }) => {
  const other = await userInOwnBrowser(browser, baseURL, "banned")
  await signInAsAdmin(page)
  await openUserPage(page, other.user)

  // In the Danger zone, outlined: the only solid red button is the dialog's.
  const dangerZone = page.getByRole("region", { name: "Danger zone" })
  await dangerZone.getByRole("button", { name: "Ban user" }).click()
  const dialog = page.getByRole("dialog")
  await dialog.getByLabel("Reason").fill("spam in the comments")
  await dialog.getByLabel("Duration").selectOption({ label: "1 day" })
  await dialog.getByRole("button", { name: "Ban user" }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText(/^User suspended until .* UTC\. Every session was ended\.$/)).toBeVisible()
  await expect(page.getByTestId("admin-user-status")).toContainText("Suspended until")
  // Suspended: the Danger zone offers no second ban, the menu offers the way back.
  await expect(dangerZone.getByRole("button", { name: "Ban user" })).toHaveCount(0)
  await page.getByRole("button", { name: "More actions" }).click()
  await expect(page.getByRole("menuitem", { name: "Unban user" })).toBeVisible()
  await page.keyboard.press("Escape")

  // The user's own browser: signed out on its next request, and sign-in refuses with the reason withheld.
  await other.page.goto("/dashboard")
  await expect(other.page).toHaveURL(/\/api\/auth\/signin\?/)
  expect(await (await other.page.request.get("/api/auth/session")).json()).toBeNull()
  await submitSignInForm(other.page, other.user.email, other.user.password)
  await expect(other.page.getByText(/This account is suspended until .* UTC\./)).toBeVisible()
  await expect(other.page.getByText("spam in the comments")).toHaveCount(0)
  await other.page.context().close()
})

test("an admin impersonates a user: banner, a sensitive change refused, stop, and the user sees both entries", async ({ page, browser, baseURL, request }) => {
  const other = await userInOwnBrowser(browser, baseURL, "impersonated")
  await other.page.context().close()
  await signInAsAdmin(page)
  await openUserPage(page, other.user)
  const userPage = page.url()

  await page.getByRole("button", { name: "Impersonate" }).click()
  const dialog = page.getByRole("dialog")
  await dialog.getByLabel("Reason").fill("ticket 4711: the dashboard looks wrong")
  await dialog.getByRole("button", { name: "Impersonate" }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText("Impersonation started: you now see the app as this user.")).toBeVisible()
  const banner = page.getByTestId("impersonation-banner")
  await expect(banner).toContainText(`Viewing as ${other.user.name}`)
  await expect(banner).toContainText("(administrator)")
  await expect(banner.getByTestId("impersonation-time-left")).toHaveText(/^(60|59) min left$/)
  expect(((await (await page.request.get("/api/auth/session")).json()) as { user: { email: string } }).user.email).toBe(other.user.email)

  // One line on a phone, no taller than 48 px.
  await page.setViewportSize({ width: 390, height: 844 })
  const box = await banner.boundingBox()
  expect(box?.height).toBeLessThanOrEqual(48)
  await expect(banner.getByRole("button", { name: "Stop impersonating" })).toBeVisible()
  await page.setViewportSize({ width: 1280, height: 720 })

  // The admin area is not the impersonated user's: a 404.
  expect((await page.goto("/admin"))?.status()).toBe(404)

  // What the library refuses is shown disabled, with the reason.
  await page.goto("/settings")
  await expect(page.getByTestId("impersonation-banner")).toBeVisible()
  await expect(page.getByRole("button", { name: "Change password" })).toBeDisabled()
  await expect(page.getByText("Not available while impersonating").first()).toBeVisible()
  // Forced back on, the change is still refused: the session's proof is never recent, so the step-up refuses it.
  await page.evaluate(() => document.querySelectorAll("fieldset[disabled]").forEach((f) => ((f as HTMLFieldSetElement).disabled = false)))
  await page.getByLabel("Current password").fill(other.user.password)
  await page.getByLabel("New password").fill(`changed by admin ${other.user.password}`)
  await page.getByRole("button", { name: "Change password" }).click()
  await expect(page).toHaveURL(/\/api\/auth\/reauthenticate\?/)

  await page.goto("/dashboard")
  // What a page load still in flight when "Stop" is pressed carries: the impersonation's cookies.
  const inFlight = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ")
  await page.getByTestId("impersonation-banner").getByRole("button", { name: "Stop impersonating" }).click()
  await expect(page).toHaveURL(userPage)
  await expect(page.getByTestId("impersonation-banner")).toHaveCount(0)
  await expect(page.getByText("Impersonation ended: you are back in your own account.")).toBeVisible()
  expect(((await (await page.request.get("/api/auth/session")).json()) as { user: { email: string } }).user.email).toBe(ADMIN.email)

  // That page load reaches the server after the stop: it is not served as the user, and it neither
  // ends the admin's restored session nor clears a cookie (its answer may land after the stop's).
  const late = await request.get("/settings", { headers: { cookie: inFlight, "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" }, maxRedirects: 0 })
  expect(late.status()).toBeLessThan(500)
  expect(await late.text()).not.toContain(other.user.email)
  const setCookies = late.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie").map((h) => h.value)
  expect(setCookies.filter((c) => /session-token|impersonator-token/.test(c))).toEqual([])
  expect(((await (await page.request.get("/api/auth/session")).json()) as { user: { email: string } }).user.email).toBe(ADMIN.email)
  expect((await page.goto(userPage))?.status()).toBe(200)
  await expect(page.getByTestId("admin-security-activity")).toContainText("Impersonation started")

  // The user signs in with the password the admin could not change, and sees both entries.
  const context = await browser.newContext({ baseURL })
  const own = await context.newPage()
  await own.goto("/api/auth/signin?callbackUrl=%2Fsettings")
  await submitSignInForm(own, other.user.email, other.user.password)
  await expect(own).toHaveURL(/\/settings$/)
  const activity = own.getByTestId("security-activity")
  await expect(activity).toContainText("Impersonation started (ticket 4711: the dashboard looks wrong)")
  await expect(activity).toContainText("Impersonation ended")
  await context.close()
})

/** Rows of the list, by the address each shows. */
async function listedEmails(page: Page, emails: readonly string[]): Promise<string[]> {
  const rows = await page.getByTestId("admin-user-row").allTextContents()
  return rows.map((text) => emails.find((email) => text.includes(email)) ?? "?")
}

test("the list sorts from its column headers, both ways, keeping the search", async ({ page, browser, baseURL }) => {
  const tag = `sorted${Date.now().toString(36)}`
  const first = await userInOwnBrowser(browser, baseURL, `${tag}-a`)
  await first.page.context().close()
  const second = await userInOwnBrowser(browser, baseURL, `${tag}-b`)
  await second.page.context().close()
  const emails = [first.user.email, second.user.email]
  await signInAsAdmin(page)
  await page.getByLabel("Search users").fill(tag)
  await page.getByRole("button", { name: "Search" }).click()
  await expect(page.getByTestId("admin-user-row")).toHaveCount(2)
  await expect(page.getByTestId("admin-users-count")).toHaveText("Page 1 of 1 · 2 users")
  expect(await listedEmails(page, emails)).toEqual([second.user.email, first.user.email])
  const created = page.getByRole("columnheader", { name: "Created" })
  await expect(created).toHaveAttribute("aria-sort", "descending")

  await created.getByRole("link").click()
  await expect(page).toHaveURL(new RegExp(`/admin\\?q=${tag}&sort=created-asc$`))
  await expect(page.getByRole("columnheader", { name: "Created" })).toHaveAttribute("aria-sort", "ascending")
  expect(await listedEmails(page, emails)).toEqual([first.user.email, second.user.email])

  await page.getByRole("columnheader", { name: "Last sign-in" }).getByRole("link").click()
  await expect(page).toHaveURL(new RegExp(`sort=last-sign-in$`))
  await expect(page.getByRole("columnheader", { name: "Last sign-in" })).toHaveAttribute("aria-sort", "descending")
  await expect(page.getByRole("columnheader", { name: "Created" })).not.toHaveAttribute("aria-sort", /.+/)
})

test("the toolbar's filters apply as they change, and Reset clears them", async ({ page, browser, baseURL }) => {
  const tag = `filtered${Date.now().toString(36)}`
  const other = await userInOwnBrowser(browser, baseURL, tag)
  await other.page.context().close()
  await signInAsAdmin(page)
  const toolbar = page.getByRole("search", { name: "Users" })
  await hydrated(toolbar)

  await toolbar.getByLabel("Role").selectOption("admin")
  await expect(page).toHaveURL(/[?&]role=admin/)
  const rows = page.getByTestId("admin-user-row")
  await expect(rows.filter({ hasText: ADMIN.email })).toHaveCount(1)
  for (const row of await rows.all()) await expect(row).toContainText("admin")
  await expect(toolbar.getByLabel("Role")).toHaveValue("admin")

  await toolbar.getByLabel("Search users").fill(tag)
  await toolbar.getByRole("button", { name: "Search" }).click()
  await expect(page.getByTestId("admin-users-empty")).toBeVisible()

  await toolbar.getByLabel("Role").selectOption("")
  await expect(rows).toHaveCount(1)
  await toolbar.getByLabel("Two-factor").selectOption("on")
  await expect(page).toHaveURL(/twoFactor=on/)
  await expect(page.getByTestId("admin-users-empty")).toBeVisible()
  await toolbar.getByLabel("Two-factor").selectOption("off")
  await toolbar.getByLabel("Unverified only").check()
  await expect(page).toHaveURL(/unverified=yes/)
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText("Unverified")

  await toolbar.getByRole("link", { name: "Reset" }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(toolbar.getByLabel("Search users")).toHaveValue("")
})

test("on a phone the list is rows without sideways scrolling, and the filters open from a button", async ({ page, databaseFile }) => {
  // A name and an address with nowhere to break: the row cuts them, the page does not widen.
  const long = `${"averylongaddresswithnowheretobreak".repeat(2)}-${randomUUID().slice(0, 8)}@e2e.example.com`
  insertUser(databaseFile, long, `${"Longname".repeat(6)}${randomUUID().slice(0, 8)}`)
  await page.setViewportSize({ width: 390, height: 844 })
  await signInAsAdmin(page)
  await expect(page.getByTestId("admin-user-row").first()).toBeVisible()
  // Polled: right after a client-side navigation the route's stylesheet may still be on its way, and
  // the table is briefly laid out as a desktop table; what the user is left with must not scroll sideways.
  const noOverflow = () => expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  await noOverflow()
  await page.goto(`/admin?q=${encodeURIComponent(long)}`)
  const row = page.getByTestId("admin-user-row")
  await expect(row).toHaveCount(1)
  await noOverflow()
  // Cut with an ellipsis inside its row, not pushed past the card's edge out of sight.
  const overrun = async () => {
    const [rowBox, addressBox] = await Promise.all([row.boundingBox(), row.getByText(long).boundingBox()])
    return addressBox!.x + addressBox!.width - (rowBox!.x + rowBox!.width)
  }
  await expect.poll(overrun).toBeLessThanOrEqual(0.5)
  await page.goto("/admin")
  // No header row on a phone: each row says what its dates are.
  await expect(page.getByRole("columnheader", { name: "Created" })).toBeHidden()
  await expect(page.getByTestId("admin-user-row").first()).toContainText("Created")

  const panel = page.getByTestId("admin-filter-panel")
  await expect(panel).toBeHidden()
  await page.getByText("Filters", { exact: true }).click()
  await expect(panel).toBeVisible()
  await panel.getByLabel("Sort").selectOption("created-asc")
  await expect(page).toHaveURL(/sort=created-asc/)
})

test("without JavaScript the filters are a plain form and each action a confirm page", async ({ page, browser, baseURL }) => {
  const other = await userInOwnBrowser(browser, baseURL, "nojs")
  await other.page.context().close()
  await signInAsAdmin(page)
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() })
  const plain = await context.newPage()

  await plain.goto("/admin")
  await plain.getByLabel("Search users").fill(other.user.email)
  await plain.getByLabel("Status").selectOption("no")
  await plain.getByRole("button", { name: "Search" }).click()
  await expect(plain).toHaveURL(/banned=no/)
  await expect(plain.getByTestId("admin-user-row")).toHaveCount(1)

  // A header is a link: sorting needs no script either.
  await plain.getByRole("columnheader", { name: "Created" }).getByRole("link").click()
  await expect(plain).toHaveURL(/sort=created-asc/)
  await plain.getByRole("link", { name: other.user.email }).click()
  await expect(plain.getByTestId("admin-user-heading")).toHaveText(other.user.email)

  // "Change role" is a link to its confirm page; the plain form saves and comes back.
  await plain.getByRole("link", { name: "Change role" }).click()
  await expect(plain).toHaveURL(/\/confirm\/roles$/)
  await plain.getByRole("checkbox", { name: "admin" }).check()
  await plain.getByRole("button", { name: "Save roles" }).click()
  await expect(plain.getByTestId("admin-user-heading")).toHaveText(other.user.email)
  await expect(plain.getByTestId("admin-user-roles")).toContainText("user, admin")

  // The menu is a disclosure of links; a refused form comes back with the reason.
  await plain.getByText("More actions").click()
  await plain.getByRole("link", { name: "Revoke all sessions" }).click()
  await expect(plain.getByRole("heading", { level: 1 })).toHaveText(`Sign ${other.user.email} out everywhere?`)
  await context.close()
})

test("a role change confirmed in its dialog ends in a toast and shows on the page", async ({ page, browser, baseURL }) => {
  const other = await userInOwnBrowser(browser, baseURL, "promoted")
  await other.page.context().close()
  await signInAsAdmin(page)
  await openUserPage(page, other.user)

  await page.getByRole("button", { name: "Change role" }).click()
  const dialog = page.getByRole("dialog")
  await dialog.getByRole("checkbox", { name: "admin" }).check()
  await dialog.getByRole("button", { name: "Save roles" }).click()
  await expect(dialog).toHaveCount(0)
  const toast = page.getByRole("region", { name: /Notifications/ }).getByText(/^Roles saved: admin\./)
  await expect(toast).toBeVisible()
  await expect(page.getByTestId("admin-user-roles")).toContainText("user, admin")
  // An admin cannot be impersonated: the button is gone.
  await expect(page.getByRole("button", { name: "Impersonate" })).toHaveCount(0)
})

test("a signed-in user who is no admin gets the app's own 404 page at /admin", async ({ page }) => {
  await signUp(page, newUser("notadmin"))
  for (const path of ["/admin", "/admin/users/cmx08813n0000fn7dc8q3xsxi"]) {
    const response = await page.goto(path)
    expect(response?.status()).toBe(404)
    await expect(page.getByTestId("not-found")).toBeVisible()
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible()
    await expect(page).toHaveTitle(/Page not found/)
    await expect(page.locator("html")).toHaveAttribute("lang", "en")
    await expect(page.getByText("Users")).toHaveCount(0)
  }
})
