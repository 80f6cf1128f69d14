/**
 * What the sign-in page needs for passkeys: the inline script element and the
 * page headers whose Content-Security-Policy allows exactly that script (by
 * its hash) and its fetches to this origin. No CDN, no 'unsafe-inline'.
 */
import { htmlHeaders, PAGE_CSP_BASE } from "../http/response"
import { ENHANCE_SCRIPT_HASH } from "./enhance-script"
import { trustedHtml, type SafeHtml } from "./escape"
import { WEBAUTHN_PAGE_SCRIPT, WEBAUTHN_PAGE_SCRIPT_HASH } from "./webauthn-script.generated"

export function webauthnScriptElement(): SafeHtml {
  return trustedHtml(`<script>${WEBAUTHN_PAGE_SCRIPT}</script>`)
}

export const webauthnPageHeaders: Record<string, string> = {
  ...htmlHeaders,
  "Content-Security-Policy": `${PAGE_CSP_BASE}; script-src ${ENHANCE_SCRIPT_HASH} ${WEBAUTHN_PAGE_SCRIPT_HASH}; connect-src 'self'`,
}
