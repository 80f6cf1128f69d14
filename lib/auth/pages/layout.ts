/**
 * Document shell shared by the built-in pages: the theme they take, the logo
 * and the surrounding HTML document.
 */

import { html, trustedHtml, type SafeHtml } from "./escape"
import type { PageLink } from "./links"
import { stylesheet } from "./styles"
import { safeImageUrl } from "./urls"

export interface PageTheme {
  colorScheme: "auto" | "dark" | "light"
  /** The product's name (Theme.name): in the tab title and the way home, instead of the host. */
  name?: string
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
  // "Sign In · Acme Books": the tab says which site, as the app's own pages do.
  const productName = p.theme.name?.trim()
  const title = productName ? `${p.title} · ${productName}` : p.title
  const doc = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="${colorSchemeMeta}">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="same-origin">
<title>${title}</title>
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
