/**
 * Headers of the app's own auth pages (sign-up, forgot, reset and set password,
 * email verification, confirming or cancelling a change of address), which middleware.ts sets per request: a
 * Content-Security-Policy whose scripts must carry a fresh nonce (Next.js
 * reads it from the request's CSP header and puts it on its own scripts),
 * no referrer (the reset and verification links carry tokens in the URL)
 * and no caching. The other pages keep next.config.ts's static headers.
 */
export const AUTH_PAGE_PATHS = [
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/set-password",
  "/verify-email",
  // The change of email address's links (confirm at the new address, cancel from the old one).
  "/confirm-email",
  "/cancel-email-change",
  // "It wasn't me" from the wrong two-factor codes notice.
  "/password-revoke",
] as const

/** Whether a path is one of AUTH_PAGE_PATHS (with or without a trailing slash). */
export function isAuthPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname
  return (AUTH_PAGE_PATHS as readonly string[]).includes(path)
}

/** The headers besides the policy. */
export const AUTH_PAGE_HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" } as const

/** A 128-bit nonce, base64 (the CSP nonce grammar). */
export function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
}

export function authPageContentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': the chunks Next's nonce'd bootstrap loads are trusted through it; no host list.
    `script-src 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    // Next's development overlay and error pages inject <style> elements and style attributes
    // without the nonce (about 30 refusals per page). A browser ignores 'unsafe-inline' next to a
    // nonce, so development drops the style nonce; production keeps it.
    development ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${development ? " ws:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ")
}
