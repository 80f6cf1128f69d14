/**
 * Organization names and slugs. A slug names the organization in URLs
 * (/o/acme), so it is kept to lower-case letters, digits and single hyphens,
 * 2-48 characters, and words the app's own routes use are reserved.
 */

/** Slugs that would shadow a route or read as the app's own. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "new", "settings", "admin", "api", "auth", "invite", "login", "logout", "signin", "signout", "signup", "www", "app", "static", "_next",
])

const SLUG = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){1,47}$/

/** Whether `slug` may name an organization. */
export function isValidSlug(slug: unknown): slug is string {
  return typeof slug === "string" && SLUG.test(slug) && !RESERVED_SLUGS.has(slug)
}

/** A slug suggested from a name ("Acme GmbH & Co." → "acme-gmbh-co"); may still be invalid (too short, reserved). */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "")
}

/** The name as stored: trimmed, inner whitespace collapsed; null when empty, over 100 characters or holding control characters. */
export function organizationName(name: unknown): string | null {
  if (typeof name !== "string") return null
  const trimmed = name.trim().replace(/\s+/g, " ")
  if (trimmed === "" || trimmed.length > 100 || /[\u0000-\u001f\u007f]/.test(trimmed)) return null
  return trimmed
}
