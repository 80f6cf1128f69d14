/**
 * Step-up in the e2e suites: a session whose proof of identity is older than
 * the servers' reauthenticateAfter, made without waiting ten minutes.
 */
import path from "node:path"
import Database from "better-sqlite3"
import type { BrowserContext } from "@playwright/test"
import { decode, encode } from "../../lib/auth/jwt"
import { expect } from "./fixtures"
import { E2E_AUTH_SECRET, SESSION_COOKIE } from "./two-factor-helper"

/**
 * Makes this browser's session look signed in an hour ago, so that its proof
 * of identity is older than the servers' reauthenticateAfter (600 s):
 * database strategy, the Session row's authenticatedAt; jwt, the cookie's
 * authenticatedAt claim, re-encrypted under the servers' secret.
 */
export async function makeProofStale(context: BrowserContext, strategy: "database" | "jwt", databaseFile: string): Promise<void> {
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)
  if (!cookie) throw new Error("no session cookie")
  const hourAgo = Date.now() - 60 * 60 * 1000
  if (strategy === "database") {
    const db = new Database(path.resolve(databaseFile), { fileMustExist: true })
    try {
      const at = new Date(hourAgo).toISOString().replace("Z", "+00:00")
      const changed = db.prepare('UPDATE "Session" SET "authenticatedAt" = ? WHERE "sessionToken" = ?').run(at, cookie.value)
      expect(changed.changes).toBe(1)
    } finally {
      db.close()
    }
    return
  }
  const token = await decode({ token: cookie.value, secret: E2E_AUTH_SECRET, salt: SESSION_COOKIE })
  if (!token || typeof token.exp !== "number") throw new Error("the session cookie did not decode")
  const stale = { ...token, authenticatedAt: Math.floor(hourAgo / 1000) }
  const value = await encode({ token: stale, secret: E2E_AUTH_SECRET, salt: SESSION_COOKIE, maxAge: token.exp - Math.floor(Date.now() / 1000) })
  await context.addCookies([{ ...cookie, value }])
}
