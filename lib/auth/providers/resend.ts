/**
 * Passwordless sign-in by email through Resend's HTTP API (id `resend`, type
 * `email`). The key is `apiKey` or AUTH_RESEND_KEY; the API's base URL
 * `apiUrl` or AUTH_RESEND_API_URL (default https://api.resend.com). The
 * library stores the link's token first and removes it when the send fails.
 */
import type { EmailConfig } from "./email"
import { type MailApiUserConfig, mailApiProvider } from "./mail-api/provider"
import type { MailApiMessage, MailApiSettings } from "./mail-api/message"
import { sendThroughMailApi } from "./mail-api/send"

export type { EmailConfig, SendVerificationRequestParams } from "./email"
export type { MailApiMessage, MailApiSettings } from "./mail-api/message"
export type ResendUserConfig = MailApiUserConfig

/** Sends any mail through Resend (the app's own account mails use it). */
export function sendResendMail(settings: MailApiSettings, message: MailApiMessage): Promise<void> {
  return sendThroughMailApi("resend", settings, message)
}

export default function Resend(config: ResendUserConfig = {}): EmailConfig {
  return mailApiProvider("resend", config)
}
