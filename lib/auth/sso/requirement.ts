/**
 * "Require SSO": an organization that holds a domain verified and asks for
 * it lets addresses on that domain in through its connection only. Every
 * first factor ends in startSession, which asks here first, so a password,
 * an email link, a passkey or a social account of such an address is
 * refused with sso_required, whatever the app's own pages do.
 *
 * Break-glass: an owner of the organization keeps the other ways in (a
 * broken identity provider must not lock the organization out of its own
 * settings); each such sign-in is written to the organization's activity.
 */
import type { AuthContext } from "../context"
import { SsoError } from "../errors"
import { OWNER_ROLE } from "../organizations/types"
import type { Account, User } from "../types"
import { recordSsoEvent, recordSsoRefusal } from "./activity"
import { domainOfEmail } from "./domain-name"
import { SSO_ACCOUNT_PREFIX } from "./types"

export async function refuseWhereSsoRequired(ctx: AuthContext, user: User, account: Account | null): Promise<void> {
  const adapter = ctx.config.sso.adapter
  const domain = adapter ? domainOfEmail(user.email) : null
  if (!adapter || !domain) return
  const route = await adapter.getSsoRoute(domain)
  if (!route) return
  const organizationId = route.connection.organizationId
  if (!(await adapter.getOrganizationSsoRequired(organizationId))) return
  if (account?.provider.startsWith(SSO_ACCOUNT_PREFIX)) {
    const connection = await adapter.getSsoConnection(account.provider.slice(SSO_ACCOUNT_PREFIX.length))
    if (connection?.organizationId === organizationId) return
  }
  const userId = typeof user.id === "string" && user.id !== "" ? user.id : null
  const member = userId ? await ctx.config.organizations.adapter?.getMember(organizationId, userId) : null
  if (member?.roles.includes(OWNER_ROLE)) {
    await recordSsoEvent(ctx.config, {
      type: "sso-sign-in",
      organizationId,
      actorId: userId,
      subject: userId,
      detail: `owner break-glass via ${account?.provider ?? "credentials"}`,
    })
    return
  }
  const error = new SsoError("sso_required", "This address signs in through its organization's single sign-on")
  await recordSsoRefusal(ctx, { organizationId, connectionId: route.connection.id, userId, error })
  throw error
}
