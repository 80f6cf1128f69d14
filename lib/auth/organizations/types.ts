/**
 * The organizations' vocabulary: the records as the adapter
 * contract names them, and what the adapter answers for the writes whose
 * rules it must keep in one statement (the last owner, single-use
 * invitations). Types and constants only.
 */

/** The built-in organization roles. */
export const OWNER_ROLE = "owner"
export const ORG_ADMIN_ROLE = "admin"
export const MEMBER_ROLE = "member"

export interface AdapterOrganization {
  id: string
  name: string
  slug: string
  createdAt: Date
}

export interface AdapterMember {
  id: string
  organizationId: string
  userId: string
  roles: string[]
  createdAt: Date
}

/**
 * "claiming": held for a moment by an accept that is checking the member limit; a cancel or a
 * new invitation to the address ends it like a pending one, and the accept then fails.
 */
export type InvitationStatus = "pending" | "claiming" | "accepted" | "cancelled" | "replaced"

export interface AdapterInvitation {
  id: string
  organizationId: string
  /** Normalised (lower-case) address the invitation is bound to. */
  email: string
  roles: string[]
  inviterId: string | null
  expires: Date
  status: InvitationStatus
  createdAt: Date
}

export interface NewInvitation {
  organizationId: string
  email: string
  roles: readonly string[]
  inviterId: string
  /** SHA-256 (hex) of the link's token: the token itself is never stored. */
  tokenHash: string
  expires: Date
}

/** What changing or removing a membership answers: "last-owner" when it would leave the organization without one. */
export type MembershipChange = "done" | "not-found" | "last-owner"

/**
 * What accepting an invitation answers. "joined": this call claimed it and the
 * membership exists; "unavailable": no pending, unexpired invitation with that
 * hash (used, cancelled, replaced, expired or never issued); "member-limit":
 * the organization is full, and the invitation stays pending.
 */
export type AcceptInvitationResult =
  | { status: "joined"; member: AdapterMember; invitation: AdapterInvitation }
  | { status: "unavailable" | "member-limit" }

export interface OrganizationActivityEntry {
  id: string
  organizationId: string
  type: OrganizationEventType
  actorId: string | null
  subject: string | null
  detail: string | null
  createdAt: Date
}

export type NewOrganizationActivity = Omit<OrganizationActivityEntry, "id" | "createdAt">

export type OrganizationEventType =
  | "organization-created"
  | "organization-deleted"
  | "member-invited"
  | "member-joined"
  | "member-removed"
  | "member-left"
  | "member-role-changed"
  | "ownership-transferred"
  | "invitation-cancelled"
  | "invitation-voided"
  | "team-created"
  | "team-renamed"
  | "team-deleted"
  | "team-member-added"
  | "team-member-removed"
  | "team-member-role-changed"
  /** Single sign-on (lib/auth/sso): subject is the connection's or domain's name, or the signed-in user's id. */
  | "sso-connection-added"
  | "sso-connection-changed"
  | "sso-connection-removed"
  | "sso-domain-added"
  | "sso-domain-verified"
  | "sso-domain-removed"
  | "sso-required-changed"
  | "sso-sign-in"
  /** detail: the refusal's code (sso_required, sso_assertion_replayed, ...). */
  | "sso-sign-in-refused"

/** One membership with its organization, as a session read or the sign-in finds it. */
export interface MembershipRecord {
  organization: AdapterOrganization
  member: AdapterMember
}

/**
 * A membership as the user's session sees it, with the user's
 * memberships version read in the same statement: the number the database
 * moves on whenever one of their memberships ends or changes roles, or one of
 * their organizations is renamed. null: no such membership.
 */
export interface MembershipAtVersion {
  membership: MembershipRecord | null
  /** null: no such user. */
  membershipsVersion: number | null
}
