/**
 * The permission question inside one organization, as the issue writes it:
 * `hasPermission(session, { member: ["invite"] }, { organization })` — with
 * the session the app read (its `user.id`, as the session callback sets it)
 * or an actor (`{ userId }`) — answered from the membership as the database
 * has it now, through the organization's access-control definition
 * (./roles.ts). Anyone else (signed out, no user id) holds nothing.
 */
import type { PermissionRequest, Resources } from "../access/control"
import type { ResolvedConfig } from "../config/resolved"
import type { Session } from "../types"
import { organizationAdapter, type OrganizationActor } from "./context"

/** Who asks: an actor, or a session read on the server. */
export type PermissionSubject = OrganizationActor | Session | null | undefined

/** The user id a subject names, or undefined. */
export function subjectUserId(subject: PermissionSubject): string | undefined {
  if (!subject || typeof subject !== "object") return undefined
  const id = "userId" in subject ? subject.userId : "user" in subject ? subject.user?.id : undefined
  return typeof id === "string" && id !== "" ? id : undefined
}

export async function hasOrganizationPermission(
  config: ResolvedConfig,
  subject: PermissionSubject,
  request: PermissionRequest<Resources>,
  scope: { organization: string },
): Promise<boolean> {
  const userId = subjectUserId(subject)
  if (userId === undefined || typeof scope?.organization !== "string") return false
  const member = await organizationAdapter(config).getMember(scope.organization, userId)
  return member !== null && config.organizations.access.rolesGrant(member.roles, request)
}
