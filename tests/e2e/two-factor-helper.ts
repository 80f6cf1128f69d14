/**
 * Turns two-factor on for an e2e user through the library's core API, against
 * the server's own SQLite file and AUTH_SECRET (as Settings would), and
 * computes codes from the otpauth URI like an authenticator app; the steps of
 * the built-in two-factor page the specs share.
 */
import path from "node:path"
import Database from "better-sqlite3"
import { Secret, TOTP, URI } from "otpauth"
import type { BrowserContext, Page } from "@playwright/test"
import { beginTwoFactorSetup, confirmTwoFactorSetup } from "../../lib/auth"
import { PrismaAdapter } from "../../lib/auth/adapters/prisma"
import { createPrismaClient } from "../../lib/db/client"
import { expect } from "./fixtures"

/** playwright.config.ts gives every app server this secret. */
export const E2E_AUTH_SECRET = "e2e-test-secret-not-for-production-0123456789"

/** The code an authenticator app shows for `uri`, `stepOffset` steps of 30 s from now. */
export function codeFromUri(uri: string, stepOffset = 0): string {
  const totp = URI.parse(uri) as TOTP
  return totp.generate({ timestamp: Date.now() + stepOffset * 30_000 })
}

export const SESSION_COOKIE = "authjs.session-token"
/** The pending sign-in: a first factor passed, the second not yet. */
export const PENDING_COOKIE = "authjs.two-factor"

export function userIdOf(databaseFile: string, email: string): string {
  const db = new Database(path.resolve(databaseFile), { readonly: true, fileMustExist: true })
  try {
    const row = db.prepare('SELECT id FROM "User" WHERE email = ?').get(email) as { id: string } | undefined
    if (!row) throw new Error(`No user ${email}`)
    return row.id
  } finally {
    db.close()
  }
}

/** Enrols the user; resolves to the otpauth URI and the recovery codes. */
export async function enrolTwoFactor(databaseFile: string, email: string): Promise<{ uri: string; recoveryCodes: string[] }> {
  const prisma = createPrismaClient(`file:${path.resolve(databaseFile)}`)
  try {
    const config = { secret: E2E_AUTH_SECRET, trustHost: true, providers: [], adapter: PrismaAdapter(prisma) }
    const id = userIdOf(databaseFile, email)
    const setup = await beginTwoFactorSetup(config, { id, email })
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret) })
    const { recoveryCodes } = await confirmTwoFactorSetup(config, id, setup.sealedSecret, totp.generate())
    return { uri: setup.uri, recoveryCodes }
  } finally {
    await prisma.$disconnect()
  }
}

/** The browser is on the built-in two-factor page, holding the pending cookie and no session. */
export async function expectTwoFactorPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/api\/auth\/two-factor\?/, { timeout: 20_000 })
  await expect(page.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible()
  await expect(page.getByLabel("Authentication code")).toBeVisible()
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === PENDING_COOKIE), "pending cookie").toBeDefined()
  expect(cookies.find((c) => c.name === SESSION_COOKIE), "no session cookie").toBeUndefined()
}

/** Types a TOTP or recovery code into the two-factor page and submits it. */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel("Authentication code").fill(code)
  await page.getByRole("button", { name: "Confirm with code" }).click()
}

/** The page's answer to a code that did not work: the same page, the error in the URL and said on the page. */
export async function expectCodeRefused(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/api\/auth\/two-factor\?(?:.*&)?error=InvalidTwoFactorCode/)
  await expect(page.getByRole("alert")).toContainText("That code did not work")
  await expectSignedOut(page.context())
}

/** No session cookie, and the session endpoint sees nobody. */
export async function expectSignedOut(context: BrowserContext): Promise<void> {
  expect((await context.cookies()).find((c) => c.name === SESSION_COOKIE), "no session cookie").toBeUndefined()
  expect(await (await context.request.get("/api/auth/session")).json()).toBeNull()
}

/** Whether the user has two-factor on, read from the server's SQLite file. */
export function hasTwoFactor(databaseFile: string, email: string): boolean {
  const db = new Database(path.resolve(databaseFile), { readonly: true, fileMustExist: true })
  try {
    return db.prepare('SELECT 1 FROM "TwoFactor" t JOIN "User" u ON u.id = t."userId" WHERE u.email = ?').get(email) !== undefined
  } finally {
    db.close()
  }
}
