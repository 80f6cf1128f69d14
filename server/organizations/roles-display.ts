/**
 * How an organization's pages speak of roles and who may read what: the
 * roles in words ("Owner", "Admin"), and whether a member may read the
 * activity log (its owners and admins, as the library decides).
 */
import { ORG_ADMIN_ROLE, OWNER_ROLE } from "@/lib/auth"
import { roleName } from "./role-labels"

/** "Owner", "Admin and Member"; a custom role as it is named. */
export function rolesInWords(roles: readonly string[]): string {
  const names = roles.map(roleName)
  if (names.length === 0) return "Member"
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`
}

export function isOwner(roles: readonly string[]): boolean {
  return roles.includes(OWNER_ROLE)
}

/** Owners and admins read the organization's activity log (organizations.activity checks the same). */
export function readsActivity(roles: readonly string[]): boolean {
  return roles.some((role) => role === OWNER_ROLE || role === ORG_ADMIN_ROLE)
}
