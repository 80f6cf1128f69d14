/**
 * Who may do what inside one team: team roles, through the same
 * access-control definition as app-wide and organization roles. Built in:
 * `lead` holds every team action, `member` none. The organization's owners
 * and admins manage every team through the organization permission
 * `team: ["update"]`; team roles let a lead manage their own team's members.
 *
 *   const teamAccess = defineTeamAccess({
 *     resources: { ...teamResources, board: ["edit"] },
 *     roles: { coordinator: { teamMember: ["add"] } },
 *   })
 */
import { ADMIN_ROLE, USER_ROLE, defineAccessControl, type AccessControl, type PermissionRequest, type Resources } from "../access/control"

export const TEAM_LEAD_ROLE = "lead"
export const TEAM_MEMBER_ROLE = "member"

/** The statement of a team's built-in resource: its members. */
export const teamResources = {
  teamMember: ["add", "remove", "update-role"],
} as const

export type TeamResources = typeof teamResources

function everything<R extends Resources>(resources: R): PermissionRequest<R> {
  return Object.fromEntries(Object.entries(resources).map(([resource, actions]) => [resource, [...actions]])) as unknown as PermissionRequest<R>
}

/** A team's access control: `lead` (every action), `member` (none) and the app's own roles. `lead` cannot be redefined. */
export function defineTeamAccess<const R extends Resources, const Role extends string = never>(definition: {
  resources: R
  roles?: { readonly [K in Role]: PermissionRequest<R> }
}): AccessControl<R, Role | typeof TEAM_LEAD_ROLE | typeof TEAM_MEMBER_ROLE> {
  const own = (definition.roles ?? {}) as Record<string, PermissionRequest<R>>
  if (Object.hasOwn(own, TEAM_LEAD_ROLE)) throw new TypeError(`"${TEAM_LEAD_ROLE}" is built in and holds every team action; it cannot be redefined`)
  return defineAccessControl({
    resources: definition.resources,
    roles: { [TEAM_MEMBER_ROLE]: {}, ...own, [TEAM_LEAD_ROLE]: everything(definition.resources) } as {
      readonly [K in Role | typeof TEAM_LEAD_ROLE | typeof TEAM_MEMBER_ROLE]: PermissionRequest<R>
    },
  })
}

export const defaultTeamAccess = defineTeamAccess({ resources: teamResources })

/**
 * The roles a team member can be given: the definition's roles but the two the access-control
 * mechanism always adds ("user" means any signed-in user; "admin" would duplicate `lead` under an
 * organization-sounding name).
 */
export function isTeamRole(access: AccessControl, role: unknown): role is string {
  return typeof role === "string" && role !== USER_ROLE && role !== ADMIN_ROLE && access.isRole(role)
}

/** Whether `wanted` grants any action that `held` does not. */
export function grantsBeyond(access: AccessControl, held: readonly string[], wanted: readonly string[]): boolean {
  return Object.entries(access.resources).some(([resource, actions]) =>
    actions.some((action) => access.rolesGrant(wanted, { [resource]: [action] }) && !access.rolesGrant(held, { [resource]: [action] })),
  )
}
