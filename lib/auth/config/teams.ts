/**
 * Teams as the resolved configuration holds them: an option of
 * organizations (`organizations.teams: true`, or `{ access }` for the app's own
 * team roles), refused at start when the adapter lacks any team method.
 */
import type { AccessControl } from "../access/control"
import { hasMethods, teamMethods, type TeamAdapter } from "../adapters/capabilities"
import type { Adapter } from "../adapters/types"
import { OrganizationsUnsupported } from "../errors"
import { defaultTeamAccess } from "../organizations/team-roles"

/** `true`: teams with the built-in roles lead / member; `{ access }`: with roles from defineTeamAccess. */
export type TeamOptions = boolean | { access?: AccessControl }

export interface ResolvedTeams {
  adapter: TeamAdapter
  access: AccessControl
}

/** The configuration error when teams are asked for of an adapter without them, else undefined. */
export function teamsProblem(options: TeamOptions | undefined, adapter: Adapter | undefined): OrganizationsUnsupported | undefined {
  if (!options || hasMethods(adapter, teamMethods)) return undefined
  const missing = teamMethods.filter((m) => typeof adapter?.[m] !== "function")
  return new OrganizationsUnsupported(`organizations.teams needs an adapter that stores teams; it lacks ${missing.join(", ")}.`)
}

/** Present only when teams are on and the adapter has their methods. */
export function resolveTeams(options: TeamOptions | undefined, adapter: Adapter | undefined): ResolvedTeams | undefined {
  if (!options || !hasMethods(adapter, teamMethods)) return undefined
  const access = typeof options === "object" && options.access ? options.access : (defaultTeamAccess as unknown as AccessControl)
  return { adapter, access }
}
