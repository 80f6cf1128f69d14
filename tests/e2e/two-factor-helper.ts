/**
 * Turns two-factor on for an e2e user through the library's core API, against
 * the server's own SQLite file and AUTH_SECRET (as Settings would), and
 * computes codes from the otpauth URI like an authenticator app.
 */
import path from "node:path"
import Database from "better-sqlite3"
import { Secret, TOTP, URI } from "otpauth"
import { beginTwoFactorSetup, confirmTwoFactorSetup } from "../../lib/auth"
import { PrismaAdapter } from "../../lib/auth/adapters/prisma"
import { createPrismaClient } from "../../lib/db/client"

/** playwright.config.ts gives every app server this secret. */
const E2E_AUTH_SECRET = "e2e-test-secret-not-for-production-0123456789"

/** The code an authenticator app shows for `uri`, `stepOffset` steps of 30 s from now. */
export function codeFromUri(uri: string, stepOffset = 0): string {
  const totp = URI.parse(uri) as TOTP
  return totp.generate({ timestamp: Date.now() + stepOffset * 30_000 })
}

function userIdOf(databaseFile: string, email: string): string {
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
