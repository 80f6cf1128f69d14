/**
 * The domain rules of single sign-on: what a domain an organization claims
 * may look like, and the domain of an address. Plain functions.
 */
import { DOMAIN_VERIFICATION_PREFIX, DOMAIN_VERIFICATION_VALUE_PREFIX } from "./types"

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

/**
 * The domain lower-cased without a trailing dot, or null when it is not a
 * registrable-looking host name: at least two labels, letters, digits and
 * hyphens only (an internationalised name in its xn-- form), no IP address.
 */
export function normalizeDomain(input: unknown): string | null {
  if (typeof input !== "string") return null
  const domain = input.trim().toLowerCase().replace(/\.$/, "")
  if (domain.length === 0 || domain.length > 253) return null
  const labels = domain.split(".")
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null
  // A numeric last label is an address, not a name.
  if (/^[0-9]+$/.test(labels[labels.length - 1])) return null
  return domain
}

/** The domain part of an address, normalised; null when it has none. */
export function domainOfEmail(email: unknown): string | null {
  if (typeof email !== "string") return null
  const at = email.lastIndexOf("@")
  if (at <= 0) return null
  return normalizeDomain(email.slice(at + 1))
}

/** The TXT record that proves control of `domain`: its exact name and value. */
export function verificationRecord(domain: string, token: string): { name: string; value: string } {
  return { name: `${DOMAIN_VERIFICATION_PREFIX}.${domain}`, value: `${DOMAIN_VERIFICATION_VALUE_PREFIX}${token}` }
}
