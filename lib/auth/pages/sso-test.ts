/**
 * The end of a test sign-in through an SSO connection: what the identity
 * provider's answer held, or why it was refused, for the organization's
 * admin who started it. Nobody is signed in by it.
 */
import { html } from "./escape"
import { renderDocument, type PageTheme, type RenderedPage } from "./layout"
import { safeUrl } from "./urls"

export interface SsoTestPageParams {
  connectionName: string
  /** The protocol names what the answer was: an assertion and its attributes, or an ID token and its claims. */
  kind: "saml" | "oidc"
  /** The answer's content when it passed every check; absent when refused. */
  identity?: { subject: string; email: string | null; name: string | null; attributes: Record<string, unknown>; domainVerified: boolean }
  /** The refusal's code when it did not. */
  refusal?: { code: string; message: string }
  backUrl: string
  theme: PageTheme
}

const shown = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value))

const WORDS = {
  saml: { answer: "a valid, signed assertion", subject: "Subject (NameID)", received: "Attributes received" },
  oidc: { answer: "a valid, signed ID token", subject: "Subject (sub)", received: "Claims received" },
} as const

export function renderSsoTestPage(p: SsoTestPageParams): RenderedPage {
  const back = safeUrl(p.backUrl)
  const link = back !== undefined && html`<p><a href="${back}">Back to the single sign-on settings</a></p>`
  if (!p.identity) {
    const content = html`<h1>Test failed</h1>
<div class="alert" role="alert" data-testid="sso-test-refused">The answer from ${p.connectionName} was refused: <code>${p.refusal?.code ?? "sso_response_invalid"}</code>.</div>
<p>${p.refusal?.message ?? ""}</p>
<p>Nobody was signed in. Check the values entered at the identity provider and in the connection.</p>
${link}`
    return renderDocument({ title: "SSO test", theme: p.theme, content, status: 400 })
  }
  const { identity } = p
  const words = WORDS[p.kind]
  const rows = Object.entries(identity.attributes).map(([name, value]) => html`<tr><th scope="row">${name}</th><td>${shown(value)}</td></tr>`)
  const content = html`<h1>Test passed</h1>
<p role="status" data-testid="sso-test-passed">${p.connectionName} answered with ${words.answer}. Nobody was signed in.</p>
<dl>
<dt>${words.subject}</dt><dd data-testid="sso-test-subject">${identity.subject}</dd>
<dt>Email</dt><dd data-testid="sso-test-email">${identity.email ?? "none: this user could not sign in"}</dd>
<dt>Name</dt><dd>${identity.name ?? "none"}</dd>
<dt>Address on a verified domain of this organization</dt><dd data-testid="sso-test-domain">${identity.domainVerified ? "yes" : "no: this user would be refused"}</dd>
</dl>
<h2>${words.received}</h2>
<table data-testid="sso-test-attributes"><tbody>
${rows}
</tbody></table>
${link}`
  return renderDocument({ title: "SSO test", theme: p.theme, content })
}
