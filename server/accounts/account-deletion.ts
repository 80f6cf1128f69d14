/**
 * Deleting an account (Settings › Delete account): every record of the user
 * in one transaction, on SQLite and PostgreSQL alike. An app module rather
 * than an adapter method: which tokens belong to a user is the app's
 * knowledge (token-kinds.ts lists every kind), as it is for the take-back
 * (take-back.ts). The library's
 * part is ending the sessions: the caller revokes them after this returns, and
 * a jwt naming a user that no longer exists reads as signed out in every
 * process (lib/auth/session/revocation.ts).
 *
 * The security log is not deleted: its rows lose their link to the user
 * (SecurityEvent.userId is SET NULL) and age out with the retention.
 */
import type { DbClient } from "@/lib/db/client"
import { normalizeEmail } from "./email"
import { voidAccountTokens } from "./token-kinds"

/** What a user without an email address types to confirm. */
export const DELETE_CONFIRMATION_WORD = "DELETE"

/**
 * Whether `typed` confirms deleting an account whose address is `email`:
 * the same address in its normalised form, letter case aside (people type
 * "Ada@Example.com" for "ada@example.com"); "DELETE" for an account without
 * an address.
 */
export function confirmsDeletion(typed: unknown, email: string | null): boolean {
  if (typeof typed !== "string") return false
  if (!email) return typed.trim() === DELETE_CONFIRMATION_WORD
  const mine = normalizeEmail(email)
  const theirs = normalizeEmail(typed)
  return mine !== null && theirs !== null && mine.toLowerCase() === theirs.toLowerCase()
}

/** A client or an interactive transaction's client: every table a deletion writes. */
export type AccountDeletionWriter = Pick<
  DbClient,
  "user" | "account" | "session" | "authenticator" | "twoFactor" | "recoveryCode" | "verificationToken"
>

/**
 * Deletes the user's records inside the caller's transaction; the address
 * the account had (null: none), or undefined when there was no such user.
 * Each table is named although the schema cascades from User, so nothing is
 * left behind on a database whose foreign keys differ (a schema shared with
 * Auth.js, an older migration) and the order is the same on both databases.
 */
export async function deleteAccountRecords(tx: AccountDeletionWriter, userId: string): Promise<{ email: string | null } | undefined> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true } })
  if (!user) return undefined
  await voidAccountTokens(tx, { id: userId, email: user.email })
  await tx.account.deleteMany({ where: { userId } })
  await tx.session.deleteMany({ where: { userId } })
  await tx.authenticator.deleteMany({ where: { userId } })
  await tx.twoFactor.deleteMany({ where: { userId } })
  await tx.recoveryCode.deleteMany({ where: { userId } })
  // deleteMany: a concurrent deletion of the same user is no error, and only the one that removed the row reports it.
  const { count } = await tx.user.deleteMany({ where: { id: userId } })
  return count === 1 ? { email: user.email } : undefined
}

/** Deletes the account in one transaction: all of it, or (on any failure) nothing. */
export function deleteAccount(db: DbClient, userId: string): Promise<{ email: string | null } | undefined> {
  return db.$transaction((tx) => deleteAccountRecords(tx, userId))
}
