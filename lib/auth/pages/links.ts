/**
 * Links shown under the built-in sign-in form (`theme.links`), such as "Create
 * an account" or "Back to the site". Every href goes through the same URL
 * check as the rest of the pages; a link that fails it is left out, never
 * rendered with a rewritten target.
 */

import { html, type SafeHtml } from "./escape"
import { safeUrl } from "./urls"

export interface PageLink {
  /** The visible text. */
  label: string
  /** A same-origin path (`/signup`) or an absolute http(s) URL. */
  href: string
}

/** More than this many links is a mistake in the config, not a design; the rest are dropped. */
const MAX_LINKS = 6

/** The `<nav>` with the configured links, or nothing when none is usable. */
export function renderPageLinks(links: readonly PageLink[] | undefined): SafeHtml | false {
  const usable = (links ?? [])
    .slice(0, MAX_LINKS)
    .map((link) => ({ label: typeof link?.label === "string" ? link.label.trim() : "", href: safeUrl(link?.href) }))
    .filter((link): link is { label: string; href: string } => link.label !== "" && link.href !== undefined)
  if (usable.length === 0) return false
  return html`<nav class="links" aria-label="More">
${usable.map((link) => html`<a href="${link.href}">${link.label}</a>
`)}</nav>`
}
