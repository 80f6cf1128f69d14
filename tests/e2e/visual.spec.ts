/**
 * Every page and state a person meets, at a desktop and a phone width, light
 * and dark: axe-core finds no accessibility violation (enforced), and each
 * looks as its committed baseline does (tests/e2e/__screenshots__/). Runs once,
 * in the "visual" project against the database-session server
 * (playwright.config.ts); regenerate the baselines after a deliberate change of
 * look with `npx playwright test --project=visual --update-snapshots`.
 *
 * What changes from run to run is masked (times, one-time secrets, QR codes,
 * recovery codes, ids); the users have fixed addresses, since every e2e run
 * starts from a fresh database, and each attempt first removes what an earlier
 * attempt of the same test left (earlier-attempt.ts), so a retry signs up again.
 */
import Database from "better-sqlite3"
import path from "node:path"
import type { Locator, Page } from "@playwright/test"
import { checkPage, type PageState } from "./visual-check"
import { forgetEarlierAttempt } from "./earlier-attempt"
import { expect, openAccountMenu, signUp, submitSignInForm, test } from "./fixtures"
import { enrolTwoFactor, expectTwoFactorPage } from "./two-factor-helper"

// About 25 states × 4 renderings, each with an axe run and a full-page screenshot. No test reads
// what another writes (a test that signs up uses an address of its own; the admin's test changes
// only its own user and session), so they may spread over both workers: run one after another they
// were the last, longest stretch of the browser run.
test.describe.configure({ mode: "parallel", timeout: 600_000 })

const VERA = { email: "vera.visual@example.com", name: "Vera Visual", password: "visual check lantern 2026" }
const TOM = { email: "tom.twofactor@example.com", name: "Tom Twofactor", password: "visual check harbour 2026" }

/** Marks the address verified in the server's database, as following the mailed link would. */
function markVerified(databaseFile: string, email: string): void {
  const db = new Database(path.resolve(databaseFile), { fileMustExist: true })
  try {
    db.prepare('UPDATE "User" SET "emailVerified" = ? WHERE email = ?').run(new Date().toISOString().replace("Z", "+00:00"), email)
  } finally {
    db.close()
  }
}

/** What differs per run on the signed-in pages: session times, ids, device lines with dates. */
function signedInMasks(page: Page): Locator[] {
  return [page.getByText(/\b[a-z0-9]{24,}\b/)]
}

test("signed out: every public page and every dead-end link", async ({ page }) => {
  const states: PageState[] = [
    { name: "home", path: "/" },
    { name: "sign-in", path: "/api/auth/signin" },
    { name: "sign-up", path: "/signup" },
    { name: "forgot-password", path: "/forgot-password" },
    { name: "reset-password-bad-token", path: "/reset-password?token=not-a-real-token" },
    { name: "verify-email-no-token", path: "/verify-email" },
    { name: "cancel-email-change-bad-token", path: "/cancel-email-change?token=not-a-real-token" },
    { name: "check-email", path: "/api/auth/verify-request?provider=nodemailer&type=email" },
    { name: "error", path: "/api/auth/error" },
    { name: "error-expired-link", path: "/api/auth/error?error=Verification", status: 403 },
    { name: "not-found", path: "/no-such-page", status: 404 },
  ]
  for (const state of states) await test.step(state.name, () => checkPage(page, state))
})

test("signed in: dashboard, every Settings section, re-authenticate, sign-out, recovery codes", async ({ page, databaseFile }) => {
  forgetEarlierAttempt(databaseFile, VERA.email)
  await signUp(page, VERA)
  await test.step("dashboard-new-account", () => checkPage(page, { name: "dashboard-new-account", path: "/dashboard", masks: signedInMasks }))
  markVerified(databaseFile, VERA.email)

  await test.step("dashboard", () => checkPage(page, { name: "dashboard", path: "/dashboard", masks: signedInMasks }))

  // Settings is one page with sections, or a page per section behind a sub-navigation: every
  // section page the navigation links to is checked.
  await page.goto("/settings")
  const sectionLinks = page.getByRole("navigation", { name: "Settings" }).getByRole("link")
  const paths = ["/settings", ...(await sectionLinks.evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname)))]
  for (const settingsPath of [...new Set(paths)]) {
    const name = settingsPath.replace(/^\//, "").replaceAll("/", "-")
    await test.step(name, () => checkPage(page, { name, path: settingsPath, masks: signedInMasks }))
  }

  await test.step("reauthenticate", () => checkPage(page, { name: "reauthenticate", path: "/api/auth/reauthenticate?callbackUrl=%2Fsettings" }))
  await test.step("sign-out", () => checkPage(page, { name: "sign-out", path: "/api/auth/signout" }))

  // Settings scrolled to Security: the side navigation marks the section in view.
  await test.step("settings-nav-security", async () => {
    await page.goto("/settings#security")
    await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Security" })).toHaveAttribute("aria-current", "location")
    await checkPage(page, { name: "settings-nav-security", masks: signedInMasks })
  })

  // The account menu, open: axe sees the whole page with it (nothing focusable hidden from assistive technology).
  await test.step("user-menu-open", async () => {
    await page.goto("/dashboard")
    await openAccountMenu(page)
    await expect(page.getByTestId("account-menu-items")).toBeVisible()
    await checkPage(page, { name: "user-menu-open", masks: signedInMasks })
  })

  // The guided two-factor setup, each step of its dialog.
  const dialog = page.getByRole("dialog")
  await test.step("two-factor-setup-scan", async () => {
    await page.goto("/settings")
    await page.getByRole("button", { name: "Set up authenticator app" }).click()
    await expect(dialog.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible()
    await checkPage(page, { name: "two-factor-setup-scan", masks: signedInMasks })
  })
  const uri = (await dialog.getByTestId("two-factor-uri").textContent()) ?? ""
  await test.step("two-factor-setup-verify", async () => {
    await dialog.getByRole("button", { name: "Continue" }).click()
    await expect(dialog.getByLabel("Authentication code")).toBeVisible()
    await checkPage(page, { name: "two-factor-setup-verify", masks: signedInMasks })
  })
  await test.step("recovery-codes", async () => {
    const { URI } = await import("otpauth")
    await dialog.getByLabel("Authentication code").fill(URI.parse(uri).generate())
    await page.getByRole("button", { name: "Turn on two-factor authentication" }).click()
    const codes = page.getByRole("list", { name: "Recovery codes" })
    await expect(codes.getByRole("listitem")).toHaveCount(10)
    await checkPage(page, { name: "recovery-codes", masks: (p) => [...signedInMasks(p), p.getByRole("list", { name: "Recovery codes" })] })
  })
  await test.step("two-factor-setup-done", async () => {
    await dialog.getByRole("button", { name: "I have saved them" }).click()
    await expect(dialog.getByRole("heading", { name: "Two-factor authentication is on" })).toBeVisible()
    await checkPage(page, { name: "two-factor-setup-done", masks: signedInMasks })
  })
})

test("built-in pages' states: the password shown, and Check your email with the address and a resend", async ({ page }) => {
  await test.step("sign-in-password-visible", async () => {
    await page.goto("/api/auth/signin")
    const form = page.locator("form").filter({ has: page.locator('input[name="password"]') })
    await form.getByLabel("Email").fill(VERA.email)
    await form.getByLabel("Password").fill("correct horse battery")
    await form.getByRole("button", { name: "Show password" }).click()
    await expect(form.getByRole("button", { name: "Show password" })).toHaveAttribute("aria-pressed", "true")
    await expect(form.getByLabel("Password")).toHaveAttribute("type", "text")
    await checkPage(page, { name: "sign-in-password-visible" })
  })
  await test.step("check-email-resend", async () => {
    await page.goto("/api/auth/signin")
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Sign in with email", exact: true }) })
    await form.getByLabel("Email").fill("rhea.resend@example.com")
    await form.getByRole("button", { name: "Sign in with email", exact: true }).click()
    await expect(page.getByText("We sent a sign-in link to rhea.resend@example.com.")).toBeVisible()
    // The countdown's seconds differ per run.
    await checkPage(page, { name: "check-email-resend", masks: (p) => [p.locator("#resend-note")] })
  })
})

test("two-factor sign-in: the second step's page", async ({ page, databaseFile }) => {
  forgetEarlierAttempt(databaseFile, TOM.email)
  await signUp(page, TOM)
  markVerified(databaseFile, TOM.email)
  await enrolTwoFactor(databaseFile, TOM.email)
  await page.context().clearCookies()
  await page.goto("/api/auth/signin?callbackUrl=%2Fdashboard")
  await submitSignInForm(page, TOM.email, TOM.password)
  await expectTwoFactorPage(page)
  await checkPage(page, { name: "two-factor" })
})

test("admin: the user list and a user page", async ({ page, browser, baseURL, databaseFile }) => {
  // A user of its own, found by a search that matches nobody else, so the list is the same on every run.
  const UNA = { email: "una.admin-visual@example.com", name: "Una Admin-Visual", password: "visual check meadow 2026" }
  forgetEarlierAttempt(databaseFile, UNA.email)
  const context = await browser.newContext({ baseURL })
  await signUp(await context.newPage(), UNA)
  await context.close()
  await page.goto("/api/auth/signin?callbackUrl=%2Fadmin")
  await submitSignInForm(page, "admin@example.com", "admin-password-123")
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible()
  const adminMasks = (p: Page) => [
    ...signedInMasks(p),
    p.getByTestId("admin-user-date"),
    p.getByTestId("admin-session-details"),
    p.getByTestId("admin-security-event-details"),
  ]
  await test.step("admin-users", () => checkPage(page, { name: "admin-users", path: "/admin?q=una.admin-visual", masks: adminMasks }))
  // On a phone the filters fold behind a button: opened here (the wider screen shows them anyway).
  await test.step("admin-users-filters-open", async () => {
    await page.goto("/admin?q=una.admin-visual")
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByText("Filters", { exact: true }).click()
    await expect(page.getByTestId("admin-filter-panel")).toBeVisible()
    await checkPage(page, { name: "admin-users-filters-open", masks: adminMasks })
  })
  await page.goto("/admin?q=una.admin-visual")
  await page.getByRole("link", { name: UNA.email }).click()
  await expect(page.getByTestId("admin-user-heading")).toHaveText(UNA.email)
  await test.step("admin-user", () => checkPage(page, { name: "admin-user", masks: adminMasks }))
  await test.step("admin-user-actions-menu", async () => {
    await page.getByRole("button", { name: "More actions" }).click()
    await expect(page.getByRole("menu")).toBeVisible()
    await checkPage(page, { name: "admin-user-actions-menu", masks: adminMasks })
    await page.keyboard.press("Escape")
  })
  await test.step("admin-user-delete-dialog", async () => {
    await page.getByRole("region", { name: "Danger zone" }).getByRole("button", { name: "Delete user" }).click()
    await expect(page.getByRole("dialog")).toBeVisible()
    await checkPage(page, { name: "admin-user-delete-dialog", masks: adminMasks })
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click()
  })
  // The impersonation bar, on every page while an admin looks through a user's eyes.
  await test.step("impersonation-bar", async () => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole("button", { name: "Impersonate" }).click()
    await page.getByRole("dialog").getByLabel("Reason").fill("visual check of the bar")
    await page.getByRole("dialog").getByRole("button", { name: "Impersonate" }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByTestId("impersonation-banner")).toBeVisible()
    // The start's toast would cover part of the page on some renderings and not others: it goes by itself.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 })
    await checkPage(page, { name: "impersonation-bar", masks: (p) => [...signedInMasks(p), p.getByTestId("impersonation-time-left")] })
    await page.getByTestId("impersonation-banner").getByRole("button", { name: "Stop impersonating" }).click()
    await expect(page.getByTestId("impersonation-banner")).toHaveCount(0)
  })
})

test("organizations: create, home, settings, activity and the list", async ({ page, databaseFile }) => {
  const OLGA = { email: "olga.organizer@example.com", name: "Olga Organizer", password: "visual check orchard 2026" }
  forgetEarlierAttempt(databaseFile, OLGA.email)
  await signUp(page, OLGA)
  await test.step("organization-new", () => checkPage(page, { name: "organization-new", path: "/orgs/new" }))
  await page.getByLabel("Organization name").fill("Visual Widgets")
  await page.getByRole("button", { name: "Create organization" }).click()
  await expect(page).toHaveURL(/\/o\/visual-widgets$/, { timeout: 30_000 })
  await test.step("organization-home", () => checkPage(page, { name: "organization-home", path: "/o/visual-widgets" }))
  await test.step("organization-settings", () => checkPage(page, { name: "organization-settings", path: "/o/visual-widgets/settings" }))
  await test.step("organization-activity", () => checkPage(page, { name: "organization-activity", path: "/o/visual-widgets/activity" }))
  await test.step("organizations", () => checkPage(page, { name: "organizations", path: "/orgs" }))
})

/** A second member and a pending invitation for the organization at /o/visual-states, straight in the server's database. */
function seedMembers(databaseFile: string): void {
  const db = new Database(path.resolve(databaseFile), { fileMustExist: true })
  try {
    db.pragma("busy_timeout = 5000")
    const org = db.prepare('SELECT id FROM "Organization" WHERE slug = ?').get("visual-states") as { id: string }
    db.prepare('INSERT INTO "User" (id, email, name) VALUES (?, ?, ?)').run("visual-member-mia", "mia.member@example.com", "Mia Member")
    db.prepare('INSERT INTO "Member" (id, "organizationId", "userId", roles) VALUES (?, ?, ?, ?)').run("visual-member-row", org.id, "visual-member-mia", "member")
    const owner = db.prepare('SELECT id FROM "User" WHERE email = ?').get("otto.orgstates@example.com") as { id: string }
    db.prepare('INSERT INTO "Invitation" (id, "organizationId", email, roles, "inviterId", "tokenHash", expires) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      "visual-invitation",
      org.id,
      "ivan.invited@example.com",
      "member",
      owner.id,
      "visual-invitation-token-hash",
      new Date(Date.now() + 7 * 86_400_000).toISOString().replace("Z", "+00:00"),
    )
  } finally {
    db.close()
  }
}

test("organization states: switcher open, members table and its row menu, invite dialog, teams, a team's page, invitation pages", async ({ page, browser, baseURL, databaseFile }) => {
  const OTTO = { email: "otto.orgstates@example.com", name: "Otto Orgstates", password: "visual check meadow 2026" }
  forgetEarlierAttempt(databaseFile, OTTO.email)
  forgetEarlierAttempt(databaseFile, "mia.member@example.com")
  await signUp(page, OTTO)
  await page.goto("/orgs/new")
  await page.getByLabel("Organization name").fill("Visual Widgets")
  await page.getByLabel("Slug", { exact: true }).fill("visual-states")
  await page.getByRole("button", { name: "Create organization" }).click()
  await expect(page).toHaveURL(/\/o\/visual-states$/, { timeout: 30_000 })
  seedMembers(databaseFile)
  const reopen = async (locator: () => Locator) => {
    // checkPage resizes and blurs: the open state is reopened for each rendering by the caller's step.
    await locator().click()
  }
  await test.step("organization-switcher-open", async () => {
    await page.goto("/o/visual-states")
    await reopen(() => page.getByTestId("organization-switcher"))
    await expect(page.getByTestId("organization-switcher-list")).toBeVisible()
    await checkPage(page, { name: "organization-switcher-open" })
  })
  await test.step("organization-members", () => checkPage(page, { name: "organization-members", path: "/o/visual-states/members" }))
  await test.step("organization-member-menu-open", async () => {
    await page.goto("/o/visual-states/members")
    await page.getByTestId("member").filter({ hasText: "mia.member@example.com" }).getByTestId("member-menu").locator("summary").first().click()
    await checkPage(page, { name: "organization-member-menu-open" })
  })
  await test.step("organization-invite-dialog", async () => {
    await page.goto("/o/visual-states/members")
    await page.getByTestId("invite-member-open").click()
    await expect(page.getByRole("dialog", { name: "Invite member" })).toBeVisible()
    await checkPage(page, { name: "organization-invite-dialog" })
  })
  await test.step("organization-teams", () => checkPage(page, { name: "organization-teams", path: "/o/visual-states/teams" }))
  await test.step("organization-team", async () => {
    // After the list's own rendering, so that one keeps its empty state; an owner sees the rename and delete controls.
    await page.goto("/o/visual-states/teams")
    await page.getByLabel("Team name").fill("Design")
    await page.getByRole("button", { name: "Create team" }).click()
    // The action ends on the team's page with a "created" toast. Leaving before it answers would
    // carry that toast into the next page load, into the first screenshot only.
    await expect(page).toHaveURL(/\/o\/visual-states\/teams\/[^/?]+$/, { timeout: 30_000 })
    await expect(page.getByText("Team Design created.")).toBeVisible()
    await page.goto("/o/visual-states/teams")
    await page.getByRole("link", { name: "Design" }).first().click()
    await expect(page.getByRole("heading", { name: "Design" }).first()).toBeVisible()
    await expect(page.getByText("Team Design created.")).toHaveCount(0)
    await checkPage(page, { name: "organization-team" })
  })
  await test.step("invitation-invalid", () => checkPage(page, { name: "invitation-invalid-signed-in", path: "/invite/not-a-real-token" }))
  const context = await browser.newContext({ baseURL })
  const signedOut = await context.newPage()
  await test.step("invitation-invalid-signed-out", () => checkPage(signedOut, { name: "invitation-invalid-signed-out", path: "/invite/not-a-real-token" }))
  await context.close()
})
