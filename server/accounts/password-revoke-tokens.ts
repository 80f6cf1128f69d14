/**
 * The single-use token behind "It wasn't me" in the wrong two-factor codes
 * notice: it removes the account's password. Stored hashed in the
 * VerificationToken table like the app's other account tokens, under
 * `password-revoke:<base64url(user id)>:<fingerprint of the password hash>`.
 *
 * The fingerprint binds the link to the password it was issued for: every
 * password the account ever gets has a hash of its own (a fresh salt), so
 * once the password changed — or was already removed — the link matches
 * nothing, and a months-old mail cannot remove the password the owner set
 * since. The prefix is the user's (token-kinds.ts), so a take-back voids it.
 */
import { createHash, randomBytes } from "node:crypto"
import type { DbClient } from "@/lib/db/client"
import { hashAccountToken } from "./account-tokens"
import { userIdentifierPrefix } from "./token-kinds"

const KIND = "password-revoke"

/** Long enough for an owner who reads the notice the next day; the link acts only on a POST. */
export const PASSWORD_REVOKE_LIFETIME_SECONDS = 24 * 60 * 60

export type TokenReader = Pick<DbClient, "verificationToken" | "user">

/** A stable, non-secret name for one password hash: 128 bits of its SHA-256. */
export function passwordFingerprint(passwordHash: string): string {
  return createHash("sha256").update(passwordHash).digest("base64url").slice(0, 22)
}

const identifierFor = (userId: string, passwordHash: string) => `${userIdentifierPrefix(KIND, userId)}${passwordFingerprint(passwordHash)}`

/**
 * A new link token for the user's current password; null when the account
 * has no password (nothing to revoke, so the mail offers no link).
 */
export async function issuePasswordRevokeToken(db: TokenReader, userId: string): Promise<string | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } })
  if (!user?.passwordHash) return null
  const token = randomBytes(32).toString("base64url")
  const expires = new Date(Date.now() + PASSWORD_REVOKE_LIFETIME_SECONDS * 1000)
  await db.verificationToken.create({ data: { identifier: identifierFor(userId, user.passwordHash), token: hashAccountToken(token), expires } })
  return token
}

/** What a link is worth now: the password it may remove, or why it cannot. */
export type RevokeLink =
  | { status: "valid"; userId: string; passwordHash: string; identifier: string; hashed: string }
  | { status: "expired" | "invalid" }

function usable(token: unknown): token is string {
  return typeof token === "string" && token.length > 0 && token.length <= 256
}

function userIdIn(identifier: string): string | null {
  const [kind, encoded] = identifier.split(":")
  if (kind !== KIND || !encoded) return null
  const userId = Buffer.from(encoded, "base64url").toString("utf8")
  return userId !== "" && identifier.startsWith(userIdentifierPrefix(KIND, userId)) ? userId : null
}

/**
 * Reads a link without using it up (for the confirmation page): "invalid"
 * when it was never issued, was used, or the password it names is no longer
 * the account's; "expired" past its lifetime.
 */
export async function readPasswordRevokeToken(db: TokenReader, token: unknown): Promise<RevokeLink> {
  if (!usable(token)) return { status: "invalid" }
  const hashed = hashAccountToken(token)
  const row = await db.verificationToken.findUnique({ where: { token: hashed } })
  const userId = row ? userIdIn(row.identifier) : null
  if (!row || !userId) return { status: "invalid" }
  const user = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } })
  if (!user?.passwordHash || identifierFor(userId, user.passwordHash) !== row.identifier) return { status: "invalid" }
  if (row.expires.getTime() <= Date.now()) return { status: "expired" }
  return { status: "valid", userId, passwordHash: user.passwordHash, identifier: row.identifier, hashed }
}

/** Uses a valid link up: one delete, so of two concurrent uses only one gets true. */
export async function consumePasswordRevokeToken(db: Pick<DbClient, "verificationToken">, link: { identifier: string; hashed: string }): Promise<boolean> {
  const { count } = await db.verificationToken.deleteMany({ where: { token: link.hashed, identifier: link.identifier } })
  return count === 1
}
