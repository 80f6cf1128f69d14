/**
 * What the four HTTP-API email providers (resend, postmark, sendgrid,
 * mailgun) share: the provider object, and a default sender that renders the
 * library's sign-in mail and posts it to the service. Settings come from the
 * options first, then AUTH_<ID>_KEY (filled in by the configuration, as
 * Auth.js does) and AUTH_<ID>_API_URL, read when a mail is sent.
 */
import { MailDeliveryError } from "../../errors"
import { renderSignInMail } from "../../email/templates"
import type { EmailConfig, EmailUserConfig, SendVerificationRequestParams } from "../email"
import { type MailApiSettings, type MailService, SERVICE_NAMES } from "./message"
import { sendThroughMailApi } from "./send"

const DAY = 24 * 60 * 60

export type MailApiUserConfig = EmailUserConfig & {
  /** The API's base URL instead of the service's public one (tests, proxies). Default: AUTH_<ID>_API_URL, else the service's. */
  apiUrl?: string
  /** Milliseconds to wait for the service. Default 15 000. */
  timeoutMs?: number
  /** For tests and proxies. */
  fetch?: typeof fetch
}

type Env = Record<string, string | undefined>

function processEnv(): Env {
  return (globalThis as { process?: { env?: Env } }).process?.env ?? {}
}

export function envValue(name: string): string | undefined {
  const value = processEnv()[name]?.trim()
  return value ? value : undefined
}

/** The settings of one send: the provider's options, then the environment. */
export type SettingsOf = (provider: EmailConfig, service: MailService) => MailApiSettings

function keyOf(provider: EmailConfig, service: MailService): string {
  const key = provider.apiKey?.trim()
  if (key) return key
  // Said as a refused key: the service would answer 401 to an empty one anyway.
  throw new MailDeliveryError(SERVICE_NAMES[service], "unauthorized", undefined, `no API key: set AUTH_${service.toUpperCase()}_KEY or the provider's apiKey`)
}

export function mailApiProvider(
  service: MailService,
  config: MailApiUserConfig,
  extraSettings: (provider: EmailConfig) => Partial<MailApiSettings> = () => ({}),
): EmailConfig {
  const { apiUrl, timeoutMs, fetch: fetchImpl, ...rest } = config

  async function sendVerificationRequest(params: SendVerificationRequestParams): Promise<void> {
    const { identifier, url, expires, provider, theme } = params
    const mail = renderSignInMail({
      url,
      host: new URL(url).host,
      lifetime: (expires.getTime() - Date.now()) / 1000,
      // No logo: it travels as a CID attachment, which these JSON/form requests do not carry.
      theme: { ...theme, logo: undefined },
    })
    const settings: MailApiSettings = {
      apiKey: keyOf(provider, service),
      apiUrl: apiUrl ?? envValue(`AUTH_${service.toUpperCase()}_API_URL`),
      timeoutMs,
      fetch: fetchImpl,
      ...extraSettings(provider),
    }
    await sendThroughMailApi(service, settings, {
      from: provider.from ?? "",
      to: identifier,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    })
  }

  return {
    id: service,
    name: SERVICE_NAMES[service],
    type: "email",
    from: "Auth <no-reply@authjs.dev>",
    maxAge: DAY,
    sendVerificationRequest,
    ...rest,
    options: config,
  }
}
