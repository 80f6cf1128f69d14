/**
 * The origin for the links in the app's own mails (password reset, address
 * verification, setting a password): the library's mailLinkOrigin, the same
 * one its magic links use. It is AUTH_URL's origin, never the request's Host
 * or X-Forwarded-Host, which the client that asks for the mail chooses; in
 * development without AUTH_URL it is http://localhost:$PORT (docs/decisions/email-and-account-tokens.md,
 * "Links in mail"). Client addresses come from `rateLimit.clientAddress()` in
 * auth.ts, the limiter's own rule.
 */
import { mailLinkOrigin } from "@/lib/auth"

export async function requestInfo(): Promise<{ origin: string }> {
  return { origin: mailLinkOrigin(process.env) }
}
