/**
 * getToken: finds the session token of an incoming request (the possibly
 * chunked session cookie, else `Authorization: Bearer`) and decodes it, for
 * API routes and services that share the app's secret. It reads the request
 * and, for defaults only, the environment; it never sets cookies or touches
 * the database.
 */
import { authUrlFromEnv, secretsFromEnv } from "./env"
import { SessionStore, defaultCookies, parseCookies } from "./cookies"
import { MissingSecretError } from "./errors"
import { KeyRing } from "./jwt"
import type { JWT, JWTOptions } from "./types"
import type { LoggerInstance } from "./logger"

type HeaderSource = Headers | Record<string, string | string[] | undefined>

export interface GetTokenParams<R extends boolean = false> {
  req: Request | { headers: HeaderSource }
  /** Default: the secrets of the environment (AUTH_SECRET or NEXTAUTH_SECRET, then AUTH_SECRET_1…_3). */
  secret?: string | string[]
  /**
   * Use the `__Secure-` cookie name. Default: true when the base URL
   * (AUTH_URL, or the legacy NEXTAUTH_URL) is https://, false when it is
   * http:// or unset.
   */
  secureCookie?: boolean
  cookieName?: string
  /** Default: the cookie name. */
  salt?: string
  /** Return the token string without decoding it. */
  raw?: R
  decode?: JWTOptions["decode"]
  logger?: Pick<LoggerInstance, "debug">
}

function headerValue(headers: HeaderSource, name: string): string | null {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name)
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue
    if (value === undefined) return null
    return Array.isArray(value) ? value.join(name === "cookie" ? "; " : ", ") : value
  }
  return null
}

function bearerToken(authorization: string | null): string | null | undefined {
  const match = authorization?.match(/^Bearer +([^\s]+)\s*$/i)
  if (!match?.[1]) return undefined
  try {
    return decodeURIComponent(match[1])
  } catch {
    // Malformed percent-encoding: the header cannot carry a valid token.
    return null
  }
}

function isMissing(secret: string | string[] | undefined): secret is undefined {
  return secret === undefined || secret === null || secret === "" || (Array.isArray(secret) && secret.length === 0)
}

/**
 * Reads the session token from the (possibly chunked) session cookie, or else
 * from `Authorization: Bearer`. Returns null when absent or invalid; throws
 * MissingSecretError when neither `secret` nor the environment gives one.
 */
export async function getToken(params: GetTokenParams<false>): Promise<JWT | null>
export async function getToken(params: GetTokenParams<true>): Promise<string | null>
export async function getToken(params: GetTokenParams<boolean>): Promise<JWT | string | null>
export async function getToken(params: GetTokenParams<boolean>): Promise<JWT | string | null> {
  const { req, raw = false, logger } = params
  const env = typeof process === "undefined" ? {} : process.env
  const secureCookie = params.secureCookie ?? /^https:\/\//i.test(authUrlFromEnv(env) ?? "")
  const secret = isMissing(params.secret) ? secretsFromEnv(env) : params.secret
  if (isMissing(secret)) throw new MissingSecretError("getToken() needs `secret` or AUTH_SECRET in the environment")
  const cookieName = params.cookieName ?? defaultCookies(secureCookie).sessionToken.name
  const salt = params.salt ?? cookieName
  const headers = req.headers as HeaderSource

  const store = new SessionStore({ name: cookieName, options: {} }, parseCookies(headerValue(headers, "cookie")))
  let token: string | null | undefined = store.value
  if (!token) {
    token = bearerToken(headerValue(headers, "authorization"))
    if (token === null) return null
  }
  if (!token) return null
  if (raw) return token

  try {
    if (params.decode) return await params.decode({ token, secret, salt })
    // The key ring says why a token is refused; decode() would only say null.
    return await new KeyRing(secret, { decodeCacheSize: 0 }).decode(token, salt)
  } catch (error) {
    logger?.debug("get-token-decode", "getToken: the token could not be decoded", error)
    return null
  }
}
