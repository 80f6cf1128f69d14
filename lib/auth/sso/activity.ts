/**
 * What single sign-on writes down: one entry in the organization's activity
 * log (with the organizations' event handler), and for a sign-in refused
 * after the answer was read, a failed sign-in in the user's security log.
 * Never a condition of the act: a failed write is logged and the sign-in
 * stands or falls on its own.
 */
import type { OrganizationEvent } from "../config/organizations"
import type { ResolvedConfig } from "../config/resolved"
import type { AuthContext } from "../context"
import { EventError, type SsoError } from "../errors"
import { recordSignInFailure } from "../security-log/sign-in"
import { ssoAccountProvider } from "./types"

export async function recordSsoEvent(config: ResolvedConfig, event: OrganizationEvent): Promise<void> {
  const adapter = config.organizations.adapter
  try {
    await adapter?.createOrganizationActivity({ ...event })
  } catch (cause) {
    const error = new EventError(`The organization activity log could not record ${event.type}`, { cause })
    config.logger.error(error.type, error)
  }
  const handler = config.organizations.onEvent
  if (!handler) return
  try {
    await handler(event)
  } catch (cause) {
    const error = new EventError(`The organization ${event.type} event handler threw`, { cause })
    config.logger.error(error.type, error)
  }
}

/** A refused SSO sign-in: the organization sees the code, the user (when known) a failed sign-in. */
export async function recordSsoRefusal(
  ctx: AuthContext,
  refusal: { organizationId: string; connectionId: string; userId: string | null; error: SsoError },
): Promise<void> {
  await recordSsoEvent(ctx.config, {
    type: "sso-sign-in-refused",
    organizationId: refusal.organizationId,
    actorId: null,
    subject: refusal.userId,
    detail: refusal.error.code,
  })
  await recordSignInFailure(ctx, {
    userId: refusal.userId,
    method: "oauth",
    provider: ssoAccountProvider(refusal.connectionId),
    detail: refusal.error.code,
  })
}
