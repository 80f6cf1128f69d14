/**
 * Email addresses as account identifiers: trimmed, NFKC-normalised and
 * lower-cased, one "@", no quotes or whitespace, a dotted domain.
 */
export function normalizeEmail(input: unknown): string | null {
  if (typeof input !== "string") return null
  const email = input.normalize("NFKC").trim().toLowerCase()
  if (email.length > 254 || /[\s"<>(),;:\\[\]]/.test(email)) return null
  const parts = email.split("@")
  if (parts.length !== 2) return null
  const [local, domain] = parts
  if (!local || local.length > 64 || !/^[^.@]+(\.[^.@]+)+$/.test(domain)) return null
  return email
}
