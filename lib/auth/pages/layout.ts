/**
 * Document shell shared by the built-in pages: the theme they take, the logo
 * and the surrounding HTML document.
 */

import { html, trustedHtml, type SafeHtml } from "./escape"
import type { PageLink } from "./links"
import { enhanceScriptElement } from "./enhance-script"
import { stylesheet } from "./styles"
import { safeImageUrl } from "./urls"

export interface PageTheme {
  colorScheme: "auto" | "dark" | "light"
  /** The product's name (theme.name): header, tab titles, "Go to …". */
  name?: string
  logo?: string
  brandColor?: string
  buttonText?: string
  /** Shown under the sign-in form (e.g. sign-up, the site's home). */
  links?: readonly PageLink[]
  /** Shown on the "Check your email" page. */
  verifyRequestLinks?: readonly PageLink[]
  /** Beside every password field's label (sign-in, "Confirm it's you"): where a forgotten password is reset. */
  forgotPasswordLink?: PageLink
}

export interface RenderedPage {
  status: number
  html: string
  /** The page carries the enhancement script (show password, resend countdown): its headers must allow it (pageHeaders). */
  enhanced?: boolean
}

/** Longer than this is not a name but a mistake in the config; it is cut. */
const MAX_NAME_LENGTH = 80

/** The configured product name, trimmed; undefined when there is none. */
export function productName(theme: PageTheme): string | undefined {
  const name = typeof theme.name === "string" ? theme.name.trim().slice(0, MAX_NAME_LENGTH) : ""
  return name === "" ? undefined : name
}

/** The logo; decorative (empty alt) when the name is written next to it. */
export function logo(theme: PageTheme): SafeHtml | undefined {
  const src = safeImageUrl(theme.logo)
  if (src === undefined) return undefined
  return productName(theme) === undefined ? html`<img class="logo" src="${src}" alt="Logo">` : html`<img class="logo" src="${src}" alt="">`
}

/**
 * The header bar the app's pages have too: logo and name, linking to the
 * site's root. Without a name the logo stays above the card, as it was.
 */
function siteHeader(theme: PageTheme): SafeHtml | false {
  const name = productName(theme)
  if (name === undefined) return false
  return html`<header class="site-header"><div class="site-header-inner"><a class="brand" href="/">${logo(theme)}<span>${name}</span></a></div></header>`
}

/** "Sign in · Acme": the page first (what a tab shows when narrow), then the product. */
export function pageTitle(title: string, theme: PageTheme): string {
  const name = productName(theme)
  return name === undefined ? title : `${title} · ${name}`
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
  /** Add the enhancement script: the content has a show-password button or a resend countdown. */
  enhance?: boolean
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
<title>${pageTitle(p.title, p.theme)}</title>
<style>${trustedHtml(stylesheet(p.theme))}</style>
</head>
<body class="auth-theme-${scheme}">
<a class="skip-link" href="#main">Skip to content</a>
${siteHeader(p.theme)}
<main class="page" id="main">
${productName(p.theme) === undefined && logo(p.theme)}
<div class="card">
${p.content}
</div>
</main>
${p.enhance === true && enhanceScriptElement()}
${p.script}
</body>
</html>
`
  return { status: p.status ?? 200, html: doc.value, ...(p.enhance === true ? { enhanced: true } : {}) }
}
