/**
 * The SvelteKit layer on the core: SvelteKitAuth(config) gives the `handle`
 * hook (answers the auth routes, puts locals.auth() on every event), GET and
 * POST for a `src/routes/auth/[...auth]/+server.ts` route, and the signIn and
 * signOut form actions. Everything SvelteKit-specific stays in lib/auth/sveltekit.
 *
 *   // src/hooks.server.ts
 *   export const { handle, signIn, signOut } = SvelteKitAuth({ providers, secret })
 *   // +page.server.ts: load = async ({ locals }) => ({ session: await locals.auth() })
 *   // locals.auth() rejects with DatabaseUnavailable during a database outage (answer 503).
 */
import { defaultAccessControl, type PermissionRequest, type Resources } from "../access/control"
import { error, redirect } from "@sveltejs/kit"
import { Auth, resolveAuthConfig } from "../auth"
import { withOrigin } from "../http/origin"
import { parseActionAndProvider } from "../http/request"
import { rememberClientAddress } from "../frameworks/shared/client-address"
import { type ServerCallContext, serverSignIn, serverSignOut } from "../frameworks/shared/server-calls"
import { permissionRefusal } from "../frameworks/shared/permission"
import { readRequestSession } from "../frameworks/shared/session"
import { recentAuthentication, type RecentAuthenticationOptions } from "../frameworks/shared/step-up"
import type { Session } from "../types"
import {
  configGetter,
  type PreparedSvelteKitConfig,
  prepareConfig,
  type SvelteKitAuthConfig,
  type SvelteKitAuthConfigInput,
} from "./config"
import { closingConnection, guardBody } from "./body"
import { type AuthLocals, currentCookieHeader, eventOrigin, setCookies, type SvelteKitEvent } from "./event"

export type { SvelteKitAuthConfig, SvelteKitAuthConfigInput } from "./config"
export type { AuthLocals, SvelteKitEvent } from "./event"

/**
 * The core's answer for an auth route of this event. The body the core did
 * not read is settled afterwards, so the keep-alive connection survives.
 */
async function answer(prepared: PreparedSvelteKitConfig, event: SvelteKitEvent): Promise<Response> {
  const { request, settle } = guardBody(withOrigin(event.request, eventOrigin(event, process.env)))
  try {
    rememberClientAddress(request, event.getClientAddress())
  } catch {
    // Some adapters cannot tell (prerendering); the rate limiter then keys on "unknown".
  }
  const response = await Auth(request, prepared.handler)
  return (await settle()) === "keep" ? response : closingConnection(response)
}

function serverCallContext(prepared: PreparedSvelteKitConfig, event: SvelteKitEvent): ServerCallContext {
  return {
    config: prepared.action,
    origin: eventOrigin(event, process.env),
    basePath: prepared.basePath,
    headers: new Headers(event.request.headers),
    cookie: currentCookieHeader(event),
  }
}

/**
 * Reads the session of the event once, and sets the cookies the core asks
 * for (a slid expiry). Rejects with DatabaseUnavailable when the database
 * cannot be read, so an outage is not mistaken for a signed-out user.
 */
function sessionReader(prepared: PreparedSvelteKitConfig, event: SvelteKitEvent): () => Promise<Session | null> {
  let pending: Promise<Session | null> | undefined
  return () =>
    (pending ??= readRequestSession(prepared.handler, {
      origin: eventOrigin(event, process.env),
      cookie: currentCookieHeader(event),
    }).then(({ session, cookies, unavailable }) => {
      if (unavailable) throw unavailable
      try {
        setCookies(event, cookies)
      } catch {
        // The response has gone (a late call from a streamed load): the session still reads.
      }
      return session
    }))
}

/** Form fields of an action's POST, without the provider id. */
async function formOf(event: SvelteKitEvent): Promise<FormData> {
  try {
    return await event.request.formData()
  } catch {
    return new FormData()
  }
}

export function SvelteKitAuth(input: SvelteKitAuthConfigInput) {
  const getConfig = configGetter(input, process.env)

  /** The hook: auth routes are answered by the core; every other request gets locals.auth(). */
  async function handle<E extends SvelteKitEvent>({ event, resolve }: { event: E; resolve: (event: E) => Response | Promise<Response> }) {
    const prepared = await getConfig(event)
    ;(event.locals as AuthLocals).auth = sessionReader(prepared, event)
    if (parseActionAndProvider(event.url.pathname, prepared.basePath)) return answer(prepared, event)
    return resolve(event)
  }

  /** For a route file instead of the hook: `export const { GET, POST } = handlers`. */
  const handler = async (event: SvelteKitEvent) => answer(await getConfig(event), event)

  /**
   * The sign-in form action: `providerId` names the provider, `redirectTo`
   * the page to land on, other fields go to the provider (e.g. credentials).
   * Ends in a redirect; errors of the flow (CredentialsSignin …) are thrown.
   */
  async function signIn(event: SvelteKitEvent): Promise<never> {
    const prepared = await getConfig(event)
    const form = await formOf(event)
    const provider = form.get("providerId")
    form.delete("providerId")
    const result = await serverSignIn(
      serverCallContext(prepared, event),
      typeof provider === "string" && provider !== "" ? provider : undefined,
      form,
    )
    setCookies(event, result.cookies)
    redirect(303, result.url)
  }

  /** The sign-out form action: ends the session and redirects to `redirectTo` (default the referring page). */
  async function signOut(event: SvelteKitEvent): Promise<never> {
    const prepared = await getConfig(event)
    const redirectTo = (await formOf(event)).get("redirectTo")
    const result = await serverSignOut(serverCallContext(prepared, event), {
      redirectTo: typeof redirectTo === "string" ? redirectTo : undefined,
    })
    setCookies(event, result.cookies)
    redirect(303, result.url)
  }

  return { handle, signIn, signOut, handlers: { GET: handler, POST: handler }, GET: handler, POST: handler }
}

/**
 * The session of a request, or null, for code that has a Request but no
 * event; throws DatabaseUnavailable as locals.auth() does. Cookies the core
 * would refresh are not written (there is no response here); locals.auth()
 * does write them.
 */
export async function getSession(request: Request, config: SvelteKitAuthConfig): Promise<Session | null> {
  const prepared = prepareConfig(config, process.env)
  const origin = eventOrigin({ url: new URL(request.url) }, process.env)
  const { session, unavailable } = await readRequestSession(prepared.handler, { origin, cookie: request.headers.get("cookie") })
  if (unavailable) throw unavailable
  return session
}

export type { RecentAuthenticationOptions } from "../frameworks/shared/step-up"

/**
 * Step-up for a sensitive load or form action (OWASP ASVS 5.0 7.5.1):
 * resolves to the session when the user proved who they are within
 * `reauthenticateAfter` (default 600 s, AUTH_REAUTHENTICATE_AFTER); otherwise
 * throws SvelteKit's redirect (303) to the re-authenticate page
 * (pages.reauthenticate, else {basePath}/reauthenticate), or to sign-in when
 * nobody is signed in, with a callbackUrl back (default the Referer's path).
 * Throws DatabaseUnavailable like getSession.
 *
 *   export const actions = {
 *     password: async ({ request }) => {
 *       const session = await requireRecentAuthentication(request, authConfig)
 *       // … change the password
 *     },
 *   }
 */
export async function requireRecentAuthentication(
  request: Request,
  config: SvelteKitAuthConfig,
  options: RecentAuthenticationOptions = {},
): Promise<Session> {
  const prepared = prepareConfig(config, process.env)
  const origin = eventOrigin({ url: new URL(request.url) }, process.env)
  const facts = { origin, cookie: request.headers.get("cookie"), referer: request.headers.get("referer") }
  const verdict = await recentAuthentication(prepared.handler, prepared.basePath, facts, options)
  if (verdict.unavailable) throw verdict.unavailable
  if (verdict.redirectTo !== null || !verdict.session) redirect(303, verdict.redirectTo ?? "/")
  return verdict.session
}

/** Whether the session's roles grant every action asked for, by the configuration's access control. */
export function hasPermission(session: Session | null | undefined, request: PermissionRequest<Resources>, config: SvelteKitAuthConfig): boolean {
  return (config.access?.control ?? defaultAccessControl).hasPermission(session, request)
}

/**
 * The permission guard for a load or form action: the session when its roles grant `permission`;
 * otherwise SvelteKit's error(401) when signed out, error(403) when not allowed. A form action (any
 * method but GET, HEAD, OPTIONS) is refused from an impersonation session, and so is any admin
 * operation (the user and session resources), which is also checked against the roles and ban
 * stored now, not the copy on the session (frameworks/shared/permission.ts).
 */
export async function requirePermission(request: Request, config: SvelteKitAuthConfig, permission: PermissionRequest<Resources>): Promise<Session> {
  const prepared = prepareConfig(config, process.env)
  const origin = eventOrigin({ url: new URL(request.url) }, process.env)
  const read = await readRequestSession(prepared.handler, { origin, cookie: request.headers.get("cookie") })
  if (read.unavailable) throw read.unavailable
  const refusal = await permissionRefusal(resolveAuthConfig(prepared.handler), read, permission, request.method)
  if (refusal?.status === 401 || !read.session) error(401, "Unauthorized")
  if (refusal) error(403, refusal.reason === "impersonating" ? "Not while impersonating" : "Forbidden")
  return read.session
}
