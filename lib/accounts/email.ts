import { isVisibleText } from "@/lib/auth/profile-text"

/**
 * Email addresses as account identifiers: trimmed, NFKC-normalised and
 * lower-cased, one "@", no quotes, whitespace, control or invisible
 * characters (a zero-width space would make a lookalike account), a dotted domain.
 */
export function normalizeEmail(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 1024 || !input.isWellFormed()) return null
  const email = input.normalize("NFKC").trim().toLowerCase()
  if (!isVisibleText(email)) return null
  // Control characters are never part of an address (and PostgreSQL rejects U+0000 in a query).
  if (email.length > 254 || /[\s"<>(),;:\\[\]\u0000-\u001f\u007f-\u009f]/.test(email)) return null
  const parts = email.split("@")
  if (parts.length !== 2) return null
  const [local, domain] = parts
  if (!local || local.length > 64 || !/^[^.@]+(\.[^.@]+)+$/.test(domain)) return null
  return email
}
