/**
 * What the members page and the invitation page say when the library refuses
 * (OrganizationError codes), in plain sentences. Kept apart from the shared
 * error-messages.ts of the organization pages so both can land independently;
 * the integrator may fold this map into that one.
 */
import { OrganizationError, type OrganizationErrorCode, PermissionDenied } from "@/lib/auth"

export const MEMBER_ERROR_MESSAGES: Readonly<Partial<Record<OrganizationErrorCode, string>>> = {
  organization_not_found: "That organization was not found.",
  organization_forbidden: "Your role in this organization does not allow that.",
  invalid_role: "Choose one of the roles offered.",
  last_owner: "An organization needs at least one owner: make another member an owner first, or delete the organization.",
  own_role: "You cannot give yourself a higher role.",
  member_not_found: "That person is not a member of this organization.",
  member_limit: "This organization has reached its member limit.",
  already_member: "That address already belongs to a member of this organization.",
  invitation_invalid: "This invitation link is not valid. It may have expired, been used, been withdrawn, or been replaced by a newer one.",
  invitation_wrong_address: "This invitation is for a different email address.",
  invitation_unverified_address: "Confirm your email address first (Settings › Email), then accept the invitation.",
  invitation_rate_limited: "Too many invitations were sent recently. Try again later.",
}

const FALLBACK = "That did not work. Reload the page and try again."

/** The sentence for a refusal the library or the Next layer threw; other errors are rethrown. */
export function memberErrorMessage(error: unknown): string {
  if (error instanceof OrganizationError) return MEMBER_ERROR_MESSAGES[error.code as OrganizationErrorCode] ?? FALLBACK
  if (error instanceof PermissionDenied) {
    if (error.reason === "impersonating") return "Organizations cannot be changed while you view an account as an administrator."
    if (error.reason === "signed_out") return "Your session ended. Sign in again."
  }
  throw error
}
