/**
 * The jwt session's active organization: its id, and a snapshot of
 * the user's membership of it (organization, member id, roles) taken at the
 * user's memberships version. The database moves that version on in the same
 * statement that ends a membership, changes its roles or renames the
 * organization; the version is read with "sessions valid since", in the same
 * statement and through the same per-process cache (revocation.ts). So a
 * snapshot whose version is still the user's answers an organization page
 * with no query of its own; any other (stale, missing, or not known because
 * of an outage) grants nothing: the membership is read from the database and
 * the token re-issued with a fresh snapshot, or without the organization when
 * the user is no longer its member.
 */
import type { ResolvedConfig } from "../config/resolved"
import type { MembershipAtVersion, MembershipRecord } from "../organizations/types"
import type { JWT } from "../types"

/** The active organization's id. */
export const ACTIVE_ORGANIZATION_CLAIM = "activeOrganizationId"
/** The snapshot of the membership of it, with the memberships version it was taken at. */
export const ACTIVE_MEMBERSHIP_CLAIM = "activeMembership"

interface SnapshotClaim {
  v: number
  organization: { name: string; slug: string; createdAt: number }
  member: { id: string; roles: string[]; createdAt: number }
}

const isString = (value: unknown): value is string => typeof value === "string" && value !== ""
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value)

export function activeOrganizationIdOf(token: JWT): string | null {
  const claim = token[ACTIVE_ORGANIZATION_CLAIM]
  return isString(claim) ? claim : null
}

/** The token's snapshot with the version it was taken at, or undefined when it has none (or a malformed one). */
export function snapshotOf(token: JWT): { version: number; membership: MembershipRecord } | undefined {
  const organizationId = activeOrganizationIdOf(token)
  const userId = token.sub
  const claim = token[ACTIVE_MEMBERSHIP_CLAIM] as Partial<SnapshotClaim> | undefined
  if (!organizationId || !isString(userId) || typeof claim !== "object" || claim === null) return undefined
  const { v, organization, member } = claim
  if (!isNumber(v) || typeof organization !== "object" || organization === null || typeof member !== "object" || member === null) return undefined
  if (!isString(organization.slug) || typeof organization.name !== "string" || !isNumber(organization.createdAt)) return undefined
  if (!isString(member.id) || !Array.isArray(member.roles) || !isNumber(member.createdAt)) return undefined
  return {
    version: v,
    membership: {
      organization: { id: organizationId, name: organization.name, slug: organization.slug, createdAt: new Date(organization.createdAt) },
      member: { id: member.id, organizationId, userId, roles: member.roles.filter(isString), createdAt: new Date(member.createdAt) },
    },
  }
}

/** `token` with the active organization set to this membership at this version, or with none (null). */
export function withActiveMembership(token: JWT, membership: MembershipRecord | null, version: number | null): JWT {
  const { [ACTIVE_ORGANIZATION_CLAIM]: _id, [ACTIVE_MEMBERSHIP_CLAIM]: _snapshot, ...rest } = token
  if (!membership) return rest
  const out: JWT = { ...rest, [ACTIVE_ORGANIZATION_CLAIM]: membership.organization.id }
  // Without a version (an adapter that keeps none) the id alone: every page then reads the database.
  if (version === null) return out
  const { organization, member } = membership
  const snapshot: SnapshotClaim = {
    v: version,
    organization: { name: organization.name, slug: organization.slug, createdAt: organization.createdAt.getTime() },
    member: { id: member.id, roles: [...member.roles], createdAt: member.createdAt.getTime() },
  }
  return { ...out, [ACTIVE_MEMBERSHIP_CLAIM]: snapshot }
}

/** `token` with the organization claims exactly as `source` has them: not the jwt callback's to change. */
export function withOrganizationClaimsOf(token: JWT, source: JWT): JWT {
  const { [ACTIVE_ORGANIZATION_CLAIM]: _id, [ACTIVE_MEMBERSHIP_CLAIM]: _snapshot, ...rest } = token
  const out: JWT = rest
  if (source[ACTIVE_ORGANIZATION_CLAIM] !== undefined) out[ACTIVE_ORGANIZATION_CLAIM] = source[ACTIVE_ORGANIZATION_CLAIM]
  if (source[ACTIVE_MEMBERSHIP_CLAIM] !== undefined) out[ACTIVE_MEMBERSHIP_CLAIM] = source[ACTIVE_MEMBERSHIP_CLAIM]
  return out
}

/**
 * The token's organization claims brought up to date, and the membership they now vouch for.
 * No organization claim (organizations off, or none active): nothing is read. A snapshot at the
 * user's current version: trusted as it is. Anything else, when `mayRead` (the revocation verdict
 * is confirmed): one read of the membership, whose answer replaces the claims.
 */
export async function currentActiveMembership(
  config: Pick<ResolvedConfig, "organizations" | "revocation">,
  token: JWT,
  mayRead: boolean,
): Promise<{ token: JWT; membership: MembershipRecord | null | undefined }> {
  const adapter = config.organizations.adapter
  const organizationId = activeOrganizationIdOf(token)
  if (!organizationId || !adapter || !isString(token.sub)) return { token, membership: undefined }
  const snapshot = snapshotOf(token)
  const version = config.revocation?.membershipsVersion(token)
  if (snapshot && version !== undefined && snapshot.version === version) return { token, membership: snapshot.membership }
  if (!mayRead) return { token, membership: undefined }
  const read: MembershipAtVersion = await adapter.getActiveMembership(token.sub, organizationId)
  if (read.membershipsVersion !== null) config.revocation?.noteMembershipsVersion(token.sub, read.membershipsVersion)
  return { token: withActiveMembership(token, read.membership, read.membershipsVersion), membership: read.membership }
}
