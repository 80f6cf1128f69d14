/**
 * Impersonation: an admin with `user:impersonate` sees the app as
 * one user sees it, openly. Starting it needs a reason; it makes a session for
 * the target marked with the admin (database: the row's impersonatedBy and
 * impersonationReason; jwt: the impersonatedBy claim, and the same row kept on
 * record so that a stop ends every copy of the token) that lives at most
 * `access.impersonationMaxAge` (an hour), and moves the admin's own session
 * cookie aside into a cookie of its own, to be put back on stop. An admin
 * cannot be impersonated, nor a banned user. While it lasts the session's
 * proof of identity is never recent, so every step-up refuses it: no
 * password, address, two-factor, passkey, linked-account, session, deletion
 * or export change goes through; and the admin operations refuse it too.
 * Start and stop are written to both users' security logs, and the target
 * sees the session, marked, in their list of sessions.
 */
import { ADMIN_ROLE } from "../access/control"
import { activeBan, effectiveRoles } from "../access/user-access"
import { resolveAuthConfig } from "../auth"
import type { AuthConfig } from "../config/types"
import type { ResolvedConfig } from "../config/resolved"
import { parseCookies, SessionStore } from "../cookies"
import { ImpersonationRefused, MissingAdapterMethods } from "../errors"
import { emitEvent } from "../events"
import { recordSecurityEvent } from "../security-log/record"
import { AUTHENTICATED_AT_CLAIM, decodeSessionToken, IMPERSONATED_BY_CLAIM, reissueSessionToken, ROLES_CLAIM, SIGNED_IN_AT_CLAIM, VALID_FROM_CLAIM } from "../session/jwt-session"
import { storedUserAgent } from "../session/user-agent"
import type { Cookie, CookiesOptions } from "../types"
import { clearedParkedSessionCookie, parkedSessionCookieOption } from "../session/impersonator"
import { createImpersonationRecord, IMPERSONATION_RECORD_CLAIM, stopImpersonationRecord } from "../session/impersonation-record"
import { stopImpersonationRow } from "../session/impersonation-stop"
import { assertAdminPermission, type AdminActor } from "./operations"
import { lookUpSession } from "../adapters/session-lookup"

export interface ImpersonationStarted {
  /** Set them on the response: the target's session, and the admin's own kept aside. */
  cookies: Cookie[]
}

export type ImpersonationStopped = { status: "stopped"; cookies: Cookie[] } | { status: "not-impersonating" }

function cookieOptionsOf(config: ResolvedConfig, request: Request): CookiesOptions {
  const secure = config.useSecureCookies ?? new URL(request.url).protocol === "https:"
  return secure ? config.cookies.secure : config.cookies.insecure
}

function keptCookie(cookies: CookiesOptions, value: string, maxAgeSeconds: number): Cookie {
  const option = parkedSessionCookieOption(cookies)
  return { name: option.name, value, options: { ...option.options, expires: new Date(Date.now() + maxAgeSeconds * 1000) } }
}

export async function startImpersonationNow(
  config: ResolvedConfig,
  request: Request,
  actor: AdminActor,
  targetId: string,
  reason: string,
): Promise<ImpersonationStarted> {
  await assertAdminPermission(config, actor, { user: ["impersonate"] }, targetId)
  const why = typeof reason === "string" ? reason.trim() : ""
  if (why === "" || why.length > 500) throw new TypeError("Impersonation needs a reason of 1 to 500 characters")
  const adapter = config.adapter
  const access = config.access.adapter
  if (!adapter?.getUser || !access) throw new MissingAdapterMethods("Impersonation needs the adapter's user and access methods")
  if (targetId === actor.userId) throw new ImpersonationRefused("An admin cannot impersonate themself")
  const [target, standing] = await Promise.all([adapter.getUser(targetId), access.getUserAccess(targetId)])
  if (!target || !standing) throw new ImpersonationRefused("No such user")
  const roles = effectiveRoles(standing, config.access.adminEmails)
  if (roles.includes(ADMIN_ROLE)) throw new ImpersonationRefused("Admins cannot be impersonated")
  if (activeBan(standing)) throw new ImpersonationRefused("A suspended account cannot be impersonated")

  const cookies = cookieOptionsOf(config, request)
  const requestCookies = parseCookies(request.headers.get("cookie"))
  const store = new SessionStore(cookies.sessionToken, requestCookies)
  const own = store.value
  if (!own) throw new ImpersonationRefused("The admin's own session is not in this request")
  const maxAge = config.access.impersonationMaxAge
  const now = Date.now()
  let session: Cookie[]
  if (config.sessionStrategy.name === "database") {
    if (!adapter.createSession) throw new MissingAdapterMethods("Impersonation needs createSession")
    const expires = new Date(now + maxAge * 1000)
    const created = await adapter.createSession({
      sessionToken: config.session.generateSessionToken(),
      userId: target.id,
      expires,
      lastActiveAt: new Date(now),
      userAgent: storedUserAgent(request.headers.get("user-agent")) ?? undefined,
      impersonatedBy: actor.userId,
      impersonationReason: why,
    })
    session = [...store.clean().filter((c) => c.name !== cookies.sessionToken.name), { ...cookies.sessionToken, value: created.sessionToken, options: { ...cookies.sessionToken.options, expires } }]
  } else {
    const nowSeconds = Math.floor(now / 1000)
    // Kept on record too, so that a stop or sign-out ends every copy of the token (impersonation-record.ts).
    const userAgent = storedUserAgent(request.headers.get("user-agent")) ?? undefined
    const record = await createImpersonationRecord(config, {
      targetId: target.id,
      adminId: actor.userId,
      reason: why,
      expires: new Date(now + maxAge * 1000),
      ...(userAgent === undefined ? {} : { userAgent }),
    })
    // The app's jwt callback is not run: this token is the library's, and names only the target.
    session = await reissueSessionToken({ config, cookies }, store, {
      sub: target.id,
      name: target.name ?? null,
      email: target.email,
      picture: target.image ?? null,
      [AUTHENTICATED_AT_CLAIM]: nowSeconds,
      [SIGNED_IN_AT_CLAIM]: nowSeconds,
      [VALID_FROM_CLAIM]: now,
      [ROLES_CLAIM]: roles,
      [IMPERSONATED_BY_CLAIM]: actor.userId,
      ...(record === undefined ? {} : { [IMPERSONATION_RECORD_CLAIM]: record }),
    }, now)
  }
  await recordSecurityEvent(config, request, { userId: target.id, type: "impersonation-started", detail: why, actorId: actor.userId })
  await recordSecurityEvent(config, request, { userId: actor.userId, type: "impersonation-started", detail: `as ${target.email ?? target.id}: ${why}`, actorId: actor.userId })
  await emitEvent(config, "impersonationStarted", { userId: target.id, actorId: actor.userId, reason: why, expires: new Date(now + maxAge * 1000) })
  return { cookies: [...session, keptCookie(cookies, own, maxAge)] }
}

/** Ends the impersonation of this request and gives the admin's own session back. */
export async function stopImpersonationNow(config: ResolvedConfig, request: Request): Promise<ImpersonationStopped> {
  const cookies = cookieOptionsOf(config, request)
  const requestCookies = parseCookies(request.headers.get("cookie"))
  const store = new SessionStore(cookies.sessionToken, requestCookies)
  const value = store.value
  const kept = requestCookies[parkedSessionCookieOption(cookies).name]
  if (!value) return { status: "not-impersonating" }
  let targetId: string | undefined
  let adminId: string | undefined
  if (config.sessionStrategy.name === "database") {
    const found = config.adapter ? await lookUpSession(config.adapter, value) : null
    if (typeof found?.session.impersonatedBy === "string") {
      // false: a stop running alongside (a double click) ended it first; that one logs and gives the admin back.
      if (!(await stopImpersonationRow(config, value))) return { status: "not-impersonating" }
      targetId = found.user.id
      adminId = found.session.impersonatedBy
    }
  } else {
    const token = await decodeSessionToken({ config, cookies }, value).catch(() => null)
    const by = token?.[IMPERSONATED_BY_CLAIM]
    if (token && typeof by === "string" && typeof token.sub === "string") {
      // false: a stop running alongside (a double click) ended it first; that one logs and gives the admin back.
      if ((await stopImpersonationRecord(config, token)) === false) return { status: "not-impersonating" }
      targetId = token.sub
      adminId = by
    }
  }
  if (!targetId || !adminId) return { status: "not-impersonating" }
  const restored = kept ? store.chunk(kept, { expires: new Date(Date.now() + config.session.maxAge * 1000) }) : store.clean()
  const clearKept = clearedParkedSessionCookie(cookies)
  await recordSecurityEvent(config, request, { userId: targetId, type: "impersonation-stopped", actorId: adminId })
  await recordSecurityEvent(config, request, { userId: adminId, type: "impersonation-stopped", detail: `as ${targetId}`, actorId: adminId })
  await emitEvent(config, "impersonationStopped", { userId: targetId, actorId: adminId })
  return { status: "stopped", cookies: [...restored, clearKept] }
}

/** The app's calls, with its configuration object. */
export function startImpersonation(config: AuthConfig, request: Request, actor: AdminActor, targetId: string, reason: string): Promise<ImpersonationStarted> {
  return startImpersonationNow(resolveAuthConfig(config), request, actor, targetId, reason)
}
export function stopImpersonation(config: AuthConfig, request: Request): Promise<ImpersonationStopped> {
  return stopImpersonationNow(resolveAuthConfig(config), request)
}
