/**
 * The deployment's origin for a request a framework hands us: AUTH_URL when it
 * is a usable http(s) URL, otherwise the origin the framework itself resolved
 * for the request. Express's `req.host`/`req.protocol` and SvelteKit's
 * `event.url` already follow the app's own proxy settings, so forwarded
 * headers are never read here a second time.
 */
import { authUrlFromEnv, type Env } from "../../env"
import { resolveOrigin } from "../../http/origin"

export function frameworkOrigin(env: Env, requestOrigin: string): string {
  return resolveOrigin({ get: () => null }, { authUrl: authUrlFromEnv(env), trustHost: false, fallback: requestOrigin })
}
