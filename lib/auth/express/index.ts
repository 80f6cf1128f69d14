/**
 * The Express 5 layer on the core: ExpressAuth(config) is the middleware for
 * the auth routes, getSession(req, config) reads the session in the app's
 * own routes. Everything Express-specific stays in lib/auth/express.
 *
 *   app.use("/auth", ExpressAuth(config))    // or "/auth/*splat"; the mount is the base path
 *   app.get("/me", async (req, res) => res.json(await getSession(req, config)))
 *
 * getSession throws DatabaseUnavailable during a database outage (answer 503).
 */
import { defaultAccessControl, type PermissionRequest, type Resources } from "../access/control"
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express"
import { Auth, resolveAuthConfig } from "../auth"
import { rememberClientAddress } from "../frameworks/shared/client-address"
import { appendSetCookies } from "../frameworks/shared/cookies"
import { permissionRefusal } from "../frameworks/shared/permission"
import { readRequestSession } from "../frameworks/shared/session"
import { recentAuthentication, type RecentAuthenticationOptions } from "../frameworks/shared/step-up"
import type { Session } from "../types"
import { releaseBody } from "./body"
import {
  assertDeclaredBasePath,
  type ExpressAuthConfig,
  learnedBasePaths,
  prepareConfig,
  requestBasePath,
  sessionBasePath,
} from "./config"
import { expressOrigin, mountPath, toWebRequest } from "./request"
import { writeResponse } from "./response"

export type { ExpressAuthConfig } from "./config"

export type ExpressAuthMiddleware = (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => Promise<void>

/** The core's answer to a configuration error, without its details (they go to the server log). */
const misconfigured = () =>
  Response.json(
    { message: "There is a problem with the server configuration. Check the server logs for more information." },
    { status: 500, headers: { "cache-control": "no-store" } },
  )

/**
 * The auth routes as Express middleware, served where it is mounted. A
 * `basePath` the path of AUTH_URL contradicts throws here; a mount that
 * either contradicts is logged once (naming both paths) and answered with
 * a 500, never a 400 on every route. Errors the core does not answer
 * itself reach Express's error handling through next(error).
 */
export function ExpressAuth(config: ExpressAuthConfig): ExpressAuthMiddleware {
  assertDeclaredBasePath(config, process.env)
  const reported = new Set<string>()
  return async (req, res, next) => {
    try {
      const base = requestBasePath(config, process.env, mountPath(req))
      if ("mismatch" in base) {
        if (!reported.has(base.mismatch.message)) {
          reported.add(base.mismatch.message)
          resolveAuthConfig(config).logger.error(base.mismatch.type, base.mismatch)
        }
        await writeResponse(req, res, misconfigured())
        return
      }
      if (mountPath(req) !== undefined) learnedBasePaths.set(config, base.basePath)
      const prepared = prepareConfig(config, base.basePath)
      const request = toWebRequest(req, expressOrigin(req, process.env))
      if (req.ip) rememberClientAddress(request, req.ip)
      await writeResponse(req, res, await Auth(request, prepared.handler))
    } catch (error) {
      releaseBody(req)
      next(error)
    }
  }
}

/**
 * The session of the request, or null when nobody is signed in. Throws the
 * core's DatabaseUnavailable (`code` "database_unavailable") when the
 * session could not be read because the database is unreachable, so an
 * outage is not mistaken for a signed-out user: answer it with a 503.
 * Set-Cookie the core asks for (a slid database expiry, a renewed jwt, a
 * cleared stale cookie) is added to the response when it has not been sent
 * yet, so protected routes keep the session alive.
 */
export async function getSession(req: ExpressRequest, config: ExpressAuthConfig): Promise<Session | null> {
  const prepared = prepareConfig(config, sessionBasePath(config, process.env))
  const { session, cookies, unavailable } = await readRequestSession(prepared.handler, {
    origin: expressOrigin(req, process.env),
    cookie: req.headers.cookie ?? null,
  })
  if (unavailable) throw unavailable
  if (req.res) appendSetCookies(req.res, cookies)
  return session
}

export type { RecentAuthenticationOptions } from "../frameworks/shared/step-up"

/**
 * Step-up for a sensitive route (OWASP ASVS 5.0 7.5.1): resolves to the
 * session when the user proved who they are within `reauthenticateAfter`
 * (default 600 s, AUTH_REAUTHENTICATE_AFTER). Otherwise it answers the
 * request itself, redirecting (303) to the re-authenticate page
 * (pages.reauthenticate, else {basePath}/reauthenticate), or to sign-in when
 * nobody is signed in, with a callbackUrl back (default the Referer's path),
 * and resolves to null: the route just returns. Throws DatabaseUnavailable
 * like getSession.
 *
 *   app.post("/settings/password", async (req, res) => {
 *     const session = await requireRecentAuthentication(req, res, authConfig)
 *     if (!session) return
 *     // … change the password
 *   })
 */
export async function requireRecentAuthentication(
  req: ExpressRequest,
  res: ExpressResponse,
  config: ExpressAuthConfig,
  options: RecentAuthenticationOptions = {},
): Promise<Session | null> {
  const basePath = sessionBasePath(config, process.env)
  const prepared = prepareConfig(config, basePath)
  const verdict = await recentAuthentication(
    prepared.handler,
    basePath,
    { origin: expressOrigin(req, process.env), cookie: req.headers.cookie ?? null, referer: req.get("referer") ?? null },
    options,
  )
  if (verdict.unavailable) throw verdict.unavailable
  appendSetCookies(res, verdict.cookies)
  if (verdict.redirectTo !== null) {
    res.redirect(303, verdict.redirectTo)
    return null
  }
  return verdict.session
}

/** Whether the session's roles grant every action asked for, by the configuration's access control. */
export function hasPermission(session: Session | null | undefined, request: PermissionRequest<Resources>, config: ExpressAuthConfig): boolean {
  return (config.access?.control ?? defaultAccessControl).hasPermission(session, request)
}

/**
 * The permission guard for a route: the session when its roles grant `permission`; otherwise it
 * answers 401 (signed out) or 403 itself and resolves to null. A request that changes something
 * (any method but GET, HEAD, OPTIONS) is refused from an impersonation session, and so is any
 * admin operation (the user and session resources), which is also checked against the roles and
 * ban stored now, not the copy on the session (frameworks/shared/permission.ts).
 *
 *   app.post("/admin/users/:id/ban", async (req, res) => {
 *     const session = await requirePermission(req, res, authConfig, { user: ["ban"] })
 *     if (!session) return
 *   })
 */
export async function requirePermission(
  req: ExpressRequest,
  res: ExpressResponse,
  config: ExpressAuthConfig,
  permission: PermissionRequest<Resources>,
): Promise<Session | null> {
  const prepared = prepareConfig(config, sessionBasePath(config, process.env))
  const read = await readRequestSession(prepared.handler, { origin: expressOrigin(req, process.env), cookie: req.headers.cookie ?? null })
  if (read.unavailable) throw read.unavailable
  appendSetCookies(res, read.cookies)
  const refusal = await permissionRefusal(resolveAuthConfig(prepared.handler), read, permission, req.method)
  if (refusal) {
    res.status(refusal.status).json(refusal.status === 401 ? { error: "Unauthorized" } : { error: "Forbidden", reason: refusal.reason })
    return null
  }
  return read.session
}
