"use server"

/**
 * The admin's actions on one user. Each runs in runAdminAction
 * (server/admin/admin-action.ts): its own permission check, a recent proof,
 * no impersonation session; then the library's admin operation, which
 * checks again against the database and logs the admin as the actor. Each
 * answers a sentence saying what it did.
 */
import { revalidatePath } from "next/cache"
import { redirect } from "next/navigation"
import { admin, impersonation } from "@/auth"
import { defaultAccessControl } from "@/lib/auth"
import { ADMIN_REFUSALS, type AdminActionState, runAdminAction } from "@/server/admin/admin-action"
import { banEnd, BAN_DURATIONS } from "@/server/admin/ban-duration"
import { sendPasswordResetForAdmin } from "@/server/admin/password-reset-option"
import { flash } from "@/server/flash"

const ops = () => admin({ sendPasswordReset: sendPasswordResetForAdmin })

const page = (userId: string) => `/admin/users/${userId}`

function done(userId: string, message: string): AdminActionState {
  revalidatePath(page(userId))
  return { ok: true, message }
}

function reasonOf(form: FormData): string | null {
  const value = form.get("reason")
  const reason = typeof value === "string" ? value.trim() : ""
  return reason.length >= 1 && reason.length <= 500 ? reason : null
}

export async function changeRolesAction(_previous: AdminActionState, input: FormData): Promise<AdminActionState> {
  return runAdminAction(input, { user: ["set-role"] }, async ({ target, form }) => {
    const asked = form.getAll("roles").filter((r): r is string => typeof r === "string")
    const roles = [...new Set(asked)]
    if (roles.some((role) => !defaultAccessControl.isRole(role)) || roles.length > 16) return { ok: false, message: "Choose roles from the list." }
    const result = await ops().setRoles(target, roles)
    if (result === "no-such-user") return { ok: false, message: ADMIN_REFUSALS.noSuchUser }
    const kept = roles.filter((role) => role !== "user")
    return done(target, `Roles saved: ${kept.length === 0 ? "user only" : kept.join(", ")}. The user's sessions were ended, so the change applies at their next sign-in.`)
  })
}

export async function banUserAction(_previous: AdminActionState, input: FormData): Promise<AdminActionState> {
  return runAdminAction(input, { user: ["ban"] }, async ({ target, form }) => {
    const reason = reasonOf(form)
    if (!reason) return { ok: false, message: "Give a reason (1 to 500 characters). The user never sees it." }
    const duration = form.get("duration")
    const until = banEnd(duration, new Date())
    if (until === undefined) return { ok: false, message: `Choose a duration: ${BAN_DURATIONS.map((d) => d.label).join(", ")}.` }
    const result = await ops().ban(target, { reason, until })
    if (result === "no-such-user") return { ok: false, message: ADMIN_REFUSALS.noSuchUser }
    return done(target, until ? `User suspended until ${until.toISOString().slice(0, 16).replace("T", " ")} UTC. Every session was ended.` : "User suspended permanently. Every session was ended.")
  })
}

export async function unbanUserAction(_previous: AdminActionState, input: FormData): Promise<AdminActionState> {
  return runAdminAction(input, { user: ["ban"] }, async ({ target }) => {
    const result = await ops().unban(target)
    if (result === "no-such-user") return { ok: false, message: ADMIN_REFUSALS.noSuchUser }
    return done(target, "Suspension lifted. The user can sign in again.")
  })
}

export async function revokeUserSessionAction(_previous: AdminActionState, input: FormData): Promise<AdminActionState> {
  return runAdminAction(input, { session: ["revoke"] }, async ({ target, form }) => {
    const sessionId = form.get("sessionId")
    if (typeof sessionId !== "string" || sessionId.length === 0 || sessionId.length > 200) return { ok: false, message: "That session has already ended." }
    const result = await ops().revokeUserSession(target, sessionId)
    if (result === "jwt") return { ok: false, message: "With the jwt session strategy one session cannot be ended alone: use Revoke all sessions." }
    if (result === "not-found") return { ok: false, message: "That session has already ended." }
    return done(target, "Session revoked. That device is signed out.")
  })
}

export async function revokeAllUserSessionsAction(_previous: AdminActionState, input: FormData): Promise<AdminActionState> {
  return runAdminAction(input, { session: ["revoke"] }, async ({ target }) => {
    const result = await ops().revokeAllUserSessions(target)
    if (result === "no-such-user") return { ok: false, message: ADMIN_REFUSALS.noSuchUser }
    return done(target, "Every session of this user was ended. They must sign in again.")
  })
}

export async function sendPasswordResetAction(_previous: AdminActionState, input: FormData): Promise<AdminActionState> {
  return runAdminAction(input, { user: ["reset-password"] }, async ({ target }) => {
    const result = await ops().sendPasswordReset(target)
    if (result === "no-such-user") return { ok: false, message: ADMIN_REFUSALS.noSuchUser }
    if (result === "no-address") return { ok: false, message: "This user has no email address to send a reset link to." }
    return done(target, "Password reset email sent. The link works for 1 hour; you never see or set the password.")
  })
}

export async function disableTwoFactorAction(_previous: AdminActionState, input: FormData): Promise<AdminActionState> {
  return runAdminAction(input, { user: ["disable-two-factor"] }, async ({ target }) => {
    const result = await ops().disableTwoFactor(target)
    if (result === "no-such-user") return { ok: false, message: ADMIN_REFUSALS.noSuchUser }
    return done(target, "Two-factor authentication turned off and every session ended. The user signs in with their first factor and is told by email.")
  })
}

export async function deleteUserAction(_previous: AdminActionState, input: FormData): Promise<AdminActionState> {
  const outcome = await runAdminAction(input, { user: ["delete"] }, async ({ target }) => {
    const result = await ops().deleteUser(target)
    if (result === "no-such-user") return { ok: false, message: ADMIN_REFUSALS.noSuchUser }
    return { ok: true, message: "deleted" }
  })
  // Outside runAdminAction's try: redirect() works by throwing. The list says what happened in a toast.
  if (outcome.ok && outcome.message === "deleted") {
    await flash("User deleted. Their account and every session are gone.")
    redirect("/admin")
  }
  return outcome
}

export async function impersonateAction(_previous: AdminActionState, input: FormData): Promise<AdminActionState> {
  const outcome = await runAdminAction(input, { user: ["impersonate"] }, async ({ target, form }) => {
    const reason = reasonOf(form)
    if (!reason) return { ok: false, message: "Give a reason (1 to 500 characters): the user sees it in their security activity." }
    await impersonation.start(target, reason)
    return { ok: true, message: "started" }
  })
  if (outcome.ok && outcome.message === "started") {
    await flash("Impersonation started: you now see the app as this user.", "info")
    redirect("/dashboard")
  }
  return outcome
}
