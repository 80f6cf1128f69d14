/**
 * The admin's operations, each with its permission check inside: the caller
 * names who is acting (the actor, from their session), and nothing is read
 * or changed unless that actor may. The check does not trust the session's
 * roles: it re-reads the actor's standing from the database (a role taken
 * away, or a ban, counts at once, whatever their token still says), asks for
 * a recent proof of identity (step-up, as Settings' sensitive actions do),
 * and refuses a session that is an impersonation. Every change is written to
 * the target's security log with the admin as actor.
 *
 * Nobody acts above their own authority: an operation on a user whose roles
 * grant something the actor lacks is refused, a role change may grant only
 * what the actor holds (`admin` only from an admin), and nobody changes their
 * own roles. Otherwise one delegated permission (a `support` role with
 * `user: ["set-role"]`) would be every permission.
 *
 * An admin never sets a password (ASVS 5.0 6.4.6): `sendPasswordReset` asks
 * the app to mail the user its reset link, through the function the app
 * passes in (the reset flow and its tokens are the app's).
 */
import { effectiveRoles, activeBan, type UserListPage, type UserListQuery } from "../access/user-access"
import { ADMIN_ROLE, type PermissionRequest, type Resources } from "../access/control"
import { grantsBeyond } from "../access/grants"
import { resolveAuthConfig } from "../auth"
import { adminMethods, hasMethods, type AdminAdapter } from "../adapters/capabilities"
import type { AuthConfig } from "../config/types"
import type { ResolvedConfig } from "../config/resolved"
import { MissingAdapterMethods, OrganizationError, PermissionDenied } from "../errors"
import { emitEvent } from "../events"
import { leaveOrganizationsForDeletion } from "../organizations/departure"
import { recordSecurityEvent } from "../security-log/record"
import { needsReauthentication } from "../session/step-up"
import { endUserSessions, publicSessionId } from "../session/user-sessions"
import { describeUserAgent } from "../session/user-agent"
import { disable as disableTwoFactorOf } from "../two-factor/enrolment"
import { banUserNow, type BanOptions, setRolesOf, unbanUserNow, type StandingResult } from "./standing"

/** Who is acting: the signed-in admin, as their session and its proof say. */
export interface AdminActor {
  userId: string
  /** When they last proved who they are (the session's proof); null: unknown, counted as stale. */
  authenticatedAt: Date | null
  /** The session is an impersonation: no admin operation runs from it. */
  impersonating?: boolean
  /** The request, for the security log's address and device. */
  request?: Request | null
}

export interface AdminSessionInfo {
  id: string
  createdAt: Date | null
  lastActiveAt: Date | null
  expires: Date
  browser: string
  os: string
  /** Set on a session an admin started as this user (impersonation). */
  impersonatedBy: string | null
}

export type AdminSessionListing = { status: "ok"; sessions: AdminSessionInfo[] } | { status: "jwt" }

export interface AdminOperationsOptions {
  /** Mails the user a password-reset link (the app's flow); without it `sendPasswordReset` is refused. */
  sendPasswordReset?: (user: { id: string; email: string }) => Promise<void>
}

function adminAdapter(config: ResolvedConfig): AdminAdapter {
  const adapter = config.adapter
  if (!hasMethods(adapter, adminMethods)) throw new MissingAdapterMethods(`The admin operations need an adapter with ${adminMethods.join(", ")}.`)
  return adapter
}

/**
 * Refuses (PermissionDenied, nothing read or changed) unless the actor exists, is not banned,
 * holds the permission by their stored roles, is not impersonating, and proved who they are recently;
 * with a target, also unless the target's roles grant nothing the actor's do not. The actor's roles when allowed.
 */
export async function assertAdminPermission(
  config: ResolvedConfig,
  actor: AdminActor | null | undefined,
  permission: PermissionRequest<Resources>,
  target?: string,
): Promise<readonly string[]> {
  if (!actor || typeof actor.userId !== "string" || actor.userId === "") throw new PermissionDenied("signed_out")
  if (actor.impersonating) throw new PermissionDenied("impersonating")
  const adapter = adminAdapter(config)
  const record = await adapter.getUserAccess(actor.userId)
  if (!record || activeBan(record)) throw new PermissionDenied("forbidden")
  const held = effectiveRoles(record, config.access.adminEmails)
  if (!config.access.control.rolesGrant(held, permission)) throw new PermissionDenied("forbidden")
  if (needsReauthentication({ authenticatedAt: actor.authenticatedAt }, config)) throw new PermissionDenied("stale_proof")
  if (target !== undefined && target !== actor.userId) {
    const standing = typeof target === "string" && target !== "" ? await adapter.getUserAccess(target) : null
    // No such user: the operation answers that itself.
    if (standing && grantsBeyond(config.access.control, held, effectiveRoles(standing, config.access.adminEmails))) {
      throw new PermissionDenied("forbidden", "That user holds permissions you do not")
    }
  }
  return held
}

/** Refuses a role change that is the actor's own, or grants what the actor does not hold. */
function assertMayGrant(config: ResolvedConfig, actor: AdminActor, held: readonly string[], userId: string, roles: readonly string[]): void {
  if (userId === actor.userId) throw new PermissionDenied("forbidden", "Nobody changes their own roles")
  if (roles.includes(ADMIN_ROLE) && !held.includes(ADMIN_ROLE)) throw new PermissionDenied("forbidden", "Only an admin grants the admin role")
  if (grantsBeyond(config.access.control, held, roles)) throw new PermissionDenied("forbidden", "You can only grant roles whose permissions you hold")
}

export function adminOperationsFor(config: ResolvedConfig, options: AdminOperationsOptions = {}) {
  const origin = (actor: AdminActor) => ({ actorId: actor.userId, request: actor.request ?? null })
  const check = (actor: AdminActor, permission: PermissionRequest<Resources>, target?: string) => assertAdminPermission(config, actor, permission, target)
  const log = (actor: AdminActor, userId: string, type: "sessions-revoked-by-admin" | "password-reset-sent" | "two-factor-disabled-by-admin", detail?: string) =>
    recordSecurityEvent(config, actor.request ?? null, { userId, type, detail: detail ?? null, actorId: actor.userId })

  return {
    async listUsers(actor: AdminActor, query: UserListQuery = {}): Promise<UserListPage> {
      await check(actor, { user: ["list"] })
      return adminAdapter(config).listUsers(query)
    },

    async setRoles(actor: AdminActor, userId: string, roles: readonly string[]): Promise<StandingResult> {
      const held = await check(actor, { user: ["set-role"] }, userId)
      assertMayGrant(config, actor, held, userId, roles)
      return setRolesOf(config, userId, roles, origin(actor))
    },

    async ban(actor: AdminActor, userId: string, options: BanOptions): Promise<StandingResult> {
      await check(actor, { user: ["ban"] }, userId)
      // Nobody locks themself out; another admin can.
      if (userId === actor.userId) throw new PermissionDenied("forbidden", "An admin cannot ban themself")
      return banUserNow(config, userId, options, origin(actor))
    },

    async unban(actor: AdminActor, userId: string): Promise<StandingResult> {
      await check(actor, { user: ["ban"] }, userId)
      return unbanUserNow(config, userId, origin(actor))
    },

    /** The user's sessions (database strategy); jwt keeps none to list. */
    async listUserSessions(actor: AdminActor, userId: string): Promise<AdminSessionListing> {
      await check(actor, { session: ["list"] })
      if (config.sessionStrategy.name !== "database") return { status: "jwt" }
      const rows = await adminAdapter(config).listSessions(userId)
      const sessions = await Promise.all(
        rows.map(async (row) => ({
          id: await publicSessionId(row.sessionToken),
          createdAt: row.createdAt instanceof Date ? row.createdAt : null,
          lastActiveAt: row.lastActiveAt instanceof Date ? row.lastActiveAt : null,
          expires: row.expires,
          ...describeUserAgent(typeof row.userAgent === "string" ? row.userAgent : null),
          impersonatedBy: typeof row.impersonatedBy === "string" ? row.impersonatedBy : null,
        })),
      )
      return { status: "ok", sessions }
    },

    /** Ends one session by its public id (database strategy); "jwt": a jwt session can only be ended with all the others. */
    async revokeUserSession(actor: AdminActor, userId: string, sessionId: string): Promise<"revoked" | "not-found" | "jwt"> {
      await check(actor, { session: ["revoke"] }, userId)
      if (config.sessionStrategy.name !== "database") return "jwt"
      const adapter = adminAdapter(config)
      for (const row of await adapter.listSessions(userId)) {
        if ((await publicSessionId(row.sessionToken)) !== sessionId) continue
        await adapter.deleteSession(row.sessionToken)
        await log(actor, userId, "sessions-revoked-by-admin", "1 session")
        await emitEvent(config, "sessionsRevokedByAdmin", { userId, actorId: actor.userId, scope: "one" })
        return "revoked"
      }
      return "not-found"
    },

    /** Ends every session of the user, both strategies (ASVS 5.0 7.4.5). */
    async revokeAllUserSessions(actor: AdminActor, userId: string): Promise<StandingResult> {
      await check(actor, { session: ["revoke"] }, userId)
      if (!(await adminAdapter(config).getUser(userId))) return "no-such-user"
      await endUserSessions(config, userId)
      await log(actor, userId, "sessions-revoked-by-admin", "every session")
      await emitEvent(config, "sessionsRevokedByAdmin", { userId, actorId: actor.userId, scope: "all" })
      return "done"
    },

    async sendPasswordReset(actor: AdminActor, userId: string): Promise<StandingResult | "no-address"> {
      await check(actor, { user: ["reset-password"] }, userId)
      if (!options.sendPasswordReset) throw new MissingAdapterMethods("sendPasswordReset needs the app's reset mail (adminOperations options)")
      const user = await adminAdapter(config).getUser(userId)
      if (!user) return "no-such-user"
      if (!user.email) return "no-address"
      await options.sendPasswordReset({ id: user.id, email: user.email })
      await log(actor, userId, "password-reset-sent")
      return "done"
    },

    /**
     * For a user locked out of their second factor. twoFactorDisabled fires (with the admin as
     * actorId) and, once their sessions are ended too, twoFactorDisabledByAdmin (the app mails the
     * user). A user whose two-factor was already off gets no event: nothing changed for them.
     */
    async disableTwoFactor(actor: AdminActor, userId: string): Promise<StandingResult> {
      await check(actor, { user: ["disable-two-factor"] }, userId)
      if (!(await adminAdapter(config).getUser(userId))) return "no-such-user"
      const wasOn = await disableTwoFactorOf(config, userId, actor.request ?? null, actor.userId)
      await endUserSessions(config, userId)
      await log(actor, userId, "two-factor-disabled-by-admin")
      if (wasOn) await emitEvent(config, "twoFactorDisabledByAdmin", { userId, actorId: actor.userId })
      return "done"
    },

    /** Refused (OrganizationError last_owner, naming them) while the user is the only owner of an organization. */
    async deleteUser(actor: AdminActor, userId: string): Promise<StandingResult> {
      await check(actor, { user: ["delete"] }, userId)
      if (userId === actor.userId) throw new PermissionDenied("forbidden", "An admin cannot delete themself here")
      const adapter = adminAdapter(config)
      if (!(await adapter.getUser(userId))) return "no-such-user"
      // An organization always keeps an owner: its only owner's account stays until it is transferred or deleted.
      const departure = await leaveOrganizationsForDeletion(config, userId, actor.userId)
      if (departure.status === "last-owner") {
        const names = departure.organizations.map((organization) => `${organization.name} (${organization.slug})`).join(", ")
        throw new OrganizationError("last_owner", `This user is the only owner of ${names}: transfer ownership or delete the organization first`)
      }
      // Logged first: the entry outlives the user, unlinked (onDelete SetNull), with the admin as actor.
      await recordSecurityEvent(config, actor.request ?? null, { userId, type: "user-deleted", actorId: actor.userId })
      await adapter.deleteUser(userId)
      await endUserSessions(config, userId)
      return "done"
    },
  }
}

export type AdminOperations = ReturnType<typeof adminOperationsFor>

/** The operations for the app's configuration object (resolved once per object, as Auth() does). */
export function adminOperations(config: AuthConfig, options?: AdminOperationsOptions): AdminOperations {
  return adminOperationsFor(resolveAuthConfig(config), options)
}
