/**
 * The Playwright `test` of this suite: the stock one plus the facts about the
 * server a project runs against (set per project in playwright.config.ts),
 * and the steps most tests share.
 */
import { randomUUID } from "node:crypto"
import path from "node:path"
import Database from "better-sqlite3"
import { expect, type Locator, type Page, test as base } from "@playwright/test"
import { linkIn } from "../helpers/smtp"
import { connectMailCapture, type MailCapture } from "./mail-capture"

export interface E2EOptions {
  /** AUTH_SESSION_STRATEGY of the server under test. */
  strategy: "database" | "jwt"
  /** Its SQLite file, relative to the project root. */
  databaseFile: string
  /** Its AUTH_URL. */
  authUrl: string
}

export interface E2EWorkerFixtures {
  /** The mail every app server sent to the run's one SMTP capture (mail-capture-server.ts), by recipient. */
  smtp: MailCapture
}

export const test = base.extend<E2EOptions, E2EWorkerFixtures>({
  strategy: ["database", { option: true }],
  databaseFile: ["", { option: true }],
  authUrl: ["", { option: true }],
  smtp: [
    async ({}, use) => {
      await use(await connectMailCapture(`http://127.0.0.1:${process.env.E2E_MAIL_PORT}`))
    },
    // Auto: connected when the worker starts, so a mail sent by a hook before a test first asks is seen.
    { scope: "worker", auto: true },
  ],
})

export { expect }

/** The account `npm run db:seed` creates (its defaults; the e2e servers do not override them). */
export const DEMO = { email: "demo@example.com", name: "Demo User", password: "demo-password-123" } as const

/** The message the built-in page shows for error=CredentialsSignin. */
export const CREDENTIALS_ERROR = "Sign in failed. Check the details you provided are correct."

export interface TestUser {
  email: string
  name: string
  password: string
}

/** A user nobody else uses: tests stay independent of each other and of their order. */
export function newUser(label = "user"): TestUser {
  const id = randomUUID().slice(0, 8)
  return { email: `${label}-${id}@e2e.example.com`, name: `${label} ${id}`, password: `pw-${randomUUID()}` }
}

/** Signs up through /signup; the app signs the new user in and lands on the dashboard. */
export async function signUp(page: Page, user: TestUser = newUser()): Promise<TestUser> {
  await page.goto("/signup")
  await page.getByLabel("Email").fill(user.email)
  await page.getByLabel("Display name").fill(user.name)
  await page.getByLabel("Password").fill(user.password)
  await page.getByRole("button", { name: "Create account" }).click()
  // Generous: the first sign-up on a fresh server also loads the password-strength
  // dictionaries, which takes seconds on a busy machine.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 })
  await expect(page.getByTestId("dashboard-user-email")).toHaveText(user.email)
  // Callers often clear cookies next; a response still in flight would set them again.
  await page.waitForLoadState("networkidle")
  return user
}

/** The built-in sign-in page's email + password form (it may also hold "Sign in with email" and the passkey button, sharing its Email field). */
/**
 * Waits until React has hydrated `element`: what a script adds (a filter applied as it changes)
 * is not there before, and a busy machine can take seconds to hydrate. React records an element's
 * props on the element itself when it hydrates it.
 */
export async function hydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$"))), {
      message: "the page's script hydrated this element",
    })
    .toBe(true)
}

export function passwordForm(page: Page): Locator {
  return page.locator("form").filter({ has: page.locator('input[type="password"]') })
}

/** The built-in sign-in page's magic-link form. */
export function emailLinkForm(page: Page): Locator {
  return page.locator("form").filter({ has: page.getByRole("button", { name: "Sign in with email", exact: true }) })
}

/** Fills and submits the built-in sign-in page the browser is on. */
export async function submitSignInForm(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible()
  const form = passwordForm(page)
  await form.getByLabel("Email").fill(email)
  await form.getByLabel("Password").fill(password)
  // Exact: the form also holds "Sign in with email" and "Sign in with a passkey" (one shared Email field).
  await form.getByRole("button", { name: "Sign in", exact: true }).click()
}

/**
 * Asks for a magic link on the built-in sign-in page (the address `typed` as given) and returns
 * the link from the mail that reaches `email`.
 */
export async function requestMagicLink(
  page: Page,
  smtp: Pick<MailCapture, "waitFor">,
  typed: string,
  baseURL: string,
  email = typed,
  callbackUrl = "/dashboard",
): Promise<string> {
  await page.goto(`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`)
  const form = emailLinkForm(page)
  await form.getByLabel("Email").fill(typed)
  await form.getByRole("button", { name: "Sign in with email", exact: true }).click()
  await expect(page).toHaveURL(/\/api\/auth\/verify-request\?provider=nodemailer&type=email$/)
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible()
  const mail = await smtp.waitFor(email)
  expect(mail.subject).toContain("link valid for 24 hours")
  return linkIn(mail, `${baseURL}/api/auth/callback/nodemailer?`)
}

/**
 * Asks for a password reset on the app's forgot-password page. The page answers the same
 * whether or not the address has an account, so this waits only for that answer.
 */
export async function requestPasswordReset(page: Page, email: string): Promise<void> {
  await page.goto("/forgot-password")
  await page.getByLabel("Email").fill(email)
  await page.getByRole("button", { name: "Send reset link" }).click()
  await expect(page.getByTestId("forgot-password-sent")).toContainText("If an account uses that address")
}

/** Logs in on the test IdP's own login form (tests/e2e/idp-server.ts) as `sub` (any password). */
export async function loginAtIdp(page: Page, sub: string): Promise<void> {
  // The IdP is a separate process on a busy machine.
  await expect(page).toHaveURL(/^https:\/\/127\.0\.0\.1:\d+\/interaction\//, { timeout: 30_000 })
  await page.locator("input[name=login]").fill(sub)
  await page.locator("input[name=password]").fill("any-password")
  await page.getByRole("button", { name: "Sign-in" }).click()
}

/** Opens the header's account menu, once its script can open it. */
export async function openAccountMenu(page: Page): Promise<void> {
  const trigger = page.locator("button[aria-label^='Account menu for']")
  await hydrated(trigger)
  await trigger.click()
}

/** Opens the header's user menu and presses "Sign out"; the app then shows the home page. */
export async function signOutFromMenu(page: Page): Promise<void> {
  await openAccountMenu(page)
  await page.getByTestId("sign-out").click()
  await expect(page.getByTestId("session-state")).toHaveText("Not signed in")
}

/** Number of Session rows of the user with this email, read from the server's SQLite file. */
export function sessionRowCount(databaseFile: string, email: string): number {
  const db = new Database(path.resolve(databaseFile), { readonly: true, fileMustExist: true })
  try {
    const row = db
      .prepare('SELECT COUNT(*) AS n FROM "Session" s JOIN "User" u ON u.id = s."userId" WHERE u.email = ?')
      .get(email) as { n: number }
    return row.n
  } finally {
    db.close()
  }
}

/** Where screenshots go, one file per page and strategy. */
export function screenshotPath(name: string, strategy: string): string {
  return `artifacts/screenshots/${name}-${strategy}.png`
}
