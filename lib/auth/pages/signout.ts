/**
 * The built-in sign-out confirmation page. Signing out is a POST carrying the
 * CSRF token, so a link or image on another site cannot sign the user out.
 */

import { html } from "./escape"
import { renderDocument, type PageTheme, type RenderedPage } from "./layout"
import { safeUrl } from "./urls"

export interface SignOutPageParams {
  csrfToken: string
  /** URL the form posts to. */
  action: string
  /** Where to go after signing out; carried as a hidden field when given. */
  callbackUrl?: string
  theme: PageTheme
}

export function renderSignOutPage(p: SignOutPageParams): RenderedPage {
  // An unacceptable action falls back to posting to this same URL, which is
  // where the sign-out endpoint serves this page from.
  const action = safeUrl(p.action) ?? ""
  const content = html`<h1>Sign out</h1>
<p>Are you sure you want to sign out?</p>
<form action="${action}" method="post">
<input type="hidden" name="csrfToken" value="${p.csrfToken}">
${p.callbackUrl !== undefined && html`<input type="hidden" name="callbackUrl" value="${p.callbackUrl}">`}
<button type="submit" class="button button-primary" autofocus>Sign out</button>
</form>`
  return renderDocument({ title: "Sign out", theme: p.theme, content })
}
