/**
 * Passwordless sign-in by email through Mailgun's HTTP API (id `mailgun`,
 * type `email`). The key is `apiKey` or AUTH_MAILGUN_KEY; the sending domain
 * `domain` or AUTH_MAILGUN_DOMAIN, else the from address's domain (as
 * Auth.js does); `region: "EU"` (or AUTH_MAILGUN_REGION=EU) uses Mailgun's EU
 * host; `apiUrl` or AUTH_MAILGUN_API_URL replaces the host altogether.
 */
import type { EmailConfig } from "./email"
import { envValue, type MailApiUserConfig, mailApiProvider } from "./mail-api/provider"
import { MAILGUN_EU_API_URL, type MailApiMessage, type MailApiSettings } from "./mail-api/message"
import { sendThroughMailApi } from "./mail-api/send"

export type { EmailConfig, SendVerificationRequestParams } from "./email"
export type { MailApiMessage, MailApiSettings } from "./mail-api/message"
export { MAILGUN_EU_API_URL } from "./mail-api/message"

export type MailgunRegion = "US" | "EU"

export type MailgunUserConfig = MailApiUserConfig & {
  /** The sending domain (mg.example.com). Default: AUTH_MAILGUN_DOMAIN, else the from address's domain. */
  domain?: string
  /** "EU" for accounts in Mailgun's EU region. Default: AUTH_MAILGUN_REGION, else "US". */
  region?: MailgunRegion
}

/** Mailgun's API host for a region; "EU" (any case) is the EU host, anything else the US one. */
export function mailgunApiUrl(region: string | undefined): string | undefined {
  return region?.trim().toUpperCase() === "EU" ? MAILGUN_EU_API_URL : undefined
}

/** Sends any mail through Mailgun (the app's own account mails use it). */
export function sendMailgunMail(settings: MailApiSettings, message: MailApiMessage): Promise<void> {
  return sendThroughMailApi("mailgun", settings, message)
}

export default function Mailgun(config: MailgunUserConfig = {}): EmailConfig {
  const { domain, region, ...rest } = config
  return {
    ...mailApiProvider("mailgun", rest, () => ({
      domain: domain ?? envValue("AUTH_MAILGUN_DOMAIN"),
      // An explicit apiUrl (option or AUTH_MAILGUN_API_URL) wins over the region's host.
      ...(rest.apiUrl ?? envValue("AUTH_MAILGUN_API_URL") ? {} : { apiUrl: mailgunApiUrl(region ?? envValue("AUTH_MAILGUN_REGION")) }),
    })),
    options: config,
  }
}
