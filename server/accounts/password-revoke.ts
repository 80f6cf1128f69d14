/**
 * "It wasn't me" from the wrong two-factor codes notice: someone typed the
 * account's password and then wrong codes, so the password is known to them.
 * The link removes that password (the account keeps its address, passkeys,
 * linked accounts and two-factor; the owner signs in by email link, passkey
 * or provider, or sets a new password through Forgot password) and deletes
 * every database session. The caller then ends every session through the
 * library (which also voids pending sign-ins that began before) and writes
 * the security log entry.
 */
import type { DbClient } from "@/lib/db/client"
import { consumePasswordRevokeToken, readPasswordRevokeToken } from "./password-revoke-tokens"

export type PasswordRevokeResult = { outcome: "revoked"; userId: string } | { outcome: "expired" | "invalid" }

export async function revokePasswordFromLink(db: DbClient, token: unknown): Promise<PasswordRevokeResult> {
  const link = await readPasswordRevokeToken(db, token)
  if (link.status !== "valid") return { outcome: link.status }
  const revoked = await db.$transaction(async (tx) => {
    if (!(await consumePasswordRevokeToken(tx, link))) return false
    // Only the very password the link was issued for: a change racing this click wins.
    const { count } = await tx.user.updateMany({ where: { id: link.userId, passwordHash: link.passwordHash }, data: { passwordHash: null } })
    if (count !== 1) return false
    await tx.session.deleteMany({ where: { userId: link.userId } })
    return true
  })
  return revoked ? { outcome: "revoked", userId: link.userId } : { outcome: "invalid" }
}
