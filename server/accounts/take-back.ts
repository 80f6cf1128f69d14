/**
 * Taking an account back for the owner of its address (docs/decisions/account-model-and-passwords.md,
 * "Account model"). An address is unverified until its mailbox is proven,
 * and an unverified address reserves nothing: whoever set the account up may
 * have typed someone else's address. So when the mailbox's owner proves it
 * from a browser that is not signed in to the account (a magic link, a reset
 * link, "this wasn't me" on a verification link), every credential added
 * before that proof goes — the password, passkeys, linked accounts, two-factor
 * (whoever set the account up may hold its authenticator) — and
 * every session ends: database rows deleted here, and once the transaction
 * has committed, the caller ends every session through the library
 * (`sessions.revokeAll`, or the library itself after `removeCredentials`),
 * which sets "sessions valid since" and tells this process at once. The user
 * row stays (the owner keeps the account), so jwt cookies naming its id meet
 * that instant.
 */
import type { DbClient } from "@/lib/db/client"
import { voidAccountTokens } from "./token-kinds"

/** A client or an interactive transaction's client: the tables a take-back writes. */
export type TakeBackWriter = Pick<
  DbClient,
  "account" | "authenticator" | "session" | "user" | "twoFactor" | "recoveryCode" | "verificationToken"
>

/**
 * Strips `userId`, inside the caller's transaction. `keepPassword`: the caller
 * sets the password hash in the same transaction (a reset, a set-password link).
 */
export async function takeBack(tx: TakeBackWriter, userId: string, options: { keepPassword?: boolean } = {}): Promise<void> {
  await tx.account.deleteMany({ where: { userId } })
  await tx.authenticator.deleteMany({ where: { userId } })
  // What the adapter's disableTwoFactor deletes, inside this transaction: an authenticator the
  // account's creator enrolled would otherwise lock the owner out of the account just taken back.
  await tx.twoFactor.deleteMany({ where: { userId } })
  await tx.recoveryCode.deleteMany({ where: { userId } })
  await tx.session.deleteMany({ where: { userId } })
  await voidAccountTokens(tx, { id: userId })
  await tx.user.updateMany({
    where: { id: userId },
    data: options.keepPassword ? {} : { passwordHash: null },
  })
}

/** Strips the account in one transaction: the adapter's removeCredentials for the library's magic link. */
export async function removeCredentials(db: DbClient, userId: string): Promise<void> {
  await db.$transaction((tx) => takeBack(tx, userId))
}
