/**
 * Single-use tokens the app mails for its own account flows (password reset,
 * setting a first password, address verification). Stored in the VerificationToken table as a SHA-256
 * hash under `<purpose>:<email>`, so a database reader cannot use them and a
 * token of one purpose never passes for another (nor for a magic link, whose
 * identifier is a bare address).
 */
import { createHash, randomBytes } from "node:crypto"
import type { DbClient } from "@/lib/db/client"
import { type AddressTokenKind, addressIdentifier } from "./token-kinds"

/** The app's address-keyed kinds (token-kinds.ts lists every kind; a magic link is the library's). */
export type TokenPurpose = Exclude<AddressTokenKind, "magic-link">

export const TOKEN_LIFETIME_SECONDS: Record<TokenPurpose, number> = {
  "password-reset": 60 * 60,
  "set-password": 60 * 60,
  "verify-email": 24 * 60 * 60,
}

/** The stored form of a mailed token (also email-change-tokens.ts): its SHA-256, hex. */
export const hashAccountToken = (token: string) => createHash("sha256").update(token).digest("hex")
const hash = hashAccountToken
const identifierFor = (purpose: TokenPurpose, email: string) => addressIdentifier(purpose, email)

/** A new token for `email`; earlier unused tokens of the same purpose stop working. */
export async function issueAccountToken(db: DbClient, purpose: TokenPurpose, email: string): Promise<string> {
  const token = randomBytes(32).toString("base64url")
  const identifier = identifierFor(purpose, email)
  const expires = new Date(Date.now() + TOKEN_LIFETIME_SECONDS[purpose] * 1000)
  await db.$transaction([
    db.verificationToken.deleteMany({ where: { identifier } }),
    db.verificationToken.create({ data: { identifier, token: hash(token), expires } }),
  ])
  return token
}

/**
 * Issues a token and mails it with `send`; only once the mail has left do
 * earlier unused tokens of the purpose stop working. A failed send removes
 * the new token and leaves the earlier ones as they were, so an error makes
 * nothing usable and loses nothing: the user may still use an earlier link,
 * or ask again. "Earlier" is by expiry (all of a purpose share one
 * lifetime), so of two requests at once the later link is the one that works.
 */
export async function mailAccountToken(
  db: DbClient,
  purpose: TokenPurpose,
  email: string,
  send: (token: string) => Promise<void>,
): Promise<void> {
  const token = randomBytes(32).toString("base64url")
  const identifier = identifierFor(purpose, email)
  const expires = new Date(Date.now() + TOKEN_LIFETIME_SECONDS[purpose] * 1000)
  const hashed = hash(token)
  await db.verificationToken.create({ data: { identifier, token: hashed, expires } })
  try {
    await send(token)
  } catch (error) {
    // Best effort: a row left behind by a failing database holds a token nobody was ever given.
    await db.verificationToken.deleteMany({ where: { identifier, token: hashed } }).catch(() => null)
    throw error
  }
  try {
    await db.verificationToken.deleteMany({ where: { identifier, expires: { lt: expires } } })
  } catch (error) {
    // The mail is out; saying "not sent" would be false. Earlier links then live until they expire.
    console.error("[account tokens] earlier links could not be voided:", error instanceof Error ? error.message : error)
  }
}

function emailOf(purpose: TokenPurpose, row: { identifier: string; expires: Date } | null): string | null {
  const prefix = `${purpose}:`
  if (!row || !row.identifier.startsWith(prefix) || row.expires.getTime() <= Date.now()) return null
  return row.identifier.slice(prefix.length)
}

function usable(token: unknown): token is string {
  return typeof token === "string" && token.length > 0 && token.length <= 256
}

/** The address a still-valid token belongs to, without using it up (for showing a form). */
export async function peekAccountToken(db: DbClient, purpose: TokenPurpose, token: unknown): Promise<string | null> {
  if (!usable(token)) return null
  const row = await db.verificationToken.findUnique({ where: { token: hash(token) } })
  return emailOf(purpose, row)
}

/** Uses the token up (one delete, so two concurrent uses cannot both succeed) and returns its address. */
export async function consumeAccountToken(db: DbClient, purpose: TokenPurpose, token: unknown): Promise<string | null> {
  if (!usable(token)) return null
  const hashed = hash(token)
  const row = await db.verificationToken.findUnique({ where: { token: hashed } })
  if (!row || !row.identifier.startsWith(`${purpose}:`)) return null
  const deleted = await db.verificationToken.deleteMany({ where: { token: hashed, identifier: row.identifier } })
  return deleted.count === 1 ? emailOf(purpose, row) : null
}
