"use server"

import { redirect } from "next/navigation"
import { auth, authConfig, rateLimit, requireRecentAuthentication, securityLog, sessions } from "@/auth"
import { mailLinkOrigin, prepareAccountDeletion } from "@/lib/auth"
import { getPrisma } from "@/lib/db/client"
import { accountDeleted } from "@/server/accounts/account-deleted"
import { confirmsDeletion, deleteAccount } from "@/server/accounts/account-deletion"
import { formInput } from "@/server/form-input"
import { lastOwnerMessage } from "@/server/organizations/last-owner-message"
import { whileDatabaseAnswers } from "@/server/session-state"

export interface DeleteAccountState {
  ok?: boolean
  message?: string
  /** What was typed, given back after a refusal so the field keeps it (the user corrects, not retypes). */
  typed?: string
}

/** Where a deleted user lands: the home page, which says what happened (a "use server" file exports only actions). */
const ACCOUNT_DELETED_PATH = "/?account=deleted"

const SIGNED_OUT: DeleteAccountState = { ok: false, message: "Your session has ended. Sign in again." }

/**
 * Settings › Delete account. A recent proof of identity first (a stale
 * session goes to re-authenticate and back to Settings), then the typed
 * confirmation, then the organizations (refused while the user is the only
 * owner of one; otherwise their memberships end), then: the security log entry (written while the user still
 * exists, so it is theirs until the row goes and its userId turns null), the
 * records in one transaction, every session ended (jwt ones too: the user is
 * gone, so their tokens read as signed out everywhere), this browser's cookie
 * cleared, the notice mailed, and the user sent home.
 */
export async function deleteAccountAction(_previous: DeleteAccountState, input: FormData): Promise<DeleteAccountState> {
  const form = formInput(input)
  const outcome = await whileDatabaseAnswers(async (): Promise<DeleteAccountState | "deleted"> => {
    const userId = (await requireRecentAuthentication({ callbackUrl: "/settings" })).user?.id
    if (!userId) return SIGNED_OUT
    const db = getPrisma()
    const user = await db.user.findUnique({ where: { id: userId }, select: { email: true } })
    if (!user) return SIGNED_OUT
    if (!confirmsDeletion(form.get("confirmation"), user.email)) {
      const typed = form.get("confirmation")
      return {
        ok: false,
        typed: typeof typed === "string" ? typed.slice(0, 320) : undefined,
        message: user.email ? "That is not your email address. Type it exactly as shown to delete your account." : "Type DELETE to delete your account.",
      }
    }
    // An organization always keeps an owner: its only owner transfers or deletes it first; other memberships end here.
    const departure = await prepareAccountDeletion(authConfig, userId)
    if (departure.status === "last-owner") return { ok: false, message: lastOwnerMessage(departure.organizations) }
    await securityLog.record({ userId, type: "account-deletion-requested" })
    const deleted = await deleteAccount(db, userId)
    if (!deleted) return SIGNED_OUT
    // Database sessions are already gone with the rows; this ends the jwt ones in this process at once
    // (the revocation remembers that the user no longer exists) and in the others on their next read.
    await sessions.revokeAll(userId)
    // Reading the session now finds nobody, and the library answers with this browser's cookie cleared.
    await auth()
    accountDeleted({ userId, email: deleted.email, origin: mailLinkOrigin(process.env), rateLimit })
    return "deleted"
  })
  // Outside the try of whileDatabaseAnswers: redirect() works by throwing.
  if (outcome === "deleted") redirect(ACCOUNT_DELETED_PATH)
  return outcome
}
