/**
 * The frame of every admin server action. The action is an
 * endpoint anyone can POST to with its id, so it trusts nothing the page
 * checked: it reads the session itself, refuses an impersonation session
 * and a user whose roles do not grant the permission, asks for a recent
 * proof of identity (a stale one goes to "Confirm it's you" and back, as
 * Settings' sensitive actions do), and only then runs the library's admin
 * operation, which checks all of it again against the database. Whatever
 * goes wrong is a typed message in the form, never a 500.
 */
import { unstable_rethrow } from "next/navigation"
import { auth, hasPermission, requireRecentAuthentication } from "@/auth"
import { ImpersonationRefused, OrganizationError, PermissionDenied, type PermissionRequest } from "@/lib/auth"
import { isDatabaseOutage } from "@/lib/auth/adapters/prisma"
import { formInput } from "@/server/form-input"
import { whileDatabaseAnswers } from "@/server/session-state"
import { isUserId } from "./user-id"

export interface AdminActionState {
  ok?: boolean
  message?: string
}

export const ADMIN_REFUSALS = {
  signedOut: "Your session has ended. Sign in again.",
  forbidden: "You do not have permission to do that.",
  impersonating: "Not while you are impersonating someone: stop impersonating first.",
  staleProof: "Confirm it's you again, then repeat the action.",
  noSuchUser: "That user does not exist (any more).",
  failed: "That did not work. Nothing was changed; try again.",
} as const

function refused(message: string): AdminActionState {
  return { ok: false, message }
}

/** What a refusal from the library means to the admin; anything unexpected is logged and answered plainly. */
function refusalOf(error: unknown): AdminActionState {
  if (error instanceof PermissionDenied) {
    if (error.reason === "impersonating") return refused(ADMIN_REFUSALS.impersonating)
    if (error.reason === "stale_proof") return refused(ADMIN_REFUSALS.staleProof)
    if (error.reason === "signed_out") return refused(ADMIN_REFUSALS.signedOut)
    // "An admin cannot ban themself" and the like: the library's own sentence.
    return refused(error.message.startsWith("Permission denied") ? ADMIN_REFUSALS.forbidden : `${error.message}.`)
  }
  if (error instanceof ImpersonationRefused) return refused(`${error.message}.`)
  // Deleting an organization's only owner: the sentence names the organizations to transfer or delete first.
  if (error instanceof OrganizationError && error.code === "last_owner") return refused(`${error.message}.`)
  console.error("[admin] an admin action failed:", error instanceof Error ? error.message : error)
  return refused(ADMIN_REFUSALS.failed)
}

export interface AdminActionContext {
  /** The user the action is about (the form's userId, shape-checked). */
  target: string
  form: FormData
}

/**
 * Runs `run` for the form's target user once the caller may: signed in, not
 * impersonating, holding `permission`, with a recent proof.
 */
export async function runAdminAction(
  input: unknown,
  permission: PermissionRequest,
  run: (context: AdminActionContext) => Promise<AdminActionState>,
): Promise<AdminActionState> {
  const form = formInput(input)
  const target = form.get("userId")
  if (!isUserId(target)) return refused(ADMIN_REFUSALS.noSuchUser)
  return whileDatabaseAnswers(async () => {
    const session = await auth()
    if (!session?.user?.id) return refused(ADMIN_REFUSALS.signedOut)
    if (typeof session.impersonatedBy === "string") return refused(ADMIN_REFUSALS.impersonating)
    // The session's roles answer a plain user at once; the operation re-reads the stored ones.
    if (!hasPermission(session, permission)) return refused(ADMIN_REFUSALS.forbidden)
    await requireRecentAuthentication({ callbackUrl: `/admin/users/${target}` })
    try {
      return await run({ target, form })
    } catch (error) {
      // Next's redirect and notFound signals, and an outage (whileDatabaseAnswers' message), pass through.
      unstable_rethrow(error)
      if (isDatabaseOutage(error)) throw error
      return refusalOf(error)
    }
  })
}
