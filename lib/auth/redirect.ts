/**
 * Redirect targets. A target is accepted only when it is a same-origin path or
 * a same-origin absolute http(s) URL; everything else (other origins,
 * `javascript:`, protocol-relative `//evil`, backslash tricks) falls back to
 * the base URL.
 */

/** A path on this origin: "/x" but not "//host" or "/\\host", which browsers read as another host. */
export function isRelativePath(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\") && !/[\u0000-\u001f\\]/.test(url)
}

/** Whether a client-supplied callback URL is worth passing to the redirect callback at all. */
export function isAcceptableCallbackUrl(url: string): boolean {
  // A lone surrogate cannot be percent-encoded into the callback-url cookie or a Location header.
  if (!url.isWellFormed()) return false
  if (isRelativePath(url)) return true
  if (/[\u0000-\u001f]/.test(url)) return false
  try {
    const parsed = new URL(url)
    return parsed.protocol === "http:" || parsed.protocol === "https:"
  } catch {
    return false
  }
}

export function defaultRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  if (isRelativePath(url)) return `${baseUrl}${url}`
  try {
    if (new URL(url).origin === new URL(baseUrl).origin) return url
  } catch {
    // not a URL: fall through to the base URL
  }
  return baseUrl
}
