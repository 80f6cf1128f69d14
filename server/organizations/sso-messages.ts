/**
 * What a refused single sign-on setting means to the owner or admin who
 * tried it: one sentence per SsoError code the settings page can meet. The
 * library's own message is used where it names the field at fault
 * (sso_invalid_connection: "The certificate is not PEM or base64").
 */
import { SsoError, type SsoErrorCode } from "@/lib/auth"

const SSO_SETTING_MESSAGES: Readonly<Partial<Record<SsoErrorCode, string>>> = {
  sso_disabled: "Single sign-on is not available on this site.",
  sso_forbidden: "Only the organization's owners and admins manage single sign-on.",
  sso_connection_not_found: "That connection does not exist (any more). Reload the page.",
  sso_invalid_domain: "Enter a domain such as example.com: no address, no “https://”, no path.",
  sso_domain_exists: "This connection has that domain already.",
  sso_domain_not_found: "That domain is not on this connection (any more). Reload the page.",
  sso_domain_claimed: "Another organization has verified this domain. Ask your site's administrators if it is yours.",
  sso_dns_record_missing: "No TXT record with that name was found yet. Publish it, wait for DNS to update (minutes to an hour), then verify again.",
  sso_dns_record_mismatch: "A TXT record with that name exists but holds another value. Paste the value exactly as shown.",
  sso_dns_failed: "The DNS lookup failed. Nothing was changed; try again in a moment.",
  sso_domain_unverified: "Verify at least one domain before requiring single sign-on: otherwise it would require nothing.",
}

/** The sentence for `error`, or null when it is no SsoError (the caller treats it as any other failure). */
export function ssoRefusalMessage(error: unknown): string | null {
  if (!(error instanceof SsoError)) return null
  if (error.code === "sso_invalid_connection") return `${error.message}.`
  return SSO_SETTING_MESSAGES[error.code] ?? "That did not work. Nothing was changed; try again."
}
