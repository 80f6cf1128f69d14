/**
 * GET /providers: the public description of each configured provider (id,
 * name, type, URLs). It must never expose a secret or a provider's functions.
 */
import type { AuthContext } from "../context"
import type { ResponseInternal } from "../http/response"
import { pageProviders } from "./pages"

type PublicProvider = { id: string; name: string; type: string; signinUrl: string; callbackUrl: string }

/** GET /providers: id, name, type and the two URLs of each provider; nothing secret. */
export function providers(ctx: AuthContext): ResponseInternal<Record<string, PublicProvider>> {
  const body: Record<string, PublicProvider> = {}
  for (const { id, name, type, signinUrl, callbackUrl } of pageProviders(ctx)) {
    body[id] = { id, name, type, signinUrl, callbackUrl }
  }
  return { status: 200, body }
}
