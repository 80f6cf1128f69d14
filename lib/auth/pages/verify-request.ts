/**
 * The page shown after an email sign-in link has been sent.
 */

import { html } from "./escape"
import { renderDocument, type PageTheme, type RenderedPage } from "./layout"
import { safeUrl, siteLabel } from "./urls"
import { renderPageLinks } from "./links"

export interface VerifyRequestPageParams {
  /** The site's home URL; its host is shown as the link text. */
  homeUrl: string
  theme: PageTheme
}

export function renderVerifyRequestPage(p: VerifyRequestPageParams): RenderedPage {
  const home = safeUrl(p.homeUrl) ?? "/"
  const content = html`<h1>Check your email</h1>
<p class="lead">A sign in link has been sent to your email address.</p>
<p>You can close this tab and open the link from your inbox.</p>
<p class="footer"><a href="${home}">Go to ${siteLabel(home, p.theme.name)}</a></p>
${renderPageLinks(p.theme.verifyRequestLinks)}`
  return renderDocument({ title: "Verify Request", theme: p.theme, content })
}
