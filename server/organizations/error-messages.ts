/**
 * What a refused organization operation means to the person who tried it:
 * one sentence per OrganizationError code, shared by every organization page
 * and action. A non-member and an unknown organization read the
 * same, so a message never confirms that another tenant's organization exists.
 */
import { OrganizationError, OrganizationsUnsupported, PermissionDenied, type OrganizationErrorCode } from "@/lib/auth"

export const ORGANIZATION_ERROR_MESSAGES: Readonly<Record<OrganizationErrorCode, string>> = {
  organization_not_found: "That organization does not exist, or you are not a member of it.",
  organization_forbidden: "Your role in this organization does not allow that.",
  invalid_slug:
    "Choose a slug of 2 to 48 characters: lower-case letters, digits and single hyphens, starting and ending with a letter or digit (a few words such as “new” or “settings” are reserved).",
  slug_taken: "That slug is already taken by another organization. Choose another one.",
  invalid_organization_name: "Give the organization a name of 1 to 100 characters.",
  invalid_role: "Choose a role from the list.",
  last_owner: "An organization needs at least one owner: make someone else an owner first.",
  own_role: "You cannot change your own role.",
  member_not_found: "That person is not a member of this organization (any more).",
  member_limit: "This organization has reached its member limit.",
  already_member: "That person is already a member of this organization.",
  invitation_invalid: "This invitation is no longer valid: it was used, cancelled, replaced or has expired.",
  invitation_wrong_address: "This invitation was sent to another email address. Sign in with that address to accept it.",
  invitation_unverified_address: "Verify your email address first, then accept the invitation.",
  invitation_rate_limited: "Too many invitations were sent just now. Try again later.",
  no_active_session: "Your session has ended. Sign in again.",
  team_not_found: "That team does not exist in this organization.",
  team_name_taken: "This organization already has a team with that name.",
  invalid_team_name: "Give the team a name of 1 to 100 characters.",
  already_in_team: "That person is already in this team.",
}

/** Refusals that are not an OrganizationError, in the same voice. */
export const ORGANIZATION_REFUSALS = {
  signedOut: "Your session has ended. Sign in again.",
  impersonating: "Not while an admin is impersonating this account: organizations cannot be changed now.",
  forbidden: ORGANIZATION_ERROR_MESSAGES.organization_forbidden,
  failed: "That did not work. Nothing was changed; try again.",
  unavailable: "Organizations are not available on this site.",
} as const

export function organizationErrorMessage(code: OrganizationErrorCode): string {
  return ORGANIZATION_ERROR_MESSAGES[code] ?? ORGANIZATION_REFUSALS.failed
}

/** The sentence for a refusal the library threw, or null when `error` is not one (the caller rethrows it). */
export function refusalMessage(error: unknown): string | null {
  if (error instanceof OrganizationError) return organizationErrorMessage(error.code)
  // Organizations off (AUTH_ADAPTER=drizzle: the adapter has no organization methods).
  if (error instanceof OrganizationsUnsupported) return ORGANIZATION_REFUSALS.unavailable
  if (error instanceof PermissionDenied) {
    if (error.reason === "signed_out") return ORGANIZATION_REFUSALS.signedOut
    if (error.reason === "impersonating") return ORGANIZATION_REFUSALS.impersonating
    return ORGANIZATION_REFUSALS.forbidden
  }
  return null
}
