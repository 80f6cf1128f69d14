/**
 * The admin's "Send password reset": the library never sets a
 * password (ASVS 5.0 6.4.6); it asks the app to mail the user the app's own
 * reset link, the one "Forgot password?" sends, with the mail-link origin.
 */
import { mailLinkOrigin } from "@/lib/auth"
import { getPrisma } from "@/lib/db/client"
import { sendResetMail } from "@/server/accounts/password-reset"

export function sendPasswordResetForAdmin(user: { id: string; email: string }): Promise<void> {
  return sendResetMail(getPrisma(), user.email, mailLinkOrigin(process.env))
}
