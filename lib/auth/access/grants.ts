/**
 * The ceiling on handing out authority: what a set of roles grants beyond
 * the roles of whoever hands them out. Used so that a holder of one
 * permission (say `user: ["set-role"]`) cannot turn it into all the others
 * by granting themself, or an accomplice, a role they do not hold, and
 * cannot act on someone above them. Pure functions of the definition.
 */
import { ADMIN_ROLE, type AccessControl } from "./control"

/** Whether `roles` grant any action that `held` does not, or `admin` while `held` lacks it. */
export function grantsBeyond(access: AccessControl, held: readonly string[], roles: readonly string[]): boolean {
  // By name as well as by action: an app role may happen to cover every action today and not tomorrow.
  if (roles.includes(ADMIN_ROLE) && !held.includes(ADMIN_ROLE)) return true
  return Object.entries(access.resources).some(([resource, actions]) =>
    actions.some((action) => access.rolesGrant(roles, { [resource]: [action] }) && !access.rolesGrant(held, { [resource]: [action] })),
  )
}
