/**
 * A password input as every built-in page renders it: the label, with the
 * "Forgot password?" link (theme.forgotPasswordLink) on the same row, where
 * people look for it while typing; and a show-password button inside the
 * field. The button needs the pages' script to work, so it is rendered hidden
 * and the script reveals it: without the script there is no dead button.
 *
 * The button's name comes from its content, not aria-label, so that the field
 * stays the only element labelled "Password".
 */
import { html, type SafeHtml } from "./escape"
import type { PageLink } from "./links"
import { safeUrl } from "./urls"

const EYE = html`<svg class="eye-open" aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round"><path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z"/><circle cx="12" cy="12" r="3"/></svg><svg class="eye-shut" aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round"><path d="M3 3l18 18"/><path d="M10.6 5.1A10.6 10.6 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6C3.7 8.4 2 12 2 12s3.5 7 10 7a9.8 9.8 0 0 0 5.4-1.6"/><path d="M9.9 9.9a3 3 0 0 0 4.2 4.2"/></svg>`

/** The configured "Forgot password?" link, when its href passes the pages' URL check. */
export function forgotPasswordLink(link: PageLink | undefined): SafeHtml | false {
  const href = safeUrl(link?.href)
  const label = typeof link?.label === "string" ? link.label.trim() : ""
  if (href === undefined || label === "") return false
  return html`<a class="field-link" href="${href}">${label}</a>`
}

export function passwordField(p: {
  id: string
  label: string
  /** The input's name, type-independent attributes and autofocus, already rendered. */
  inputAttributes: SafeHtml | SafeHtml[]
  name: string
  forgot?: PageLink
}): SafeHtml {
  const forgot = forgotPasswordLink(p.forgot)
  return html`<div class="field">
<div class="label-row"><label for="${p.id}">${p.label}</label>${forgot}</div>
<div class="password-input">
<input id="${p.id}" type="password" name="${p.name}"${p.inputAttributes}>
<button type="button" class="reveal" data-reveal aria-controls="${p.id}" aria-pressed="false" hidden>${EYE}<span class="visually-hidden">Show password</span></button>
</div>
</div>`
}
