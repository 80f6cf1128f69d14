/**
 * The starter's "Sign in with email": the library's nodemailer provider,
 * sending through the app's mail path (SMTP with EMAIL_SERVER, the HTTP
 * service of an AUTH_<SERVICE>_KEY, the dev mailbox in development; the id
 * stays `nodemailer` whatever the transport, so links and the form do not
 * change with it), with link confirmation on (mail scanners cannot
 * burn links); the library's rate limiter counts the sends. Absent when there is no mail.
 */
import { renderSignInMail } from "@/lib/auth"
import Nodemailer from "@/lib/auth/providers/nodemailer"
import type { EmailConfig } from "@/lib/auth/providers/email"
import { brandTheme } from "@/server/mail/brand"
import { deliverMail, mailFrom, mailMode } from "@/server/mail/deliver"

export function emailSignInProviders(): EmailConfig[] {
  if (mailMode() === "off") return []
  return [
    Nodemailer({
      name: "email",
      server: process.env.EMAIL_SERVER,
      from: mailFrom(),
      confirmLink: true,
      async sendVerificationRequest({ identifier, url, expires, theme }) {
        const mail = renderSignInMail({
          url,
          host: new URL(url).host,
          lifetime: (expires.getTime() - Date.now()) / 1000,
          theme: { ...brandTheme, ...theme, logo: undefined },
        })
        await deliverMail({ to: identifier, ...mail })
      },
    }),
  ]
}
