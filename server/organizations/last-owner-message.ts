/**
 * What Settings › Delete account answers to the only owner of organizations:
 * which ones, and what to do about them (the library refuses the deletion,
 * lib/auth/organizations/departure.ts).
 */
import type { AdapterOrganization } from "@/lib/auth"

export function lastOwnerMessage(organizations: readonly Pick<AdapterOrganization, "name" | "slug">[]): string {
  const names = organizations.map((organization) => `${organization.name} (${organization.slug})`).join(", ")
  const which = organizations.length === 1 ? "that organization" : "those organizations"
  return `You are the only owner of ${names}. Transfer ownership of ${which} to another member, or delete ${organizations.length === 1 ? "it" : "them"}, before deleting your account.`
}
