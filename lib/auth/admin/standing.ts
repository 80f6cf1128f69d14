/**
 * Changing a user's standing without a permission check: the roles they
 * hold and their ban. The admin operations (./operations.ts) check the
 * caller and then call these; the `npm run admin` command-line tool, run by
 * whoever holds the server, calls them directly.
 *
 * Both end every session of the user (revokeUserSessions): a ban must, and a
 * role change does so that no jwt still carries the old roles. The process
 * that made the change refuses the old sessions at once, other processes
 * within the revocation delay; the user signs in again and gets the new roles.
 */
import { activeBan } from "../access/user-access"
import { resolveAuthConfig } from "../auth"
import type { AccessAdapter } from "../adapters/capabilities"
import type { AuthConfig } from "../config/types"
import type { ResolvedConfig } from "../config/resolved"
import { MissingAdapterMethods } from "../errors"
import { emitEvent } from "../events"
import { voidInvitationsEverywhere } from "../organizations/inviter-authority"
import { recordSecurityEvent } from "../security-log/record"
import { endUserSessions } from "../session/user-sessions"
import { oneAtATime } from "./one-at-a-time"

/** Who acted and from which request, for the security log. */
export interface StandingChangeOrigin {
  /** The admin's user id; absent from the command line. */
  actorId?: string | null
  request?: Request | null
}

export type StandingResult = "done" | "no-such-user"

function accessAdapter(config: ResolvedConfig): AccessAdapter {
  const adapter = config.access.adapter
  if (!adapter) throw new MissingAdapterMethods("Roles and bans need an adapter with getUserAccess, setUserRoles and setUserBan.")
  return adapter
}

export async function setRolesOf(config: ResolvedConfig, userId: string, roles: readonly string[], origin: StandingChangeOrigin = {}): Promise<StandingResult> {
  for (const role of roles) if (!config.access.control.isRole(role)) throw new TypeError(`Unknown role: ${JSON.stringify(role)}`)
  return oneAtATime(userId, () => setRolesNow(config, userId, roles, origin))
}

async function setRolesNow(config: ResolvedConfig, userId: string, roles: readonly string[], origin: StandingChangeOrigin): Promise<StandingResult> {
  if (!(await accessAdapter(config).setUserRoles(userId, roles))) return "no-such-user"
  await endUserSessions(config, userId)
  const kept = roles.filter((role) => role !== "user")
  await recordSecurityEvent(config, origin.request ?? null, {
    userId,
    type: "roles-changed",
    detail: kept.length === 0 ? "no roles" : kept.join(", "),
    actorId: origin.actorId ?? null,
  })
  return "done"
}

/** A ban's end: a Date, or null for a permanent ban. */
export interface BanOptions {
  /** The admin's note (kept for the admins, never shown to the user); required, 1-500 characters. */
  reason: string
  until: Date | null
}

export async function banUserNow(config: ResolvedConfig, userId: string, options: BanOptions, origin: StandingChangeOrigin = {}): Promise<StandingResult> {
  const reason = typeof options.reason === "string" ? options.reason.trim() : ""
  if (reason === "" || reason.length > 500) throw new TypeError("A ban needs a reason of 1 to 500 characters")
  const until = options.until
  if (until !== null && (!(until instanceof Date) || Number.isNaN(until.getTime()) || until.getTime() <= Date.now())) {
    throw new TypeError("A ban's end must be a date in the future, or null for a permanent ban")
  }
  return oneAtATime(userId, () => banNow(config, userId, { reason, until }, origin))
}

async function banNow(config: ResolvedConfig, userId: string, { reason, until }: BanOptions, origin: StandingChangeOrigin): Promise<StandingResult> {
  if (!(await accessAdapter(config).setUserBan(userId, { at: new Date(), until, reason }))) return "no-such-user"
  // After the write: a sign-in in flight re-reads the ban in createSession, or its session is ended here.
  await endUserSessions(config, userId)
  await recordSecurityEvent(config, origin.request ?? null, {
    userId,
    type: "banned",
    // The end, never the reason: the user reads their own log.
    detail: until ? `until ${until.toISOString().slice(0, 16).replace("T", " ")} UTC` : "permanently",
    actorId: origin.actorId ?? null,
  })
  // A banned member's authority is suspended with them: the links they sent stop working.
  await voidInvitationsEverywhere(config, userId, "inviter-banned", origin.actorId ?? null)
  await emitEvent(config, "userBanned", { userId, until, actorId: origin.actorId ?? null })
  return "done"
}

export function unbanUserNow(config: ResolvedConfig, userId: string, origin: StandingChangeOrigin = {}): Promise<StandingResult> {
  return oneAtATime(userId, () => unbanNow(config, userId, origin))
}

async function unbanNow(config: ResolvedConfig, userId: string, origin: StandingChangeOrigin): Promise<StandingResult> {
  const adapter = accessAdapter(config)
  const before = await adapter.getUserAccess(userId)
  if (!before) return "no-such-user"
  // No ban recorded (never banned, or lifted by the unban just before this one): nothing changes, nothing is logged.
  if (before.bannedAt === null) return "done"
  if (!(await adapter.setUserBan(userId, null))) return "no-such-user"
  await recordSecurityEvent(config, origin.request ?? null, { userId, type: "unbanned", actorId: origin.actorId ?? null })
  // Only a suspension that was in force is news to the user: "no longer suspended" to someone who never was would alarm.
  if (activeBan(before)) await emitEvent(config, "userUnbanned", { userId, actorId: origin.actorId ?? null })
  return "done"
}

/** Whether a user is banned now, and until when. */
export async function banOf(config: ResolvedConfig, userId: string): Promise<{ until: Date | null } | null> {
  const record = await accessAdapter(config).getUserAccess(userId)
  return record ? activeBan(record) : null
}

/** The app's calls, with its configuration object (resolved once per object, as Auth() does). */
export function setUserRoles(config: AuthConfig, userId: string, roles: readonly string[], origin?: StandingChangeOrigin): Promise<StandingResult> {
  return setRolesOf(resolveAuthConfig(config), userId, roles, origin)
}
export function banUser(config: AuthConfig, userId: string, options: BanOptions, origin?: StandingChangeOrigin): Promise<StandingResult> {
  return banUserNow(resolveAuthConfig(config), userId, options, origin)
}
export function unbanUser(config: AuthConfig, userId: string, origin?: StandingChangeOrigin): Promise<StandingResult> {
  return unbanUserNow(resolveAuthConfig(config), userId, origin)
}
