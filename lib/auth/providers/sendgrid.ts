/**
 * Passwordless sign-in by email through SendGrid's v3 HTTP API (id
 * `sendgrid`, type `email`). The key is `apiKey` or AUTH_SENDGRID_KEY; the
 * API's base URL `apiUrl` or AUTH_SENDGRID_API_URL (default
 * https://api.sendgrid.com). A "Name <address>" sender is sent as SendGrid's
 * {name, email} pair.
 */
import type { EmailConfig } from "./email"
import { type MailApiUserConfig, mailApiProvider } from "./mail-api/provider"
import type { MailApiMessage, MailApiSettings } from "./mail-api/message"
import { sendThroughMailApi } from "./mail-api/send"

export type { EmailConfig, SendVerificationRequestParams } from "./email"
export type { MailApiMessage, MailApiSettings } from "./mail-api/message"
export type SendGridUserConfig = MailApiUserConfig

/** Sends any mail through SendGrid (the app's own account mails use it). */
export function sendSendGridMail(settings: MailApiSettings, message: MailApiMessage): Promise<void> {
  return sendThroughMailApi("sendgrid", settings, message)
}

export default function SendGrid(config: SendGridUserConfig = {}): EmailConfig {
  return mailApiProvider("sendgrid", config)
}
