/**
 * Changing the password while signed in (Settings): the current password
 * first, then the new one under the sign-up rules. Wrong current passwords
 * count against the same per-address budget as sign-in guesses, so a stolen
 * session cannot be used to guess the password faster than the sign-in form
 * allows. Ending the user's other sessions is the caller's next step
 * (`sessions.revokeOthers()` from auth.ts keeps the one making the change).
 */
import type { DbClient } from "@/lib/db/client"
import { isPasswordHasherBusy } from "./hash-gate"
import { hashPassword, verifyPassword } from "./password"
import { screenNewPassword } from "./new-password"
import { passwordProblemMessage } from "./password-policy"
import type { AccountRateLimit } from "./rate-limit"

export type ChangePasswordResult =
  | { ok: true }
  /** `wrongPassword`: the current password was wrong (the security log records the failed attempt). */
  | { ok: false; field: "currentPassword" | "newPassword"; message: string; wrongPassword?: true }

/** The sign-in rule whose budget wrong current passwords spend (lib/auth/rate-limit/rules.ts). */
const GUESS_RULE = "credentials-identifier"

export async function changePassword(
  db: DbClient,
  input: { userId: string; currentPassword: unknown; newPassword: unknown; rateLimit: AccountRateLimit },
): Promise<ChangePasswordResult> {
  const user = await db.user.findUnique({ where: { id: input.userId }, select: { email: true, name: true, passwordHash: true } })
  if (!user?.passwordHash || !user.email) {
    return { ok: false, field: "currentPassword", message: "This account has no password to change." }
  }
  const current = typeof input.currentPassword === "string" && input.currentPassword.length <= 1024 ? input.currentPassword : ""
  const next = typeof input.newPassword === "string" ? input.newPassword : ""
  const verdict = await input.rateLimit.consume(GUESS_RULE, user.email)
  if (!verdict.allowed) {
    return { ok: false, field: "currentPassword", message: `Too many attempts. Try again in ${verdict.retryAfterSeconds} s.` }
  }
  try {
    if (!(await verifyPassword(current, user.passwordHash))) {
      return { ok: false, field: "currentPassword", message: "The current password is not correct.", wrongPassword: true }
    }
    if (next === current) return { ok: false, field: "newPassword", message: "Choose a password different from the current one." }
    const problem = await screenNewPassword(next, { email: user.email, name: user.name })
    if (problem) return { ok: false, field: "newPassword", message: passwordProblemMessage(problem) }
    await db.user.update({ where: { id: input.userId }, data: { passwordHash: await hashPassword(next) } })
  } catch (error) {
    if (isPasswordHasherBusy(error)) {
      return { ok: false, field: "currentPassword", message: "The server is busy. Try again in a moment." }
    }
    throw error
  }
  await input.rateLimit.reset(GUESS_RULE, user.email)
  return { ok: true }
}
