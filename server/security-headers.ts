/**
 * Response headers for the app's own pages (next.config.ts applies them): a
 * Content-Security-Policy, no framing, no MIME sniffing, a referrer policy and
 * HSTS. The auth library's built-in pages (under the auth base path) send their own,
 * stricter set. Next.js inlines its bootstrap scripts without a nonce, so
 * scripts are limited to this origin plus inline ones; everything else
 * (frames, plugins, foreign form targets, <base>) is shut.
 */

import { AUTH_PAGE_PATHS } from "./auth-page-headers"

export interface HeaderRule {
  source: string
  headers: Array<{ key: string; value: string }>
}

export function contentSecurityPolicy(development: boolean): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code (stack traces, fast refresh); production does not.
    `script-src 'self' 'unsafe-inline'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self'${development ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ")
}

/**
 * Browsers honour Strict-Transport-Security only when it arrives over https
 * and ignore it on http, so it is always sent: an app whose public origin is
 * https (directly or behind a TLS proxy) gets HSTS, plain-http development is
 * unaffected. No includeSubDomains: other hosts of the domain are not ours to pin.
 */
export function securityHeaders(development: boolean, authBasePath = "/api/auth"): HeaderRule[] {
  // "/api/auth" → "api/auth/": the path-to-regexp sources below match from after the leading slash.
  const auth = `${escapeForSource(authBasePath.replace(/^\/+|\/+$/g, ""))}/`
  return [
    {
      // Every path except the auth routes, whose pages set their own policy.
      source: `/((?!${auth}).*)`,
      headers: [
        { key: "X-Frame-Options", value: "DENY" },
        { key: "X-Content-Type-Options", value: "nosniff" },
        { key: "Strict-Transport-Security", value: "max-age=63072000" },
        { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
      ],
    },
    {
      // Not the app's auth pages either: middleware.ts gives them a nonce policy and no referrer
      // (server/auth-page-headers.ts). Two CSP headers would both apply, so they get only that one.
      source: `/((?!${auth}|(?:${AUTH_PAGE_PATHS.map((p) => p.slice(1)).join("|")})(?:/|$)).*)`,
      headers: [
        { key: "Content-Security-Policy", value: contentSecurityPolicy(development) },
        { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
      ],
    },
    {
      source: `/${auth}:path*`,
      headers: [
        { key: "X-Content-Type-Options", value: "nosniff" },
        { key: "Strict-Transport-Security", value: "max-age=63072000" },
      ],
    },
  ]
}

/** Escapes what path-to-regexp would read as syntax in a literal path segment. */
function escapeForSource(path: string): string {
  return path.replace(/[.*+?^${}()|[\]\\:]/g, "\\$&")
}
