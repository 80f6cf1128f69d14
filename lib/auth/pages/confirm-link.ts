/**
 * The page an email link opens when link confirmation is on: one button that
 * POSTs the token back. Mail scanners follow links with GET, so they see this
 * page and leave the single-use token alone.
 */

import { html } from "./escape"
import { renderDocument, type PageTheme, type RenderedPage } from "./layout"
import { safeUrl } from "./urls"

export interface ConfirmLinkPageParams {
  /** Where the form posts: the callback URL, without the query. */
  action: string
  email: string
  token: string
  callbackUrl: string
  csrfToken: string
  theme: PageTheme
}

export function renderConfirmLinkPage(p: ConfirmLinkPageParams): RenderedPage {
  const action = safeUrl(p.action) ?? ""
  const content = html`<h1>Finish signing in</h1>
<p class="lead">Signing in as <strong>${p.email}</strong>.</p>
<form action="${action}" method="post">
<input type="hidden" name="csrfToken" value="${p.csrfToken}">
<input type="hidden" name="token" value="${p.token}">
<input type="hidden" name="email" value="${p.email}">
<input type="hidden" name="callbackUrl" value="${p.callbackUrl}">
<button type="submit" class="button button-primary" autofocus>Sign in</button>
</form>
<p class="footer">If you did not ask to sign in, close this page.</p>`
  return renderDocument({ title: "Finish signing in", theme: p.theme, content })
}
