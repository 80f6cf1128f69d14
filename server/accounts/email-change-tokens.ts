/**
 * The two single-use tokens of a change of email address, stored hashed in
 * the VerificationToken table as the app's other account tokens are
 * (account-tokens.ts):
 *
 * - "email-change": mailed to the NEW address; following it makes the change.
 * - "email-change-cancel": mailed to the OLD address; following it voids the
 *   user's pending change.
 *
 * A token must stay bound to three facts: the user, the new address and the
 * address the user had when asking (so a link is void once the account's
 * address changed meanwhile). The identifier carries them as
 * `<purpose>:<base64url(user id)>:<base64url(JSON {new, old})>`: base64url
 * has no ":", so no address or id can forge another field, and the user's
 * pending tokens share the prefix `<purpose>:<base64url(user id)>:` (what a
 * new request, a cancel and a confirmation delete). Parsing is strict: any
 * identifier that does not decode to exactly these fields, with addresses
 * already in their normalised form, is no token at all.
 */
import { randomBytes } from "node:crypto"
import type { DbClient } from "@/lib/db/client"
import { hashAccountToken } from "./account-tokens"
import { normalizeEmail } from "./email"
import { type UserTokenKind, userIdentifierPrefix } from "./token-kinds"

/** The user-keyed kinds of token-kinds.ts that belong to a change of address. */
export type EmailChangePurpose = Extract<UserTokenKind, "email-change" | "email-change-cancel">

/** 24 hours for both: the cancel link is only useful while a change link can still be used. */
export const EMAIL_CHANGE_LIFETIME_SECONDS = 24 * 60 * 60

export interface EmailChangeBinding {
  userId: string
  newEmail: string
  oldEmail: string
}

/** A client or an interactive transaction's client: the one table these tokens live in. */
export type TokenWriter = Pick<DbClient, "verificationToken">

const b64 = (value: string) => Buffer.from(value, "utf8").toString("base64url")
const BASE64URL = /^[A-Za-z0-9_-]+$/

function fromB64(value: string): string | null {
  if (!BASE64URL.test(value)) return null
  const text = Buffer.from(value, "base64url").toString("utf8")
  // Round trip: a non-canonical encoding (or bytes that are not UTF-8) is not one we wrote.
  return b64(text) === value ? text : null
}

/** The prefix every token of `purpose` of one user shares. */
export function userPrefix(purpose: EmailChangePurpose, userId: string): string {
  return userIdentifierPrefix(purpose, userId)
}

export function encodeIdentifier(purpose: EmailChangePurpose, binding: EmailChangeBinding): string {
  return `${userPrefix(purpose, binding.userId)}${b64(JSON.stringify({ new: binding.newEmail, old: binding.oldEmail }))}`
}

const isNormalised = (value: unknown): value is string => typeof value === "string" && normalizeEmail(value) === value

/** The binding an identifier of `purpose` carries, or null for anything else. */
export function parseIdentifier(purpose: EmailChangePurpose, identifier: string): EmailChangeBinding | null {
  const parts = identifier.split(":")
  if (parts.length !== 3 || parts[0] !== purpose) return null
  const userId = fromB64(parts[1]!)
  const json = fromB64(parts[2]!)
  if (!userId || json === null) return null
  let fields: unknown
  try {
    fields = JSON.parse(json)
  } catch {
    return null
  }
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) return null
  const keys = Object.keys(fields).sort()
  if (keys.length !== 2 || keys[0] !== "new" || keys[1] !== "old") return null
  const { new: newEmail, old: oldEmail } = fields as Record<string, unknown>
  if (!isNormalised(newEmail) || !isNormalised(oldEmail)) return null
  return { userId, newEmail, oldEmail }
}

function usable(token: unknown): token is string {
  return typeof token === "string" && token.length > 0 && token.length <= 256
}

/** A new token bound to `binding`; the caller decides which earlier tokens go (see `deletePending`). */
export async function issueEmailChangeToken(db: TokenWriter, purpose: EmailChangePurpose, binding: EmailChangeBinding): Promise<string> {
  const token = randomBytes(32).toString("base64url")
  await db.verificationToken.create({
    data: {
      identifier: encodeIdentifier(purpose, binding),
      token: hashAccountToken(token),
      expires: new Date(Date.now() + EMAIL_CHANGE_LIFETIME_SECONDS * 1000),
    },
  })
  return token
}

/** Deletes every token of `purpose` of the user (a pending change, or its cancel links). */
export async function deletePending(db: TokenWriter, purpose: EmailChangePurpose, userId: string): Promise<number> {
  const deleted = await db.verificationToken.deleteMany({ where: { identifier: { startsWith: userPrefix(purpose, userId) } } })
  return deleted.count
}

/** The binding of a still-valid token, without using it up (for showing the page behind the link). */
export async function peekEmailChangeToken(db: TokenWriter, purpose: EmailChangePurpose, token: unknown): Promise<EmailChangeBinding | null> {
  if (!usable(token)) return null
  const row = await db.verificationToken.findUnique({ where: { token: hashAccountToken(token) } })
  if (!row || row.expires.getTime() <= Date.now()) return null
  return parseIdentifier(purpose, row.identifier)
}

/**
 * Uses the token up and returns its binding. One delete decides, so of two
 * concurrent uses only one gets the binding. An expired token is deleted too
 * (and answers null).
 */
export async function consumeEmailChangeToken(db: TokenWriter, purpose: EmailChangePurpose, token: unknown): Promise<EmailChangeBinding | null> {
  if (!usable(token)) return null
  const hashed = hashAccountToken(token)
  const row = await db.verificationToken.findUnique({ where: { token: hashed } })
  if (!row) return null
  const binding = parseIdentifier(purpose, row.identifier)
  if (!binding) return null
  const deleted = await db.verificationToken.deleteMany({ where: { token: hashed, identifier: row.identifier } })
  if (deleted.count !== 1 || row.expires.getTime() <= Date.now()) return null
  return binding
}
