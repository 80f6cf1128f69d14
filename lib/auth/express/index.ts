/**
 * The Express 5 layer on the core: ExpressAuth(config) is the middleware for
 * the auth routes, getSession(req, config) reads the session in the app's
 * own routes. Everything Express-specific stays in lib/auth/express.
 *
 *   app.set("trust proxy", 1)                // behind one proxy: https is detected
 *   app.use("/auth", ExpressAuth(config))    // or "/auth/*splat"
 *   app.get("/me", async (req, res) => res.json(await getSession(req, config)))
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express"
import { Auth } from "../auth"
import { readSessionFromCore } from "../http/server-calls"
import type { Session } from "../types"
import { chooseBasePath, clientAddresses, type ExpressAuthConfig, prepareConfig } from "./config"
import { expressOrigin, mountPath, toWebRequest } from "./request"
import { appendCookies, writeResponse } from "./response"

export type { ExpressAuthConfig } from "./config"

export type ExpressAuthMiddleware = (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => Promise<void>

/**
 * The auth routes as Express middleware. Mount it at the base path (default
 * /auth); every request under it goes to the core. Errors the core does not
 * answer itself reach Express's error handling through next(error).
 */
export function ExpressAuth(config: ExpressAuthConfig): ExpressAuthMiddleware {
  return async (req, res, next) => {
    try {
      const prepared = prepareConfig(config, chooseBasePath(config, process.env, mountPath(req)))
      const request = toWebRequest(req, expressOrigin(req, process.env))
      if (req.ip) clientAddresses.set(request, req.ip)
      await writeResponse(res, await Auth(request, prepared.handler))
    } catch (error) {
      next(error)
    }
  }
}

/**
 * The session of the request, or null. Set-Cookie the core asks for (a slid
 * database expiry, a renewed jwt, a cleared stale cookie) is added to the
 * response when it has not been sent yet, so protected routes keep the
 * session alive.
 */
export async function getSession(req: ExpressRequest, config: ExpressAuthConfig): Promise<Session | null> {
  const prepared = prepareConfig(config, chooseBasePath(config, process.env, undefined))
  const { session, cookies } = await readSessionFromCore(prepared.raw, {
    origin: expressOrigin(req, process.env),
    basePath: prepared.basePath,
    cookie: req.headers.cookie ?? null,
  })
  if (req.res) appendCookies(req.res, cookies)
  return session
}
