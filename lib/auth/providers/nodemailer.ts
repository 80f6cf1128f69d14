/**
 * Passwordless sign-in by email through nodemailer (id `nodemailer`, type
 * `email`). The library stores a hashed token, then this provider mails the
 * link. It needs an adapter with createVerificationToken,
 * useVerificationToken and getUserByEmail (checked at configuration time).
 * Node.js only: nodemailer opens sockets.
 */
import { createTransport, type Transporter } from "nodemailer"
import { oneLineSubject } from "../email/subject-line"
import { renderSignInMail } from "../email/templates"
import type { EmailConfig, EmailUserConfig, SendVerificationRequestParams } from "./email"

export type { EmailConfig, SendVerificationRequestParams } from "./email"

export type NodemailerUserConfig = EmailUserConfig & {
  /** An SMTP URL (smtp://user:pass@host:587) or nodemailer transport options. */
  server?: string | Record<string, unknown>
}

const DAY = 24 * 60 * 60

// One transporter per provider object: connections and TLS sessions are reused
// between sends, and each app's provider keeps its own.
const transporters = new WeakMap<EmailConfig, Transporter>()

function transporterFor(provider: EmailConfig): Transporter {
  let transporter = transporters.get(provider)
  if (!transporter) {
    if (provider.server === undefined || provider.server === "") {
      throw new Error(`The email provider "${provider.id}" has no \`server\` (set EMAIL_SERVER or pass server).`)
    }
    transporter = createTransport(provider.server as Parameters<typeof createTransport>[0])
    transporters.set(provider, transporter)
  }
  return transporter
}

/** The default sender: the sign-in mail (HTML + text) through the provider's SMTP server. */
export async function sendVerificationRequest(params: SendVerificationRequestParams): Promise<void> {
  const { identifier, url, expires, provider, theme } = params
  const host = new URL(url).host
  const mail = renderSignInMail({ url, host, lifetime: (expires.getTime() - Date.now()) / 1000, theme })
  const info = await transporterFor(provider).sendMail({
    // Passed as an address object: nodemailer then never parses it as a header value.
    to: { name: "", address: identifier },
    from: provider.from,
    subject: oneLineSubject(mail.subject),
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments,
  })
  const rejected = (info as { rejected?: unknown[] }).rejected ?? []
  if (rejected.length > 0) throw new Error(`The SMTP server refused the recipient (${rejected.length} rejected)`)
}

export default function Nodemailer(config: NodemailerUserConfig = {}): EmailConfig {
  const { server, ...rest } = config
  return {
    id: "nodemailer",
    name: "Nodemailer",
    type: "email",
    server,
    from: "Auth <no-reply@authjs.dev>",
    maxAge: DAY,
    sendVerificationRequest,
    ...rest,
    options: config,
  }
}
