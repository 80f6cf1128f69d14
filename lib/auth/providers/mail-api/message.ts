/**
 * The mail an HTTP mail service is asked to send, and the settings every
 * service needs. Plain data: the request builders (requests.ts) turn it into
 * each service's documented request.
 */

export type MailService = "resend" | "postmark" | "sendgrid" | "mailgun"

/** One mail to one recipient, with an HTML and a plain-text body. */
export interface MailApiMessage {
  /** `"Name <address>"` or a bare address. */
  from: string
  /** One address, already normalised (the library's sign-in and the app's mails never send lists). */
  to: string
  subject: string
  text: string
  html: string
}

export interface MailApiSettings {
  apiKey: string
  /**
   * The API's origin (and path prefix, if any) instead of the service's
   * public one: a test stand-in, a proxy, or Mailgun's EU region.
   */
  apiUrl?: string
  /** Mailgun only: the sending domain, part of the endpoint's path. */
  domain?: string
  /** Milliseconds before an unanswered request counts as unreachable. Default 15 s: a user is waiting. */
  timeoutMs?: number
  /** For tests and proxies; the global fetch otherwise. */
  fetch?: typeof fetch
}

export const DEFAULT_API_URLS: Readonly<Record<MailService, string>> = {
  resend: "https://api.resend.com",
  postmark: "https://api.postmarkapp.com",
  sendgrid: "https://api.sendgrid.com",
  mailgun: "https://api.mailgun.net",
}

/** Mailgun keeps EU accounts' data on a separate API host. */
export const MAILGUN_EU_API_URL = "https://api.eu.mailgun.net"

export const SERVICE_NAMES: Readonly<Record<MailService, string>> = {
  resend: "Resend",
  postmark: "Postmark",
  sendgrid: "SendGrid",
  mailgun: "Mailgun",
}

/**
 * `"Site <no-reply@example.com>"` → name and address; a bare address has no
 * name. SendGrid takes the two apart (a whole "Name <addr>" in its `email`
 * field is refused with a 400), the other services take the string as it is.
 */
export function splitSender(from: string): { name?: string; email: string } {
  const match = /^\s*(?:"([^"]*)"|([^<]*?))\s*<([^<>\s]+)>\s*$/.exec(from)
  if (!match) return { email: from.trim() }
  const name = (match[1] ?? match[2] ?? "").trim()
  return name ? { name, email: match[3]! } : { email: match[3]! }
}

/** The domain of the sender's address, Mailgun's default sending domain. */
export function senderDomain(from: string): string | undefined {
  const domain = splitSender(from).email.split("@")[1]?.trim()
  return domain ? domain : undefined
}
