/**
 * Recording what happened in an organization: one entry in its activity log
 * and the library event. Like the security log, a record is never a
 * condition of the act: a failed write or a throwing handler is logged and
 * the operation stands.
 */
import type { OrganizationEvent } from "../config/organizations"
import type { ResolvedConfig } from "../config/resolved"
import { EventError } from "../errors"
import type { OrganizationActivityEntry } from "./types"
import { organizationAdapter } from "./context"

export async function recordOrganizationEvent(config: ResolvedConfig, event: OrganizationEvent, options: { log?: boolean } = {}): Promise<void> {
  // An organization being deleted takes its log with it: only the event remains.
  if (options.log !== false) {
    try {
      await organizationAdapter(config).createOrganizationActivity({ ...event })
    } catch (cause) {
      const error = new EventError(`The organization activity log could not record ${event.type}`, { cause })
      config.logger.error(error.type, error)
    }
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

/** The newest entries first (at most `limit`, default 50). The caller has checked who may read them. */
export function activityOf(config: ResolvedConfig, organizationId: string, limit = 50): Promise<OrganizationActivityEntry[]> {
  return Promise.resolve(organizationAdapter(config).listOrganizationActivity(organizationId, limit))
}
