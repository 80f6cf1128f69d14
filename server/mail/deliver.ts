/**
 * The app's one mail path: magic links, password resets and address
 * verification all leave through deliverMail(). With EMAIL_SERVER it is
 * nodemailer over SMTP; with one AUTH_<SERVICE>_KEY (Resend, Postmark,
 * SendGrid, Mailgun) that service's HTTP API (mail-service.ts); in
 * development without either, the dev mailbox. Production without any has
 * no mail: the features that need it are switched off rather than failing later.
 */
import { createTransport, type Transporter } from "nodemailer"
import { type MailAttachment, oneLineSubject } from "@/lib/auth"
import { sendMailgunMail } from "@/lib/auth/providers/mailgun"
import { sendPostmarkMail } from "@/lib/auth/providers/postmark"
import { type MailApiMessage, type MailApiSettings, sendResendMail } from "@/lib/auth/providers/resend"
import { sendSendGridMail } from "@/lib/auth/providers/sendgrid"
import { getPrisma } from "@/lib/db/client"
import { storeDevMail } from "./dev-mailbox"
import { type MailService, selectedMailService } from "./mail-service"

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
  attachments?: MailAttachment[]
}

export type MailMode = "smtp" | "api" | "dev-mailbox" | "off"

export function mailMode(env: Readonly<Record<string, string | undefined>> = process.env): MailMode {
  if (env.EMAIL_SERVER?.trim()) return "smtp"
  if (selectedMailService(env)) return "api"
  return env.NODE_ENV === "production" ? "off" : "dev-mailbox"
}

const API_SENDERS: Readonly<Record<MailService, (settings: MailApiSettings, message: MailApiMessage) => Promise<void>>> = {
  resend: sendResendMail,
  postmark: sendPostmarkMail,
  sendgrid: sendSendGridMail,
  mailgun: sendMailgunMail,
}

export function mailFrom(env: NodeJS.ProcessEnv = process.env): string {
  return env.EMAIL_FROM?.trim() || "Starter <no-reply@localhost>"
}

const TRANSPORT = Symbol.for("starter.mailTransport")
type Holder = { [TRANSPORT]?: { server: string; transporter: Transporter } }

function transporter(server: string): Transporter {
  const holder = globalThis as Holder
  if (holder[TRANSPORT]?.server !== server) {
    // Short timeouts: a user is waiting on the other end, nodemailer's defaults are minutes.
    const options = { url: server, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }
    holder[TRANSPORT] = { server, transporter: createTransport(options) }
  }
  return holder[TRANSPORT].transporter
}

export class MailNotConfigured extends Error {
  constructor() {
    super("Email is not configured: set EMAIL_SERVER (or one AUTH_<SERVICE>_KEY) and EMAIL_FROM.")
    this.name = "MailNotConfigured"
  }
}

/**
 * Sends one mail; throws when the SMTP server is unreachable or refuses the
 * recipient, or MailDeliveryError (with its reason) when the HTTP service
 * does not accept it.
 */
export async function deliverMail(outgoing: OutgoingMail): Promise<void> {
  // One header line whatever a subject was built from (an organization's or a user's name): see oneLineSubject.
  const mail = { ...outgoing, subject: oneLineSubject(outgoing.subject) }
  const mode = mailMode()
  if (mode === "off") throw new MailNotConfigured()
  if (mode === "dev-mailbox") {
    await storeDevMail(getPrisma(), { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
    return
  }
  const api = mode === "api" ? selectedMailService(process.env) : undefined
  if (api) {
    // Attachments (an inline logo) are left out: the app's mails carry none, and the JSON APIs would need them re-encoded.
    const message = { from: mailFrom(), to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }
    await API_SENDERS[api.service](api.settings, message)
    return
  }
  const info = await transporter(process.env.EMAIL_SERVER!.trim()).sendMail({
    // An address object: nodemailer never parses it as header text.
    to: { name: "", address: mail.to },
    from: mailFrom(),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments,
  })
  if ((info.rejected ?? []).length > 0) throw new Error("The SMTP server refused the recipient")
}
