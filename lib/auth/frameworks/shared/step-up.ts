/**
 * Step-up for the Express and SvelteKit layers (OWASP ASVS 5.0 7.5.1): the
 * core's decision (session/step-up.ts) on the direct session read, and where
 * the user goes when it says no: sign-in when signed out, the re-authenticate
 * page (pages.reauthenticate, else {basePath}/reauthenticate) when the proof
 * is too old. Each framework only answers with its own redirect.
 */
import { resolveAuthConfig } from "../../auth"
import type { AuthConfig } from "../../config/types"
import { needsReauthentication } from "../../session/step-up"
import type { Session } from "../../types"
import { relativeRedirect } from "./server-calls"
import { readRequestSession, type SessionRead, type SessionRequestFacts } from "./session"

export interface RecentAuthenticationOptions {
  /** Where to return after re-authenticating (a path on this site); default the Referer's path, else "/". */
  callbackUrl?: string
}

export interface RecentAuthentication extends Pick<SessionRead, "cookies" | "unavailable"> {
  /** The session, only when its last proof of identity is recent enough. */
  session: Session | null
  /** Where to send the user instead (sign-in, or re-authenticate), with a callbackUrl back; null when `session` is set. */
  redirectTo: string | null
}

function withCallbackUrl(page: string, callbackUrl: string): string {
  return `${page}${page.includes("?") ? "&" : "?"}${new URLSearchParams({ callbackUrl })}`
}

/**
 * Reads the session of a request and decides whether a sensitive action may
 * go ahead. `config` is the layer's prepared core config, `basePath` where
 * its auth routes live.
 */
export async function recentAuthentication(
  config: AuthConfig,
  basePath: string,
  facts: SessionRequestFacts & { referer: string | null },
  options: RecentAuthenticationOptions = {},
): Promise<RecentAuthentication> {
  const read = await readRequestSession(config, facts)
  const callbackUrl = relativeRedirect(options.callbackUrl ?? facts.referer, facts.origin)
  const base = { cookies: read.cookies, ...(read.unavailable && { unavailable: read.unavailable }) }
  if (read.unavailable) return { ...base, session: null, redirectTo: null }
  if (!read.session) {
    return { ...base, session: null, redirectTo: withCallbackUrl(config.pages?.signIn ?? `${basePath}/signin`, callbackUrl) }
  }
  if (needsReauthentication(read.proof, resolveAuthConfig(config))) {
    const page = config.pages?.reauthenticate ?? `${basePath}/reauthenticate`
    return { ...base, session: null, redirectTo: withCallbackUrl(page, callbackUrl) }
  }
  return { ...base, session: read.session, redirectTo: null }
}
