/**
 * Passwordless sign-in by email through Postmark's HTTP API (id `postmark`,
 * type `email`). The server token is `apiKey` or AUTH_POSTMARK_KEY; the API's
 * base URL `apiUrl` or AUTH_POSTMARK_API_URL (default
 * https://api.postmarkapp.com). Mails go to the "outbound" (transactional)
 * message stream.
 */
import type { EmailConfig } from "./email"
import { type MailApiUserConfig, mailApiProvider } from "./mail-api/provider"
import type { MailApiMessage, MailApiSettings } from "./mail-api/message"
import { sendThroughMailApi } from "./mail-api/send"

export type { EmailConfig, SendVerificationRequestParams } from "./email"
export type { MailApiMessage, MailApiSettings } from "./mail-api/message"
export type PostmarkUserConfig = MailApiUserConfig

/** Sends any mail through Postmark (the app's own account mails use it). */
export function sendPostmarkMail(settings: MailApiSettings, message: MailApiMessage): Promise<void> {
  return sendThroughMailApi("postmark", settings, message)
}

export default function Postmark(config: PostmarkUserConfig = {}): EmailConfig {
  return mailApiProvider("postmark", config)
}
