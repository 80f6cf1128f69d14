/**
 * Which way the app's mail leaves, read from the environment: EMAIL_SERVER
 * means SMTP (it wins, as before); otherwise exactly one of AUTH_RESEND_KEY,
 * AUTH_POSTMARK_KEY, AUTH_SENDGRID_KEY, AUTH_MAILGUN_KEY (with
 * AUTH_MAILGUN_DOMAIN) means that service's HTTP API. Two keys at once is a
 * start-up error (startup-checks.ts): picking one silently would send mail
 * through a service the operator may not expect.
 */
import { mailgunApiUrl } from "@/lib/auth/providers/mailgun"
import type { MailApiSettings } from "@/lib/auth/providers/resend"

type Env = Record<string, string | undefined>

export type MailService = "resend" | "postmark" | "sendgrid" | "mailgun"

/** The key variable of each service, in the order they are reported. */
export const MAIL_SERVICE_KEYS: Readonly<Record<MailService, string>> = {
  resend: "AUTH_RESEND_KEY",
  postmark: "AUTH_POSTMARK_KEY",
  sendgrid: "AUTH_SENDGRID_KEY",
  mailgun: "AUTH_MAILGUN_KEY",
}

const SERVICES = Object.keys(MAIL_SERVICE_KEYS) as MailService[]

const value = (env: Env, name: string): string | undefined => env[name]?.trim() || undefined

/** The services whose key is set (more than one is a configuration error). */
export function mailServicesWithKey(env: Env): MailService[] {
  return SERVICES.filter((service) => value(env, MAIL_SERVICE_KEYS[service]) !== undefined)
}

/** The HTTP service the app's mail goes through, or undefined for SMTP / none / a conflict. */
export function selectedMailService(env: Env): { service: MailService; settings: MailApiSettings } | undefined {
  if (value(env, "EMAIL_SERVER")) return undefined
  const services = mailServicesWithKey(env)
  if (services.length !== 1) return undefined
  const service = services[0]!
  const upper = service.toUpperCase()
  const settings: MailApiSettings = {
    apiKey: value(env, MAIL_SERVICE_KEYS[service])!,
    apiUrl: value(env, `AUTH_${upper}_API_URL`) ?? (service === "mailgun" ? mailgunApiUrl(value(env, "AUTH_MAILGUN_REGION")) : undefined),
    // Short: a user is waiting on the other end.
    timeoutMs: 10_000,
    ...(service === "mailgun" ? { domain: value(env, "AUTH_MAILGUN_DOMAIN") } : {}),
  }
  return { service, settings }
}
