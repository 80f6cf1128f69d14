/**
 * The shape every email (magic link) provider has once configured. The
 * sign-in and callback actions only talk to this interface; how a mail
 * leaves the server is the provider's `sendVerificationRequest`.
 */
import type { Awaitable, Theme } from "../types"
import type { CommonProviderOptions } from "./common"

export interface SendVerificationRequestParams {
  /** The normalised address the link is for. */
  identifier: string
  /** The link that signs the user in. */
  url: string
  expires: Date
  /** The plain token (the database only ever holds its hash). */
  token: string
  provider: EmailConfig
  theme: Theme
  request: Request
}

export interface EmailConfig extends CommonProviderOptions {
  type: "email"
  /** SMTP connection URL or nodemailer transport options (nodemailer provider). */
  server?: unknown
  /** API key of HTTP-API mail services (inferred from AUTH_<ID>_KEY). */
  apiKey?: string
  /** The From address of the mails. */
  from?: string
  /** Seconds a link stays valid. Default 24 hours. */
  maxAge: number
  sendVerificationRequest: (params: SendVerificationRequestParams) => Awaitable<void>
  /** Turns the typed address into the identifier, or throws to refuse it. */
  normalizeIdentifier?: (identifier: string) => string
  /** The token in the link. Default: 32 random bytes as hex. */
  generateVerificationToken?: () => Awaitable<string>
  /** Hashes this provider's tokens instead of the configuration's secret. */
  secret?: string
  /**
   * Link-scanner protection: the link opens a page with one button, and only
   * that button's POST signs in. Mail security scanners fetch links with GET,
   * so they no longer burn the single-use token. Default false (Auth.js behaviour).
   */
  confirmLink?: boolean
  /**
   * Asked before a token is stored and a mail sent; false skips both and
   * the user sees the same "check your email" page (for send rate limits).
   */
  allowSend?: (params: { identifier: string; request: Request }) => Awaitable<boolean>
  options?: Record<string, unknown>
}

/** The user-facing options of an email provider factory. */
export type EmailUserConfig = Partial<Omit<EmailConfig, "type" | "options">>

export function isEmailProvider(provider: { type: string }): provider is EmailConfig {
  return provider.type === "email"
}
