/**
 * requireRecentAuthentication(): the step-up guard for server actions and
 * server components (OWASP ASVS 5.0 7.5.1). A session whose last proof of
 * identity is recent enough comes back; otherwise Next's redirect() sends the
 * user to {basePath}/reauthenticate or pages.reauthenticate (or, signed out, to sign-in) with a
 * callbackUrl back to where they were. The decision is the core's
 * (session/step-up.ts); this module only reads the request and redirects.
 */
import { headers as nextHeaders } from "next/headers"
import { redirect as nextRedirect } from "next/navigation"
import { resolveAuthConfig } from "../auth"
import { relativeRedirect } from "../frameworks/shared/server-calls"
import { needsReauthentication } from "../session/step-up"
import type { Session } from "../types"
import type { PreparedConfig } from "./config"
import { currentCookieHeader, setCookies } from "./cookies"
import { readSession } from "./session"

export interface RecentAuthenticationOptions {
  /** Where to return after re-authenticating (a path on this site); default the Referer's path, else "/". */
  callbackUrl?: string
}

export type RequireRecentAuthentication = (options?: RecentAuthenticationOptions) => Promise<Session>

function withCallbackUrl(page: string, callbackUrl: string): string {
  return `${page}${page.includes("?") ? "&" : "?"}${new URLSearchParams({ callbackUrl })}`
}

export function recentAuthenticationGuard(getConfig: () => Promise<PreparedConfig>): RequireRecentAuthentication {
  return async function requireRecentAuthentication(options = {}) {
    const prepared = await getConfig()
    const headers = await nextHeaders()
    const cookie = await currentCookieHeader()
    const source = { get: (name: string) => (name.toLowerCase() === "cookie" ? cookie : headers.get(name)) }
    const read = await readSession(prepared, source)
    // An outage is not "signed out", nor a reason to ask for a password: the app shows it as such.
    if (read.unavailable) throw read.unavailable
    await setCookies(read.cookies).catch(() => false)

    const callbackUrl = relativeRedirect(options.callbackUrl ?? headers.get("referer"), prepared.origin(source))
    if (!read.session) nextRedirect(withCallbackUrl(prepared.config.pages?.signIn ?? `${prepared.basePath}/signin`, callbackUrl))
    if (needsReauthentication(read.proof, resolveAuthConfig(prepared.handler))) {
      nextRedirect(withCallbackUrl(prepared.config.pages?.reauthenticate ?? `${prepared.basePath}/reauthenticate`, callbackUrl))
    }
    return read.session
  }
}
