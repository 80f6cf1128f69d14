/**
 * The common end of an SSO sign-in, SAML or OpenID Connect, once the answer
 * is validated:
 *
 * - The account is found by connection and subject (provider `sso:<id>`,
 *   the NameID or `sub`), never by address alone.
 * - The address must be on a domain this organization holds verified: an
 *   identity provider vouches only for its own domains, so another
 *   organization's connection cannot sign anyone in with an address of ours.
 * - On its first sign-in, an existing account with that address is linked
 *   (the verified domain proves the organization controls the address);
 *   otherwise an account is made with the address verified.
 * - The user joins the organization with the default role (or the mapped
 *   ones); the mapping, when there is one, sets the roles again at each
 *   sign-in, but never takes an owner's role away.
 * - The session is started by startSession, like every other first factor
 *   (bans, two-factor, the security log, the signIn event).
 */
import type { AdapterAccount, AdapterUser } from "../adapters/types"
import type { AuthContext } from "../context"
import { normalizeEmailAddress } from "../email/normalize"
import { SsoError } from "../errors"
import { emitEvent } from "../events"
import type { ResponseInternal } from "../http/response"
import { OWNER_ROLE } from "../organizations/types"
import { recordSecurityEvent } from "../security-log/record"
import { startSession } from "../two-factor/second-step"
import type { Account, Profile, User } from "../types"
import { recordSsoEvent, recordSsoRefusal } from "./activity"
import { domainOfEmail } from "./domain-name"
import { mappedRoles } from "./role-mapping"
import { ssoAccountProvider, type AdapterSsoConnection } from "./types"

/** What a validated SSO answer says about the user. */
export interface SsoIdentity {
  subject: string
  email: string | null
  name: string | null
  /** SAML attributes or OpenID Connect claims: the role mapping reads them. */
  attributes: Record<string, unknown>
}

function normalizedEmail(email: string | null): string | null {
  if (!email) return null
  try {
    return normalizeEmailAddress(email)
  } catch {
    return null
  }
}

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((role) => b.includes(role))

/** Refuses with `code`, written to the organization's activity and (when known) the user's security log. */
async function refuse(ctx: AuthContext, connection: AdapterSsoConnection, userId: string | null, error: SsoError): Promise<never> {
  await recordSsoRefusal(ctx, { organizationId: connection.organizationId, connectionId: connection.id, userId, error })
  throw error
}

const stored = (account: Account, userId: string): AdapterAccount => ({
  provider: account.provider,
  providerAccountId: account.providerAccountId,
  type: account.type === "oidc" ? "oidc" : "oauth",
  userId,
})

async function accountUser(ctx: AuthContext, connection: AdapterSsoConnection, identity: SsoIdentity, account: Account): Promise<{ user: AdapterUser; isNewUser: boolean }> {
  const adapter = ctx.config.adapters.account
  const sso = ctx.config.sso.adapter
  if (!adapter || !sso) throw new SsoError("sso_disabled", "Single sign-on needs an adapter with accounts")
  const known = await adapter.getUserByAccount({ provider: account.provider, providerAccountId: account.providerAccountId })

  const email = normalizedEmail(identity.email)
  const domain = domainOfEmail(email)
  if (!email || !domain) return refuse(ctx, connection, known?.id ?? null, new SsoError("sso_email_missing", "The identity provider sent no usable address"))
  const route = await sso.getSsoRoute(domain)
  if (route?.connection.organizationId !== connection.organizationId) {
    return refuse(ctx, connection, known?.id ?? null, new SsoError("sso_domain_unverified", "The address is not on a domain this organization has verified"))
  }
  if (known) return { user: known, isNewUser: false }

  const existing = await adapter.getUserByEmail(email)
  if (existing) {
    await adapter.linkAccount(stored(account, existing.id))
    await recordSecurityEvent(ctx.config, ctx.request.request, { userId: existing.id, type: "account-linked", provider: account.provider, detail: connection.name })
    await emitEvent(ctx.config, "linkAccount", { user: existing, account, profile: { id: identity.subject, email, name: identity.name }, isNewUser: false })
    return { user: existing, isNewUser: false }
  }
  const created = await adapter.createUser({ id: "", email, emailVerified: new Date(), name: identity.name, image: null } as AdapterUser)
  await emitEvent(ctx.config, "createUser", { user: created })
  await adapter.linkAccount(stored(account, created.id))
  return { user: created, isNewUser: true }
}

/** Joins the organization, or applies the role mapping to the membership there is. */
async function membership(ctx: AuthContext, connection: AdapterSsoConnection, userId: string, identity: SsoIdentity): Promise<void> {
  const sso = ctx.config.sso.adapter!
  const organizations = ctx.config.organizations.adapter
  const mapped = mappedRoles(connection.roleMapping, identity.attributes, connection.defaultRole)
  const { member, joined } = await sso.joinOrganizationBySso(connection.organizationId, userId, mapped ?? [connection.defaultRole])
  const organizationId = connection.organizationId
  if (joined) {
    // A new membership: a session read that knew the user in no organization must not say so again.
    if (ctx.config.revocation) ctx.config.revocation.membershipsChanged(userId)
    await recordSsoEvent(ctx.config, { type: "member-joined", organizationId, actorId: userId, subject: userId, detail: `sso:${connection.name}` })
    const organization = await organizations?.getOrganization(organizationId)
    await recordSecurityEvent(ctx.config, ctx.request.request, { userId, type: "organization-joined", detail: organization?.name ?? null })
    return
  }
  if (!mapped || member.roles.includes(OWNER_ROLE) || sameRoles(member.roles, mapped)) return
  const changed = await organizations?.setMemberRoles(organizationId, userId, mapped)
  if (changed === "done") {
    await recordSsoEvent(ctx.config, { type: "member-role-changed", organizationId, actorId: null, subject: userId, detail: `${mapped.join(",")} (from ${connection.name})` })
    if (ctx.config.revocation) ctx.config.revocation.membershipsChanged(userId)
  }
}

export async function finishSsoSignIn(ctx: AuthContext, connection: AdapterSsoConnection, identity: SsoIdentity): Promise<ResponseInternal> {
  const account: Account = { provider: ssoAccountProvider(connection.id), providerAccountId: identity.subject, type: connection.kind === "oidc" ? "oidc" : "oauth" }
  const { user, isNewUser } = await accountUser(ctx, connection, identity, account)
  await membership(ctx, connection, user.id, identity)
  await recordSsoEvent(ctx.config, { type: "sso-sign-in", organizationId: connection.organizationId, actorId: user.id, subject: user.id, detail: connection.name })
  const profile: Profile = { sub: identity.subject, email: identity.email, name: identity.name }
  const signedIn: User = user
  return startSession(ctx, { user: signedIn, account, profile, isNewUser, method: "oauth" })
}
