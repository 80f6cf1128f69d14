/**
 * Invitations: a single-use link bound to one address, valid
 * `organizations.invitationMaxAge` (7 days by default). Only the SHA-256 of
 * the link's token is stored. Inviting the same address again voids the
 * earlier link. Accepting needs a session whose user has proved the invited
 * mailbox (a verified address equal to the invited one); the claim of the
 * invitation is one conditional write, so concurrent accepts make one
 * membership.
 */
import { randomBytes } from "node:crypto"
import type { ResolvedConfig } from "../config/resolved"
import { normalizeEmailAddress } from "../email/normalize"
import { OrganizationError } from "../errors"
import { sha256Hex } from "../hash"
import { recordSecurityEvent } from "../security-log/record"
import type { Cookie } from "../types"
import { currentSession, storeActiveOrganization } from "./active"
import { recordOrganizationEvent } from "./activity"
import { actorId, isOwner, membershipsChanged, organizationAdapter, requirePermission, type OrganizationActor } from "./context"
import { isOrganizationRole } from "./roles"
import { MEMBER_ROLE, OWNER_ROLE, type AdapterInvitation, type AdapterMember } from "./types"

/** The stored form of a link's token. */
export const invitationTokenHash = (token: string) => sha256Hex(`organization-invitation:${token}`)

function checkedRoles(config: ResolvedConfig, roles: readonly string[] | undefined): string[] {
  const list = roles === undefined || roles.length === 0 ? [MEMBER_ROLE] : [...new Set(roles)]
  for (const role of list) if (typeof role !== "string" || !isOrganizationRole(config.organizations.access, role)) throw new OrganizationError("invalid_role")
  return list
}

/**
 * Invites `email` with `roles` (default member). Returns the link's token, once: the app mails it.
 * Only an owner may invite an owner. Rate-limited per inviter and per organization
 * (rules "invitation-inviter", "invitation-organization"). already_member when the address's account is a member;
 * member_limit when the organization is full.
 */
export async function inviteMember(
  config: ResolvedConfig,
  actor: OrganizationActor,
  organizationId: string,
  input: { email: string; roles?: readonly string[] },
): Promise<{ invitation: AdapterInvitation; token: string }> {
  const membership = await requirePermission(config, actor, organizationId, { member: ["invite"] })
  let email: string
  try {
    email = normalizeEmailAddress(input?.email)
  } catch {
    throw new OrganizationError("invitation_wrong_address", "Not an email address")
  }
  const roles = checkedRoles(config, input?.roles)
  if (roles.includes(OWNER_ROLE) && !isOwner(membership.member)) throw new OrganizationError("organization_forbidden", "Only an owner may invite an owner")
  // Counted before the work, inviter first: an inviter over their own limit does not spend the organization's.
  const verdict = await config.rateLimiter.consumeAll([
    ["invitation-inviter", membership.member.userId],
    ["invitation-organization", organizationId],
  ])
  if (!verdict.allowed) throw new OrganizationError("invitation_rate_limited")
  const adapter = organizationAdapter(config)
  const existing = await config.adapter?.getUserByEmail?.(email)
  if (existing && (await adapter.getMember(organizationId, existing.id))) throw new OrganizationError("already_member")
  const limit = config.organizations.memberLimit
  if (limit !== undefined && (await adapter.listMembers(organizationId)).length >= limit) throw new OrganizationError("member_limit")
  const token = randomBytes(32).toString("base64url")
  const invitation = await adapter.createInvitation({
    organizationId,
    email,
    roles,
    inviterId: membership.member.userId,
    tokenHash: await invitationTokenHash(token),
    expires: new Date(Date.now() + config.organizations.invitationMaxAge * 1000),
  })
  await recordOrganizationEvent(config, { type: "member-invited", organizationId, actorId: membership.member.userId, subject: email, detail: roles.join(", ") })
  return { invitation, token }
}

/** The organization's pending, unexpired invitations (for those who may invite). */
export async function listInvitations(config: ResolvedConfig, actor: OrganizationActor, organizationId: string): Promise<AdapterInvitation[]> {
  await requirePermission(config, actor, organizationId, { member: ["invite"] })
  const now = Date.now()
  return (await organizationAdapter(config).listInvitations(organizationId)).filter((i) => i.status === "pending" && i.expires.getTime() > now)
}

export async function cancelInvitation(config: ResolvedConfig, actor: OrganizationActor, organizationId: string, invitationId: string): Promise<void> {
  const membership = await requirePermission(config, actor, organizationId, { invitation: ["cancel"] })
  if (typeof invitationId !== "string" || !(await organizationAdapter(config).cancelInvitation(organizationId, invitationId))) {
    throw new OrganizationError("invitation_invalid")
  }
  await recordOrganizationEvent(config, { type: "invitation-cancelled", organizationId, actorId: membership.member.userId, subject: invitationId, detail: null })
}

/** What the invitation page shows before accepting: the invitation, when its link is valid. */
export async function invitationByToken(config: ResolvedConfig, token: unknown): Promise<AdapterInvitation | null> {
  if (typeof token !== "string" || token === "" || token.length > 200) return null
  const invitation = await organizationAdapter(config).getInvitationByTokenHash(await invitationTokenHash(token))
  return invitation && invitation.status === "pending" && invitation.expires.getTime() > Date.now() ? invitation : null
}

/**
 * Accepts the invitation of `token` as the actor. Refused unless the actor's account has the
 * invited address, verified (invitation_wrong_address, invitation_unverified_address); an invalid,
 * used, voided or expired link is invitation_invalid. With the actor's request, the organization
 * becomes the session's active one.
 */
export async function acceptInvitation(
  config: ResolvedConfig,
  actor: OrganizationActor,
  token: unknown,
): Promise<{ member: AdapterMember; cookies: Cookie[] }> {
  const { invitation, user } = await invitationForUser(config, actor, token)
  if (!(user.emailVerified instanceof Date)) throw new OrganizationError("invitation_unverified_address")
  return join(config, actor, invitation, token as string)
}

/**
 * Accepts the invitation of `token` for an account just created through its link (sign-up through
 * an invitation). The link was mailed to the invited address, so holding it proves that mailbox:
 * once the claim succeeds the account's address counts as verified. Only for the sign-up path: the
 * caller passes the user it created a moment ago with the invited address (invitation_wrong_address
 * otherwise). If the claim fails (used, voided, expired meanwhile) nothing is verified.
 */
export async function acceptInvitationAtSignUp(
  config: ResolvedConfig,
  actor: OrganizationActor,
  token: unknown,
): Promise<{ member: AdapterMember; cookies: Cookie[] }> {
  const { invitation, user } = await invitationForUser(config, actor, token)
  const joined = await join(config, actor, invitation, token as string)
  if (!(user.emailVerified instanceof Date)) await config.adapter?.updateUser?.({ id: user.id, emailVerified: new Date() })
  return joined
}

/**
 * Declines the invitation of `token`: the link stops working and the organization's log says it was
 * declined. Holding the link is the proof (it went to the invited mailbox), so no session is needed.
 */
export async function declineInvitation(config: ResolvedConfig, token: unknown): Promise<void> {
  const invitation = await invitationByToken(config, token)
  if (!invitation || !(await organizationAdapter(config).cancelInvitation(invitation.organizationId, invitation.id))) {
    throw new OrganizationError("invitation_invalid")
  }
  await recordOrganizationEvent(config, {
    type: "invitation-cancelled",
    organizationId: invitation.organizationId,
    actorId: null,
    subject: invitation.email,
    detail: "declined",
  })
}

/** The valid invitation of `token` and the actor's account, which must have the invited address. */
async function invitationForUser(config: ResolvedConfig, actor: OrganizationActor, token: unknown) {
  const userId = actorId(actor)
  const invitation = await invitationByToken(config, token)
  if (!invitation) throw new OrganizationError("invitation_invalid")
  const user = await config.adapter?.getUser?.(userId)
  if (!user?.email || user.email.toLowerCase() !== invitation.email.toLowerCase()) throw new OrganizationError("invitation_wrong_address")
  return { invitation, user }
}

/** The claim (one conditional write: concurrent accepts make one membership), then the logs and the active organization. */
async function join(
  config: ResolvedConfig,
  actor: OrganizationActor,
  invitation: AdapterInvitation,
  token: string,
): Promise<{ member: AdapterMember; cookies: Cookie[] }> {
  const userId = actorId(actor)
  const result = await organizationAdapter(config).acceptInvitation({
    tokenHash: await invitationTokenHash(token),
    userId,
    now: new Date(),
    memberLimit: config.organizations.memberLimit,
  })
  if (result.status === "member-limit") throw new OrganizationError("member_limit")
  if (result.status !== "joined") throw new OrganizationError("invitation_invalid")
  // A new membership: a session read that knew the user in no organization must not say so again.
  membershipsChanged(config, [userId])
  const { organizationId } = invitation
  const organization = await organizationAdapter(config).getOrganization(organizationId)
  await recordOrganizationEvent(config, { type: "member-joined", organizationId, actorId: userId, subject: userId, detail: result.member.roles.join(", ") })
  await recordSecurityEvent(config, actor.request ?? null, { userId, type: "organization-joined", detail: organization?.name ?? null })
  let cookies: Cookie[] = []
  const session = actor.request ? await currentSession(config, actor.request) : null
  if (session?.userId === userId) cookies = await storeActiveOrganization(config, session, organizationId)
  return { member: result.member, cookies }
}
