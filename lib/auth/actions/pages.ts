/**
 * Helpers the actions share to reach the pages: custom page URLs, query
 * building, the providers and theme a page shows. No rendering here (that is
 * lib/auth/pages).
 */
import type { AuthContext } from "../context"
import type { PageProvider, PageTheme } from "../pages"
import type { PagesOptions } from "../types"

/** Absolute URL of a custom page (`pages.signIn: "/login"` → origin + "/login"). */
export function customPageUrl(ctx: AuthContext, page: keyof PagesOptions): string | undefined {
  const value = ctx.config.pages[page]
  if (!value) return undefined
  return value.startsWith("/") ? `${ctx.origin}${value}` : value
}

/**
 * The re-authenticate page (pages.reauthenticate, else the built-in
 * {basePath}/reauthenticate) returning to `callbackUrl`, with any further query.
 */
export function reauthenticatePageUrl(ctx: AuthContext, callbackUrl: string, query: Record<string, string | undefined> = {}): string {
  return withQuery(customPageUrl(ctx, "reauthenticate") ?? `${ctx.authUrl}/reauthenticate`, { callbackUrl, ...query })
}

export function withQuery(url: string, params: Record<string, string | undefined>): string {
  const query = Object.entries(params)
    .filter((e): e is [string, string] => e[1] !== undefined && e[1] !== "")
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join("&")
  if (query === "") return url
  return `${url}${url.includes("?") ? "&" : "?"}${query}`
}

export function pageTheme(ctx: AuthContext): PageTheme {
  return ctx.config.theme
}

/** Providers as the sign-in page and GET /providers describe them. */
export function pageProviders(ctx: AuthContext): PageProvider[] {
  return ctx.config.providers.map((p) => ({
    id: p.id,
    name: p.name,
    type: p.type,
    signinUrl: `${ctx.authUrl}/signin/${p.id}`,
    callbackUrl: `${ctx.authUrl}/callback/${p.id}`,
    credentials: p.type === "credentials" ? p.credentials : undefined,
    formFields: p.type === "webauthn" ? p.formFields : undefined,
    conditionalUI: p.type === "webauthn" ? p.enableConditionalUI : undefined,
    style: (p as { style?: PageProvider["style"] }).style,
  }))
}
