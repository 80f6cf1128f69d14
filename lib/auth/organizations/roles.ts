/**
 * Who may do what inside one organization: the same access-control
 * definition as the app-wide roles (../access/control.ts), over the
 * organization's own resources. Built in: `owner` holds every action,
 * `admin` (the definition's built-in all-actions role) too, and `member`
 * nothing beyond belonging. Some acts are the owners' alone whatever the
 * definition grants, and the operations check them by role, not by action:
 * deleting the organization, giving or taking the owner role, and
 * transferring ownership.
 *
 *   const orgAccess = defineOrganizationAccess({
 *     resources: { ...organizationResources, project: ["create"] },
 *     roles: { billing: { organization: ["update"] } },
 *   })
 */
import { defineAccessControl, type AccessControl, type PermissionRequest, type Resources } from "../access/control"
import { MEMBER_ROLE, OWNER_ROLE } from "./types"

/** The statement of the organization's built-in resources and their actions. */
export const organizationResources = {
  organization: ["update", "delete"],
  member: ["invite", "update-role", "remove"],
  invitation: ["cancel"],
  team: ["create", "update", "delete"],
} as const

export type OrganizationResources = typeof organizationResources

/** Everything every resource declares: what `owner` holds. */
function everything<R extends Resources>(resources: R): PermissionRequest<R> {
  return Object.fromEntries(Object.entries(resources).map(([resource, actions]) => [resource, [...actions]])) as unknown as PermissionRequest<R>
}

/**
 * An organization's access control: `owner` (every action), `admin` (every action, built in),
 * `member` (none) and the app's own roles. A definition may not redefine `owner`.
 */
export function defineOrganizationAccess<const R extends Resources, const Role extends string = never>(definition: {
  resources: R
  roles?: { readonly [K in Role]: PermissionRequest<R> }
}): AccessControl<R, Role | typeof OWNER_ROLE | typeof MEMBER_ROLE> {
  const own = (definition.roles ?? {}) as Record<string, PermissionRequest<R>>
  if (Object.hasOwn(own, OWNER_ROLE)) throw new TypeError(`"${OWNER_ROLE}" is built in and holds every action; it cannot be redefined`)
  return defineAccessControl({
    resources: definition.resources,
    roles: { [MEMBER_ROLE]: {}, ...own, [OWNER_ROLE]: everything(definition.resources) } as { readonly [K in Role | typeof OWNER_ROLE | typeof MEMBER_ROLE]: PermissionRequest<R> },
  })
}

/** The definition when the app names none: the built-in resources and roles. */
export const defaultOrganizationAccess = defineOrganizationAccess({ resources: organizationResources })

/** The roles an organization member can be given: every role of the definition but the app-wide "user". */
export function isOrganizationRole(access: AccessControl, role: string): boolean {
  return role !== "user" && access.isRole(role)
}
