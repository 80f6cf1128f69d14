/**
 * Document shell shared by the built-in pages, and the URL checks applied to
 * every href, src and form action.
 */

import { html, trustedHtml, type SafeHtml } from "./escape"
import type { PageLink } from "./links"
import { stylesheet } from "./styles"

export interface PageTheme {
  colorScheme: "auto" | "dark" | "light"
  logo?: string
  brandColor?: string
  buttonText?: string
  /** Shown under the sign-in form (e.g. sign-up, the site's home). */
  links?: readonly PageLink[]
  /** Shown on the "Check your email" page. */
  verifyRequestLinks?: readonly PageLink[]
}

export interface RenderedPage {
  status: number
  html: string
}

// Control characters and whitespace are rejected outright: browsers strip
// some of them while parsing a URL, which is how `java\tscript:` slips past
// naive prefix checks.
const UNSAFE_CHARS = /[\u0000-\u0020\u007f-\u009f\\]/

/**
 * Returns the URL if it is absolute http(s) or a same-origin relative path
 * (`/x`, `?x`, `#x`); otherwise `undefined`. Protocol-relative `//host` is
 * refused because it names another host without saying so.
 */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > 4096) return undefined
  if (UNSAFE_CHARS.test(value)) return undefined
  if (/^[/?#]/.test(value)) return value.startsWith("//") ? undefined : value
  try {
    const url = new URL(value)
    return url.protocol === "https:" || url.protocol === "http:" ? value : undefined
  } catch {
    return undefined
  }
}

// Raster and SVG images only. SVG is safe here because it is only ever used
// as an <img> source, where scripts inside it do not run. The payload itself
// is not parsed: it is attribute-escaped like every other value, so only the
// scheme and media type decide whether the URL is acceptable.
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif|svg\+xml)[;,][^\u0000-\u001f\u007f]*$/i

/** Like `safeUrl`, and additionally accepts `data:image/...` URLs (for logos). */
export function safeImageUrl(value: unknown): string | undefined {
  if (typeof value === "string" && DATA_IMAGE.test(value) && value.length <= 100_000) return value
  return safeUrl(value)
}

/** Human-readable name of the site a URL points to: its host, or a fallback. */
export function siteLabel(url: string): string {
  try {
    return new URL(url).host || "the home page"
  } catch {
    return "the home page"
  }
}

export function logo(theme: PageTheme): SafeHtml | undefined {
  const src = safeImageUrl(theme.logo)
  return src === undefined ? undefined : html`<img class="logo" src="${src}" alt="Logo">`
}

/**
 * Wraps page content in a complete HTML document. `content` is the inside of
 * the card; the theme logo, when valid, sits above it.
 */
export function renderDocument(p: {
  title: string
  theme: PageTheme
  content: SafeHtml
  status?: number
  /** A script element (already trusted) placed at the end of the body. */
  script?: SafeHtml
}): RenderedPage {
  const scheme = p.theme.colorScheme === "dark" || p.theme.colorScheme === "light" ? p.theme.colorScheme : "auto"
  const colorSchemeMeta = scheme === "auto" ? "light dark" : scheme
  const doc = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="${colorSchemeMeta}">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="same-origin">
<title>${p.title}</title>
<style>${trustedHtml(stylesheet(p.theme))}</style>
</head>
<body class="auth-theme-${scheme}">
<main class="page">
${logo(p.theme)}
<div class="card">
${p.content}
</div>
</main>
${p.script}
</body>
</html>
`
  return { status: p.status ?? 200, html: doc.value }
}
