/**
 * The page that answers a provider's cross-site form_post: the same fields,
 * posted again to the same callback from this origin, so the browser sends
 * the SameSite=Lax check cookies it withheld from the provider's POST. A
 * one-line script submits it (allowed by its hash); without scripts the
 * user presses Continue.
 */
import { html, trustedHtml, type SafeHtml } from "./escape"
import type { RenderedPage } from "./layout"

/** The only script: kept byte-identical to what FORM_POST_RELAY_SCRIPT_HASH hashes (a unit test checks it). */
export const FORM_POST_RELAY_SCRIPT = "document.forms[0].submit()"
export const FORM_POST_RELAY_SCRIPT_HASH = "'sha256-ePniVEkSivX/c7XWBGafqh8tSpiRrKiqYeqbG7N1TOE='"

/** No framing, nothing loaded, only the submitting script. */
export const FORM_POST_RELAY_CSP = `default-src 'none'; script-src ${FORM_POST_RELAY_SCRIPT_HASH}; base-uri 'none'; frame-ancestors 'none'`

export function renderFormPostRelay(action: string, fields: ReadonlyArray<readonly [string, string]>): RenderedPage {
  const inputs: SafeHtml[] = fields.map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)
  const page = html`<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="referrer" content="same-origin"><meta name="robots" content="noindex"><title>Signing in…</title></head>
<body>
<form method="post" action="${action}">${inputs}<noscript><p>Continue signing in:</p><button type="submit">Continue</button></noscript></form>
<script>${trustedHtml(FORM_POST_RELAY_SCRIPT)}</script>
</body>
</html>`
  return { status: 200, html: page.value }
}
