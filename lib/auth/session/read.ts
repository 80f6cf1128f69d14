/**
 * Reading the session of a request: the one code path behind GET
 * {basePath}/session and every server-side read (auth() in server components
 * and middleware, Express's getSession, SvelteKit's locals.auth()). A
 * server-side read needs no HTTP request: the resolved config and two facts
 * about the request, its public origin and its Cookie header, are enough.
 *
 * It never throws. A failure comes back typed, with its cause, and is logged
 * here once, so each caller only decides what the failure means to its user:
 * an unreachable database is "temporarily unavailable", never "signed out".
 */
import { parseCookies } from "../cookies"
import { databaseUnavailableIn, reportDatabaseFault } from "../config/database-outage"
import { AuthError, CallbackRouteError, type DatabaseUnavailable } from "../errors"
import type { Cookie, Session } from "../types"
import type { ResolvedConfig, SessionProof, SessionReadContext } from "../config/resolved"

/** What a server-side read knows about the request. */
export interface SessionRequestFacts {
  /** Where the app is reached from outside, e.g. https://app.example.com (https means the __Secure- cookie names). */
  origin: string
  /** The Cookie header as it stands now (including cookies set earlier in the same request). */
  cookie: string | null
  /** An organization page's slug: the database strategy reads the membership of it with the session. */
  organizationSlug?: string
  /** A script sent the request (Sec-Fetch-Dest: empty); see SessionReadContext. */
  fetchedByScript?: boolean
  /** The app's router fetched the request: the jwt strategy does not re-issue the token (SessionReadContext). */
  deferTokenRefresh?: boolean
}

/** Why a read has no session although the request may have one. */
export type SessionReadFailure =
  /** The database could not be reached: the user may well be signed in. */
  | { reason: "unavailable"; error: DatabaseUnavailable }
  /** The configuration is unusable (no secret, a malformed AUTH_URL, …): every read fails alike. */
  | { reason: "configuration"; error: AuthError }
  /** Anything else that went wrong (a callback threw, an adapter fault): the error wraps its cause. */
  | { reason: "failed"; error: AuthError }

export interface SessionReadOutcome {
  session: Session | null
  /** Cookies the response must set: a slid expiry, a renewed token, a cleared stale cookie. */
  cookies: Cookie[]
  /** Present when the read failed; already logged. */
  failure?: SessionReadFailure
  /** Whose session it is and when they last proved who they are (step-up); server-side only. */
  proof?: SessionProof
}

/**
 * The failure a thrown value stands for, logged the way the pipeline logs
 * one: an outage once per outage (with its cause), an adapter fault not again
 * (the adapter wrapper logged it), anything else with its type.
 */
function failureOf(config: ResolvedConfig, thrown: unknown): SessionReadFailure {
  const outage = databaseUnavailableIn(thrown)
  if (outage) {
    reportDatabaseFault(config.logger, outage)
    return { reason: "unavailable", error: outage }
  }
  const error =
    thrown instanceof AuthError ? thrown : new CallbackRouteError("Unexpected error in the auth handler", { cause: thrown })
  if (!(thrown instanceof AuthError && thrown.type === "AdapterError")) config.logger.error(error.type, error)
  return { reason: "failed", error }
}

/**
 * Reads the session of a request whose context is already built (the
 * session endpoint's): the session strategy's read, with any failure typed.
 */
export async function readSessionIn(ctx: SessionReadContext): Promise<SessionReadOutcome> {
  try {
    return await ctx.config.sessionStrategy.read(ctx)
  } catch (thrown) {
    return { session: null, cookies: [], failure: failureOf(ctx.config, thrown) }
  }
}

/**
 * Reads the session of a request known by its origin and Cookie header,
 * exactly as GET {basePath}/session would answer it: the same session (shaped
 * by the session callback), the same cookies, revocation checks and events.
 */
export function readSession(config: ResolvedConfig, facts: SessionRequestFacts): Promise<SessionReadOutcome> {
  // Not async: readSessionIn's promise is the answer, with no second one around it on every request.
  if (config.error) {
    config.logger.error(config.error.type, config.error)
    return Promise.resolve({ session: null, cookies: [], failure: { reason: "configuration", error: config.error } })
  }
  // As the pipeline decides it for a request to this origin (context.ts).
  const secure = config.useSecureCookies ?? facts.origin.toLowerCase().startsWith("https:")
  const ctx: SessionReadContext = {
    config,
    cookies: secure ? config.cookies.secure : config.cookies.insecure,
    request: { cookies: parseCookies(facts.cookie) },
    ...(facts.organizationSlug === undefined ? {} : { organizationSlug: facts.organizationSlug }),
    ...(facts.fetchedByScript ? { fetchedByScript: true } : {}),
    ...(facts.deferTokenRefresh ? { deferTokenRefresh: true } : {}),
  }
  return readSessionIn(ctx)
}
