/**
 * The guard every page under app/o/[slug] starts with: the
 * organization named by the URL and the signed-in user's membership of it.
 * A non-member, an unknown slug and a malformed one are the same 404, so a
 * page never hints that another tenant's organization exists; signed out
 * goes to sign-in. Membership and roles are as the database has them now: read
 * with the session in one statement (database strategy; the middleware's read,
 * handed over), or a jwt snapshot only while the user's memberships are
 * unchanged since it was taken; a member removed a moment ago is a 404 at
 * their next click (other server instances: within the revocation delay).
 */
import { cache } from "react"
import { notFound, redirect } from "next/navigation"
import { organizations, organizationsEnabled, signInPath } from "@/auth"
import { defaultOrganizationAccess, OrganizationError, PermissionDenied, type Membership, type PermissionRequest, type OrganizationResources } from "@/lib/auth"

export interface OrganizationPage extends Membership {
  /** Whether the user's roles here grant the permission (by the organization access definition). */
  can(permission: PermissionRequest<OrganizationResources>): boolean
}

/** Read once per request: the layout and the page under it share the answer. */
export const organizationPage = cache(async (slug: string, callbackUrl?: string): Promise<OrganizationPage> => {
  if (!organizationsEnabled) notFound()
  let membership: Membership
  try {
    membership = await organizations.bySlug(slug)
  } catch (error) {
    if (error instanceof PermissionDenied && error.reason === "signed_out") redirect(signInPath(callbackUrl ?? `/o/${encodeURIComponent(slug)}`))
    if (error instanceof OrganizationError) notFound()
    throw error
  }
  const roles = membership.member.roles
  return { ...membership, can: (permission) => defaultOrganizationAccess.rolesGrant(roles, permission) }
})
