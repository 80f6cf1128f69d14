/**
 * Organizations as the resolved configuration holds them: on only
 * when the configuration asks (`organizations.enabled`), and then refused at
 * start when the adapter lacks any of their methods.
 */
import type { AccessControl } from "../access/control"
import { hasMethods, organizationMethods, type OrganizationAdapter } from "../adapters/capabilities"
import type { Adapter } from "../adapters/types"
import { OrganizationsUnsupported } from "../errors"
import { defaultOrganizationAccess } from "../organizations/roles"
import type { OrganizationEventType } from "../organizations/types"
import type { Awaitable } from "../types"
import { resolveTeams, teamsProblem, type ResolvedTeams, type TeamOptions } from "./teams"

/** A library event about an organization (also written to its activity log). */
export interface OrganizationEvent {
  type: OrganizationEventType
  organizationId: string
  /** Who acted; null when nobody did (a deletion from the command line). */
  actorId: string | null
  /** The member's user id or the invited address the event is about. */
  subject: string | null
  detail: string | null
}

export interface OrganizationOptions {
  /** Organizations are used: the adapter must have every organization method (checked at start). */
  enabled: boolean
  /** The organization roles (defineOrganizationAccess); default owner / admin / member over the built-in statement. */
  access?: AccessControl
  /** Seconds an invitation link is valid; default 7 days. */
  invitationMaxAge?: number
  /** The most members an organization may have; default none. */
  memberLimit?: number
  /** Called for every organization event; a handler that throws is logged and changes nothing. */
  onEvent?: (event: OrganizationEvent) => Awaitable<void>
  /** Teams within organizations (config/teams.ts); off by default. */
  teams?: TeamOptions
}

export interface ResolvedOrganizations {
  /** Present only when organizations are enabled and the adapter has their methods. */
  adapter?: OrganizationAdapter
  access: AccessControl
  invitationMaxAge: number
  memberLimit?: number
  onEvent?: (event: OrganizationEvent) => Awaitable<void>
  /** Present only when organizations and teams are on and the adapter has the team methods. */
  teams?: ResolvedTeams
}

export const DEFAULT_INVITATION_MAX_AGE = 7 * 24 * 60 * 60

/** The configuration error when organizations are asked for of an adapter without them, else undefined. */
export function organizationsProblem(options: OrganizationOptions | undefined, adapter: Adapter | undefined): OrganizationsUnsupported | undefined {
  if (!options?.enabled) return undefined
  if (hasMethods(adapter, organizationMethods)) return teamsProblem(options.teams, adapter)
  const missing = organizationMethods.filter((m) => typeof adapter?.[m] !== "function")
  return new OrganizationsUnsupported(`organizations.enabled needs an adapter that stores organizations; it lacks ${missing.join(", ")}.`)
}

export function resolveOrganizations(options: OrganizationOptions | undefined, adapter: Adapter | undefined): ResolvedOrganizations {
  const maxAge = options?.invitationMaxAge
  const limit = options?.memberLimit
  return {
    adapter: options?.enabled && hasMethods(adapter, organizationMethods) ? adapter : undefined,
    access: options?.access ?? (defaultOrganizationAccess as unknown as AccessControl),
    invitationMaxAge: typeof maxAge === "number" && Number.isFinite(maxAge) && maxAge > 0 ? Math.floor(maxAge) : DEFAULT_INVITATION_MAX_AGE,
    memberLimit: typeof limit === "number" && Number.isInteger(limit) && limit > 0 ? limit : undefined,
    onEvent: options?.onEvent,
    teams: options?.enabled ? resolveTeams(options.teams, adapter) : undefined,
  }
}
