/**
 * Permissions in Next.js server code:
 * - `hasPermission(session, { user: ["ban"] })`, by the configuration's access control;
 * - `await requirePermission({ user: ["list"] })` in a server component: the session when its
 *   roles grant it, else notFound() (a page that is not yours does not exist), and sign-in
 *   when signed out; `{ route: true }` in a route handler answers a 403 Response instead;
 * - `admin`: the library's admin operations with the current request's user as the actor.
 */
import { headers as nextHeaders } from "next/headers"
import { notFound, redirect as nextRedirect } from "next/navigation"
import { defaultAccessControl, type AccessControl, type PermissionRequest, type Resources, type SessionWithRoles } from "../access/control"
import { resolveAuthConfig } from "../auth"
import { adminOperationsFor, type AdminActor, type AdminOperations, type AdminOperationsOptions } from "../admin/operations"
import { startImpersonationNow, stopImpersonationNow } from "../admin/impersonation"
import type { Session } from "../types"
import { hasOrganizationPermission, type PermissionSubject } from "../organizations/permission"
import type { PreparedConfig } from "./config"
import { currentCookieHeader, setCookies } from "./cookies"
import { readSession, type SessionRead } from "./session"
import { HANDOVER_HEADER, sessionHandover } from "./session-handover"

export interface HasPermission {
  /** By the app's roles on the session. */
  (session: SessionWithRoles | null | undefined, request: PermissionRequest<Resources>): boolean
  /**
   * Inside one organization: by the session's user's roles there, as the database has
   * them now (session.user.id, as the session callback sets it; none: false).
   */
  (session: PermissionSubject, request: PermissionRequest<Resources>, scope: { organization: string }): Promise<boolean>
}

export interface RequirePermission {
  /** Server components: the session, or notFound() (signed out: sign-in). */
  (permission: PermissionRequest<Resources>): Promise<Session>
  /** Route handlers: the session, or a 401/403 Response to return. */
  (permission: PermissionRequest<Resources>, options: { route: true }): Promise<Session | Response>
}

/**
 * The current request's session read: the middleware's (handed over), else a read of its own.
 * `organizationSlug`: an organization page's, for a read of its own to include the membership.
 */
export async function currentRead(prepared: PreparedConfig, organizationSlug?: string): Promise<{ read: SessionRead; url: string }> {
  const headers = await nextHeaders()
  const cookie = await currentCookieHeader()
  // The middleware's read of this very request (./session-handover), as auth() takes it: a guarded
  // page would otherwise read its session twice (a second query under the database strategy).
  const handed = sessionHandover().take(headers.get(HANDOVER_HEADER), cookie)
  if (handed) {
    if (handed.unavailable) throw handed.unavailable
    return { read: handed, url: headers.get("referer") ?? "/" }
  }
  const source = { get: (name: string) => (name.toLowerCase() === "cookie" ? cookie : headers.get(name)) }
  const read = await readSession(prepared, source, undefined, organizationSlug)
  if (read.unavailable) throw read.unavailable
  await setCookies(read.cookies).catch(() => false)
  return { read, url: headers.get("referer") ?? "/" }
}

export function permissionChecks(getConfig: () => Promise<PreparedConfig>, peek: () => PreparedConfig | undefined) {
  const control = (): AccessControl => {
    const prepared = peek()
    return prepared ? resolveAuthConfig(prepared.handler).access.control : defaultAccessControl
  }
  const hasPermission = ((session: SessionWithRoles | PermissionSubject | null | undefined, request: PermissionRequest<Resources>, scope?: { organization: string }) => {
    if (scope === undefined) return control().hasPermission(session as SessionWithRoles | null | undefined, request)
    return getConfig().then((prepared) => hasOrganizationPermission(resolveAuthConfig(prepared.handler), session as PermissionSubject, request, scope))
  }) as HasPermission

  const requirePermission = (async (permission: PermissionRequest<Resources>, options?: { route: true }) => {
    const prepared = await getConfig()
    const { read } = await currentRead(prepared)
    const access = resolveAuthConfig(prepared.handler).access.control
    if (options?.route) {
      if (!read.session) return Response.json({ error: "Unauthorized" }, { status: 401 })
      if (!access.hasPermission(read.session, permission)) return Response.json({ error: "Forbidden" }, { status: 403 })
      return read.session
    }
    if (!read.session) nextRedirect(prepared.config.pages?.signIn ?? `${prepared.basePath}/signin`)
    if (!access.hasPermission(read.session, permission)) notFound()
    return read.session
  }) as RequirePermission

  /** The admin operations, each run with the current request's user as the actor. */
  const admin = (options: AdminOperationsOptions = {}) => {
    const withActor =
      <A extends unknown[], T>(run: (ops: AdminOperations, actor: AdminActor | null, ...args: A) => Promise<T>) =>
      async (...args: A): Promise<T> => {
        const prepared = await getConfig()
        const { read } = await currentRead(prepared)
        const actor: AdminActor | null =
          read.session && read.proof
            ? { userId: read.proof.userId, authenticatedAt: read.proof.authenticatedAt, impersonating: read.proof.impersonatedBy !== undefined }
            : null
        return run(adminOperationsFor(resolveAuthConfig(prepared.handler), options), actor as AdminActor, ...args)
      }
    return {
      listUsers: withActor((ops, actor, ...a: Parameters<AdminOperations["listUsers"]> extends [unknown, ...infer R] ? R : never) => ops.listUsers(actor as AdminActor, ...a)),
      setRoles: withActor((ops, actor, userId: string, roles: readonly string[]) => ops.setRoles(actor as AdminActor, userId, roles)),
      ban: withActor((ops, actor, userId: string, ban: { reason: string; until: Date | null }) => ops.ban(actor as AdminActor, userId, ban)),
      unban: withActor((ops, actor, userId: string) => ops.unban(actor as AdminActor, userId)),
      listUserSessions: withActor((ops, actor, userId: string) => ops.listUserSessions(actor as AdminActor, userId)),
      revokeUserSession: withActor((ops, actor, userId: string, id: string) => ops.revokeUserSession(actor as AdminActor, userId, id)),
      revokeAllUserSessions: withActor((ops, actor, userId: string) => ops.revokeAllUserSessions(actor as AdminActor, userId)),
      sendPasswordReset: withActor((ops, actor, userId: string) => ops.sendPasswordReset(actor as AdminActor, userId)),
      disableTwoFactor: withActor((ops, actor, userId: string) => ops.disableTwoFactor(actor as AdminActor, userId)),
      deleteUser: withActor((ops, actor, userId: string) => ops.deleteUser(actor as AdminActor, userId)),
    }
  }

  /** The current request as a standard Request: its public URL and its cookies. */
  const currentRequest = async (prepared: PreparedConfig): Promise<Request> => {
    const headers = await nextHeaders()
    const cookie = await currentCookieHeader()
    const source = { get: (name: string) => (name.toLowerCase() === "cookie" ? cookie : headers.get(name)) }
    const request = new Request(`${prepared.origin(source)}/`, { headers: { cookie: cookie ?? "", "user-agent": headers.get("user-agent") ?? "" } })
    return request
  }

  /** Impersonation from a server action: start (the current user is the admin) and stop; the cookies are set here. */
  const impersonation = {
    async start(userId: string, reason: string): Promise<void> {
      const prepared = await getConfig()
      const { read } = await currentRead(prepared)
      const actor: AdminActor | null =
        read.session && read.proof
          ? { userId: read.proof.userId, authenticatedAt: read.proof.authenticatedAt, impersonating: read.proof.impersonatedBy !== undefined }
          : null
      const { cookies } = await startImpersonationNow(resolveAuthConfig(prepared.handler), await currentRequest(prepared), actor as AdminActor, userId, reason)
      await setCookies(cookies)
    },
    async stop(): Promise<boolean> {
      const prepared = await getConfig()
      const stopped = await stopImpersonationNow(resolveAuthConfig(prepared.handler), await currentRequest(prepared))
      if (stopped.status === "stopped") await setCookies(stopped.cookies)
      return stopped.status === "stopped"
    },
  }

  return { hasPermission, requirePermission, admin, impersonation }
}
