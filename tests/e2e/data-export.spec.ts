/**
 * Settings › Download my data in a real browser, both session strategies:
 * the file arrives as a download named my-data-<date>.json, holds the user's
 * own records, and none of the secrets the test knows: the password, the
 * TOTP secret, the recovery codes, the session cookie's value, the linked
 * provider's tokens; nor another user's address. Signed out, the export
 * answers nothing. A session whose proof of identity is stale is sent to
 * "Confirm it's you" first (no file), and the download starts on its return
 * to Settings; the confirmation is in Security activity.
 */
import { randomUUID } from "node:crypto"
import { readFile } from "node:fs/promises"
import path from "node:path"
import Database from "better-sqlite3"
import { expect, loginAtIdp, newUser, signUp, test } from "./fixtures"
import { makeProofStale } from "./stale-proof"
import { enrolTwoFactor, SESSION_COOKIE, userIdOf } from "./two-factor-helper"

test.describe.configure({ timeout: 120_000 })
const SLOW = { timeout: 30_000 }

function providerTokens(databaseFile: string, userId: string): string[] {
  const db = new Database(path.resolve(databaseFile), { readonly: true, fileMustExist: true })
  try {
    const rows = db.prepare('SELECT access_token, refresh_token, id_token FROM "Account" WHERE "userId" = ?').all(userId) as Record<string, string | null>[]
    return rows.flatMap((row) => Object.values(row)).filter((value): value is string => typeof value === "string" && value.length > 0)
  } finally {
    db.close()
  }
}

test("the download holds the user's own records and none of their secrets, nor another user's", async ({ page, browser, strategy, databaseFile }) => {
  // Another user, in a browser of their own.
  const stranger = newUser("stranger")
  const strangerContext = await browser.newContext()
  await signUp(await strangerContext.newPage(), stranger)
  await strangerContext.close()

  const user = await signUp(page, newUser("export"))
  const userId = userIdOf(databaseFile, user.email)
  // A linked provider (its tokens stored by the app) and two-factor with its secret and recovery codes.
  await page.goto("/settings")
  await page.getByTestId("provider-oidc").click()
  await loginAtIdp(page, `export-${randomUUID().slice(0, 8)}`)
  await expect(page).toHaveURL(/\/settings$/, SLOW)
  const tokens = providerTokens(databaseFile, userId)
  expect(tokens.length).toBeGreaterThan(0)
  const { uri, recoveryCodes } = await enrolTwoFactor(databaseFile, user.email)
  const totpSecret = new URL(uri).searchParams.get("secret")
  expect(totpSecret).toBeTruthy()
  const sessionCookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)?.value
  expect(sessionCookie).toBeTruthy()

  await page.goto("/settings")
  await expect(page.getByRole("heading", { name: "Download my data" })).toBeVisible()
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()])
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/)
  const text = await readFile(await download.path(), "utf8")
  const data = JSON.parse(text)

  expect(data.profile).toMatchObject({ id: userId, email: user.email, name: user.name, hasPassword: true })
  expect(data.linkedAccounts).toEqual([expect.objectContaining({ provider: "oidc" })])
  expect(data.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: recoveryCodes.length })
  if (strategy === "database") expect(data.sessions).toContainEqual(expect.objectContaining({ current: true, os: expect.any(String) }))
  else expect(data.sessions).toBeNull()
  expect(Array.isArray(data.securityActivity)).toBe(true)

  const secrets: Record<string, string> = {
    password: user.password,
    totpSecret: totpSecret!,
    sessionCookie: sessionCookie!,
    ...Object.fromEntries(recoveryCodes.map((code, i) => [`recoveryCode${i}`, code])),
    ...Object.fromEntries(tokens.map((token, i) => [`providerToken${i}`, token])),
  }
  for (const [name, value] of Object.entries(secrets)) expect(text.includes(value), `${name} is in the file`).toBe(false)
  // Recovery codes also without their dash, as a user might type them.
  for (const code of recoveryCodes) expect(text.includes(code.replace(/-/g, ""))).toBe(false)
  expect(text.includes(stranger.email)).toBe(false)
  expect(text.includes(stranger.name)).toBe(false)
})

test("signed out, the export gives nothing: a browser goes to sign-in, a bare request gets no data", async ({ page, playwright, baseURL }) => {
  const response = await page.goto("/settings/export")
  expect(response?.ok()).toBe(true)
  await expect(page).toHaveURL(/\/api\/auth\/signin\?callbackUrl=/)
  const bare = await playwright.request.newContext({ baseURL })
  const answer = await bare.get("/settings/export", { maxRedirects: 0 })
  expect([302, 303, 307, 401]).toContain(answer.status())
  expect(answer.headers()["content-disposition"]).toBeUndefined()
  await bare.dispose()
})

test("a stale session confirms who it is before the download, and the download starts on its return", async ({ page, strategy, databaseFile }) => {
  const user = await signUp(page, newUser("stale-export"))
  await page.goto("/settings")
  await makeProofStale(page.context(), strategy, databaseFile)

  // As a script holding the stale cookie would ask: no file, only the way to re-authenticate.
  const direct = await page.request.get("/settings/export", { maxRedirects: 0 })
  expect(direct.status()).toBe(307)
  expect(direct.headers()["content-disposition"]).toBeUndefined()
  expect(direct.headers()["location"]).toMatch(/\/api\/auth\/reauthenticate\?callbackUrl=%2Fsettings%3Fexport%3Dready$/)

  let downloads = 0
  page.on("download", () => void downloads++)
  await page.getByRole("link", { name: "Download my data" }).click()
  await expect(page).toHaveURL(/\/api\/auth\/reauthenticate\?callbackUrl=/, SLOW)
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible()
  expect(downloads).toBe(0)

  await page.getByLabel("Password").fill(user.password)
  const [download] = await Promise.all([
    page.waitForEvent("download", SLOW),
    page.getByRole("button", { name: "Confirm with password" }).click(),
  ])
  await expect(page).toHaveURL(/\/settings$/, SLOW)
  await expect(page.getByTestId("data-export-started")).toHaveText("Identity confirmed. Your download has started.")
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/)
  const data = JSON.parse(await readFile(await download.path(), "utf8"))
  expect(data.profile).toMatchObject({ email: user.email })
  expect(data.securityActivity).toContainEqual(expect.objectContaining({ type: "reauthenticated", outcome: "success", method: "password" }))
  await expect(page.getByTestId("security-activity").getByText("Identity confirmed with a password")).toBeVisible()

  // Recent now: the link downloads at once, without a detour.
  const [again] = await Promise.all([page.waitForEvent("download", SLOW), page.getByRole("link", { name: "Download my data" }).click()])
  expect(again.suggestedFilename()).toMatch(/^my-data-/)
  await expect(page).toHaveURL(/\/settings$/)
})
