/**
 * The page shown after an email sign-in link has been sent: the address it
 * went to (when the browser that asked still knows it) and "Send the link
 * again" once a cooldown has passed.
 */

import { html } from "./escape"
import { productName, renderDocument, type PageTheme, type RenderedPage } from "./layout"
import { safeUrl, siteLabel } from "./urls"
import { renderPageLinks } from "./links"

export interface VerifyRequestPageParams {
  /** The site's home URL; its host is shown as the link text. */
  homeUrl: string
  theme: PageTheme
  /** The address the link went to, from the asking browser's own cookie. */
  email?: string
  /** The form that sends the link again; without it the page offers none. */
  resend?: { action: string; csrfToken: string; callbackUrl: string; waitSeconds: number }
  /** `?error=` after a resend: only known values select a message. */
  error?: string
  /** "Use a different email" goes here. */
  signInUrl?: string
}

const RESEND_ERRORS: Readonly<Record<string, string>> = {
  ResendTooSoon: "The link was sent a moment ago. Wait a minute before asking for another.",
  RateLimited: "Too many links were asked for. Wait a few minutes, then try again.",
}

export function renderVerifyRequestPage(p: VerifyRequestPageParams): RenderedPage {
  const home = safeUrl(p.homeUrl) ?? "/"
  const signIn = safeUrl(p.signInUrl)
  const problem = p.error !== undefined && Object.hasOwn(RESEND_ERRORS, p.error) ? RESEND_ERRORS[p.error] : undefined
  const lead =
    p.email !== undefined && p.email !== ""
      ? html`<p class="lead">We sent a sign-in link to <strong data-sent-to>${p.email}</strong>.</p>`
      : html`<p class="lead">A sign in link has been sent to your email address.</p>`
  const resend =
    p.resend &&
    p.email !== undefined &&
    html`<form class="resend" action="${p.resend.action}" method="post">
<input type="hidden" name="csrfToken" value="${p.resend.csrfToken}">
<input type="hidden" name="callbackUrl" value="${p.resend.callbackUrl}">
<input type="hidden" name="email" value="${p.email}">
<input type="hidden" name="resend" value="1">
<button type="submit" class="button button-secondary" data-cooldown="${String(Math.max(0, Math.floor(p.resend.waitSeconds)))}" aria-describedby="resend-note">Send the link again</button>
<p id="resend-note">Nothing yet? Look in your spam folder, or send the link again.</p>
</form>`
  const content = html`<h1>Check your email</h1>
${problem !== undefined && html`<div class="alert" role="alert">${problem}</div>`}
${lead}
<p>Open the link in that mail to sign in. You can close this tab.</p>
${resend}
<p class="footer">${signIn !== undefined && html`<a href="${signIn}">Use a different email</a> · `}<a href="${home}">Go to ${productName(p.theme) ?? siteLabel(home)}</a></p>
${renderPageLinks(p.theme.verifyRequestLinks)}`
  return renderDocument({ title: "Check your email", theme: p.theme, content, enhance: resend !== false && resend !== undefined })
}
