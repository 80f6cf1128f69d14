/**
 * The starter switched to @auth/drizzle-adapter: the `drizzle`
 * server of playwright.config.ts runs the same build with AUTH_ADAPTER=drizzle
 * on a SQLite file of its own (server/drizzle/adapter.ts). Every way in, as a
 * user sees it: password, email link, OIDC, passkey; linking a provider; the
 * session list and revoking another browser; sign-out; and each Settings
 * section either working or saying why it is off. The SQLite file is read
 * beside it to see the foreign adapter's own marks: the uuid ids its user
 * table makes (Prisma's are cuids), and the companion tables' rows.
 */
import { randomUUID } from "node:crypto"
import { readFileSync } from "node:fs"
import path from "node:path"
import Database from "better-sqlite3"
import type { BrowserContext, Page } from "@playwright/test"
import { expect, loginAtIdp, newUser, requestMagicLink, signOutFromMenu, signUp, submitSignInForm, test, type TestUser } from "./fixtures"
import { addVirtualAuthenticator, passkeyForm, withoutPasskeyAutofill } from "./virtual-authenticator"

test.describe.configure({ timeout: 180_000 })
const SLOW = { timeout: 30_000 }
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Reads the server's SQLite file (better-sqlite3, read-only) while it runs. */
function read<T>(databaseFile: string, statement: string, ...params: unknown[]): T[] {
  const db = new Database(path.resolve(databaseFile), { readonly: true, fileMustExist: true })
  try {
    return db.prepare(statement).all(...params) as T[]
  } finally {
    db.close()
  }
}

function userByEmail(databaseFile: string, email: string) {
  return read<{ id: string; emailVerified: string | null }>(databaseFile, `SELECT "id", "emailVerified" FROM "User" WHERE "email" = ?`, email)[0]
}

/** The user's sessions, each with whether the session-proof companion holds its row. */
function sessionsOf(databaseFile: string, userId: string) {
  return read<{ sessionToken: string; proved: number }>(
    databaseFile,
    `SELECT s."sessionToken", EXISTS (SELECT 1 FROM "auth_session_proof" p WHERE p."sessionToken" = s."sessionToken") AS proved
     FROM "Session" s WHERE s."userId" = ?`,
    userId,
  )
}

async function sessionCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === "authjs.session-token")?.value
}

async function signInWithPassword(page: Page, user: TestUser): Promise<void> {
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await submitSignInForm(page, user.email, user.password)
  await expect(page).toHaveURL(/\/dashboard$/, SLOW)
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
}

test("the server says once at start which features the adapter leaves off, and not the ones the starter supplies", () => {
  const log = readFileSync(path.resolve("test-results/e2e-servers/drizzle.log"), "utf8")
  const lines = log.split("\n").filter((line) => line.includes("[auth][warn][adapter-features-off]"))
  expect(lines).toHaveLength(1)
  for (const named of ["two-factor sign-in", "getTwoFactor", "security log", "createSecurityEvent", "sessions-valid-since", "roles and bans"]) {
    expect(lines[0]).toContain(named)
  }
  // The companions and the Drizzle-written session list fill these.
  expect(lines[0]).not.toContain("session list")
  expect(lines[0]).not.toContain("step-up")
})

test("password: sign up, sign out, sign in again; each session is the adapter's row with its companion proof", async ({ page, context, databaseFile }) => {
  const user = await signUp(page)
  const { id } = userByEmail(databaseFile, user.email)!
  const first = await sessionCookie(context)
  expect(sessionsOf(databaseFile, id)).toEqual([{ sessionToken: first, proved: 1 }])

  await signOutFromMenu(page)
  expect(sessionsOf(databaseFile, id)).toEqual([])
  expect(read(databaseFile, `SELECT 1 FROM "auth_session_proof" WHERE "sessionToken" = ?`, first)).toEqual([])

  await signInWithPassword(page, user)
  const second = await sessionCookie(context)
  expect(second).not.toBe(first)
  expect(sessionsOf(databaseFile, id)).toEqual([{ sessionToken: second, proved: 1 }])
})

test("email link: a new user made by the Drizzle user table, verified, signed in", async ({ page, smtp, baseURL, databaseFile }) => {
  const email = newUser("drizzle-link").email
  const link = await requestMagicLink(page, smtp, email, baseURL!)
  expect(read(databaseFile, `SELECT 1 FROM "VerificationToken" WHERE "identifier" = ?`, email)).toHaveLength(1)
  await page.goto(link)
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page).toHaveURL(/\/dashboard$/, SLOW)
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(email)
  const user = userByEmail(databaseFile, email)!
  expect(user.id).toMatch(UUID)
  expect(user.emailVerified).not.toBeNull()
  // Used once: the adapter's useVerificationToken took the row.
  expect(read(databaseFile, `SELECT 1 FROM "VerificationToken" WHERE "identifier" = ?`, email)).toEqual([])
  await page.goto("/settings")
  await expect(page.getByTestId("settings-email-state")).toHaveText("Verified")
})

test("OIDC: a new user through the test IdP, then the same user again", async ({ page, context, databaseFile }) => {
  const sub = `drizzle-${randomUUID().slice(0, 8)}`
  const email = `${sub}@idp.example.test`
  await page.goto("/")
  await page.getByTestId("provider-oidc").click()
  await loginAtIdp(page, sub)
  await expect(page).toHaveURL(/\/dashboard$/, SLOW)
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(email)
  const { id } = userByEmail(databaseFile, email)!
  expect(id).toMatch(UUID)
  expect(read(databaseFile, `SELECT "userId" FROM "Account" WHERE "provider" = 'oidc' AND "providerAccountId" = ?`, sub)).toEqual([{ userId: id }])

  await context.clearCookies()
  await page.goto("/")
  await page.getByTestId("provider-oidc").click()
  await loginAtIdp(page, sub)
  await expect(page).toHaveURL(/\/dashboard$/, SLOW)
  expect(read(databaseFile, `SELECT "id" FROM "User" WHERE "email" = ?`, email)).toEqual([{ id }])
})

test("linking: a password account links the IdP from Settings (the companion's sign-in time is the proof)", async ({ page, databaseFile }) => {
  const user = await signUp(page, newUser("drizzle-linker"))
  const { id } = userByEmail(databaseFile, user.email)!
  const sub = `drizzle-link-${randomUUID().slice(0, 8)}`
  await page.goto("/settings")
  await page.getByTestId("provider-oidc").click()
  await loginAtIdp(page, sub)
  await expect(page).toHaveURL(/\/settings$/, SLOW)
  await expect(page.getByTestId("linked-oidc")).toHaveText("Test IdP")
  expect(read(databaseFile, `SELECT "userId" FROM "Account" WHERE "provider" = 'oidc' AND "providerAccountId" = ?`, sub)).toEqual([{ userId: id }])
})

test("passkey: added in Settings, then the only thing used to sign in; challenges are the companion's", async ({ page, databaseFile }) => {
  await withoutPasskeyAutofill(page)
  await addVirtualAuthenticator(page)
  const challengesBefore = read<{ n: number }>(databaseFile, `SELECT COUNT(*) AS n FROM "auth_webauthn_challenge"`)[0]!.n
  const user = await signUp(page, newUser("drizzle-passkey"))
  const { id } = userByEmail(databaseFile, user.email)!
  await page.goto("/settings")
  await expect(page.getByTestId("passkeys-empty")).toBeVisible()
  await page.getByRole("button", { name: "Add a passkey" }).click()
  await expect(page.getByTestId("passkeys-message")).toHaveText("Passkey added.", SLOW)
  await expect(page.getByTestId("passkey")).toHaveCount(1)
  expect(read(databaseFile, `SELECT "userId" FROM "Authenticator" WHERE "userId" = ?`, id)).toHaveLength(1)

  await signOutFromMenu(page)
  await page.goto("/api/auth/signin?callbackUrl=/dashboard")
  await passkeyForm(page).getByRole("button", { name: "Sign in with a passkey" }).click()
  await expect(page).toHaveURL(/\/dashboard$/, SLOW)
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
  // One answered challenge for the registration, one for the sign-in.
  expect(read<{ n: number }>(databaseFile, `SELECT COUNT(*) AS n FROM "auth_webauthn_challenge"`)[0]!.n).toBeGreaterThanOrEqual(challengesBefore + 2)
})

test("sessions: two browsers listed, this one marked; revoking the other signs it out and removes its rows", async ({ page, browser, baseURL, databaseFile }) => {
  const user = await signUp(page, newUser("drizzle-sessions"))
  const { id } = userByEmail(databaseFile, user.email)!
  const otherContext = await browser.newContext({ baseURL, userAgent: FIREFOX_LINUX })
  const other = await otherContext.newPage()
  await signInWithPassword(other, user)
  const otherToken = await sessionCookie(otherContext)
  expect(sessionsOf(databaseFile, id)).toHaveLength(2)

  await page.goto("/settings")
  const sessions = page.getByTestId("session")
  await expect(sessions).toHaveCount(2)
  await expect(sessions.first().getByTestId("session-current")).toHaveText("This device")
  const firefox = sessions.filter({ hasText: "Firefox on Linux" })
  await firefox.getByRole("button", { name: "Sign out Firefox on Linux" }).click()
  await firefox.getByRole("button", { name: "Yes, sign it out" }).click()
  await expect(page.getByTestId("sessions-message")).toHaveText("Session revoked. That device is signed out.")
  await expect(sessions).toHaveCount(1)
  expect(sessionsOf(databaseFile, id).map((s) => s.sessionToken)).not.toContain(otherToken)
  expect(read(databaseFile, `SELECT 1 FROM "auth_session_proof" WHERE "sessionToken" = ?`, otherToken)).toEqual([])

  await other.goto("/dashboard")
  await expect(other).toHaveURL(/\/api\/auth\/signin\?/)
  await page.goto("/dashboard")
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
  await otherContext.close()
})

test("Settings under the foreign adapter: every section renders; two-factor and security activity say why they are off", async ({ page }) => {
  await signUp(page, newUser("drizzle-settings"))
  const response = await page.goto("/settings")
  expect(response?.status()).toBe(200)
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible()
  await expect(page.getByTestId("two-factor-off")).toContainText("not available on this site")
  await expect(page.getByRole("button", { name: /two-factor/i })).toHaveCount(0)
  await expect(page.getByRole("heading", { name: "Security activity" })).toBeVisible()
  await expect(page.getByTestId("security-activity-off")).toContainText("not recorded on this site")
  await expect(page.getByTestId("passkeys-empty")).toBeVisible()
  await expect(page.getByTestId("provider-oidc")).toBeVisible()
  await expect(page.getByTestId("session")).toHaveCount(1)
  await expect(page.getByTestId("sessions-unavailable")).toHaveCount(0)
  // The password the starter keeps in its own column (Prisma) changes as before.
  await expect(page.getByRole("button", { name: "Change password" })).toBeVisible()
  const dashboard = await page.goto("/dashboard")
  expect(dashboard?.status()).toBe(200)
})
