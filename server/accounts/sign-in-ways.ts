/**
 * How many ways a user has to sign in, for the guards that refuse to remove
 * the last one (unlinking a provider, deleting a passkey). A password is one
 * way, each non-passkey account (OAuth, OIDC, email) one, and each passkey one:
 * a passkey has both an Authenticator row and an Account row of type
 * "webauthn", and it must not count twice. Call it inside the transaction that
 * removes the way; it locks the user row first so two removals racing for a
 * user's last two ways cannot both pass.
 */
import type { DbClient } from "@/lib/db/client"

type Tx = Parameters<Parameters<DbClient["$transaction"]>[0]>[0]

/** The number of ways to sign in, or null when the user does not exist. */
export async function lockAndCountSignInWays(tx: Tx, userId: string): Promise<number | null> {
  // A no-op write to the user row: it locks the row (PostgreSQL) or the database (SQLite).
  const user = await tx.user
    .update({ where: { id: userId }, data: { id: userId }, select: { passwordHash: true } })
    .catch(() => null)
  if (!user) return null
  const [accounts, passkeys] = await Promise.all([
    tx.account.count({ where: { userId, NOT: { type: "webauthn" } } }),
    tx.authenticator.count({ where: { userId } }),
  ])
  return (user.passwordHash ? 1 : 0) + accounts + passkeys
}
