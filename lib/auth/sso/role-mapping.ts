/**
 * The organization roles an identity provider's answer gives: each value of
 * the mapped attribute (a SAML attribute, an OpenID Connect claim such as
 * `groups`) that the mapping names gives its role; none gives the default.
 */
import type { SsoRoleMapping } from "./types"

function valuesOf(value: unknown): string[] {
  if (typeof value === "string") return [value]
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === "string")
  return []
}

/**
 * null: the connection maps no roles (the membership keeps whatever roles it
 * has). Otherwise the mapped roles, or `[defaultRole]` when the user carries
 * none of the mapped values.
 */
export function mappedRoles(mapping: SsoRoleMapping | null, attributes: Record<string, unknown>, defaultRole: string): string[] | null {
  if (!mapping) return null
  const roles = new Set<string>()
  for (const value of valuesOf(attributes[mapping.attribute])) {
    const role = Object.hasOwn(mapping.roles, value) ? mapping.roles[value] : undefined
    if (role) roles.add(role)
  }
  return roles.size > 0 ? [...roles] : [defaultRole]
}
