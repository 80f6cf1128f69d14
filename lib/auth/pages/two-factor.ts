/**
 * The second step of a two-factor sign-in: an "Authentication code" field
 * (six boxes for the authenticator's code; it takes a recovery code too), a
 * "Use a recovery code" disclosure with a plain text field for one, "Sign in
 * with a passkey" where the user has one, and a way back to sign in. In enrol mode (the user must set up two-factor)
 * it shows the QR code, the secret and the otpauth URI, and after the
 * confirmation the recovery codes, once.
 */
import { html, trustedHtml } from "./escape"
import { renderDocument, type PageTheme, type RenderedPage } from "./layout"
import { oneTimeCodeField } from "./one-time-code-field"

/**
 * The page's `?error=` when the account's authenticator-code budget is spent:
 * the pending sign-in stays, because a passkey or a recovery code still works.
 */
export const TWO_FACTOR_CODES_PAUSED = "TwoFactorCodesPaused"

/** `?error=` values of this page and what they say; anything else gets the generic line. */
const MESSAGES: Readonly<Record<string, string>> = {
  InvalidTwoFactorCode: "That code did not work. Enter the current code from your authenticator app, or an unused recovery code.",
  MissingCSRF: "This form has expired. Reload the page and try again.",
  [TWO_FACTOR_CODES_PAUSED]:
    "Authenticator codes are paused for this account after too many wrong codes. Sign in with your passkey, or enter one of your recovery codes.",
}
const DEFAULT_MESSAGE = "Something went wrong. Try again."

export function twoFactorErrorMessage(error: string | undefined): string | undefined {
  if (error === undefined || error === "") return undefined
  return Object.hasOwn(MESSAGES, error) ? MESSAGES[error] : DEFAULT_MESSAGE
}

interface FormBase {
  /** Where the form posts: `{basePath}/two-factor`. */
  action: string
  csrfToken: string
  callbackUrl: string
  signInUrl: string
  error?: string
  theme: PageTheme
}

export interface TwoFactorPageParams extends FormBase {
  /** The passkey provider's id and its callback URL, when the user has a passkey. */
  passkey?: { providerId: string; action: string; basePath: string }
}

export interface TwoFactorEnrolPageParams extends FormBase {
  qrSvg: string
  secret: string
  uri: string
  sealedSecret: string
}

function hidden(p: FormBase): ReturnType<typeof html> {
  return html`<input type="hidden" name="csrfToken" value="${p.csrfToken}">
<input type="hidden" name="callbackUrl" value="${p.callbackUrl}">`
}

function alert(p: FormBase) {
  const message = twoFactorErrorMessage(p.error)
  return message !== undefined && html`<div class="alert" role="alert" id="two-factor-error">${message}</div>`
}

/**
 * The page's instruction, unless an error is shown: the error's own sentence
 * already says what to enter, and saying it twice reads as two problems.
 */
function lead(p: FormBase, text: string) {
  return twoFactorErrorMessage(p.error) === undefined && html`<p class="lead">${text}</p>`
}

/** After a wrong code the field is marked invalid and described by the error. */
function codeField(p: FormBase) {
  const errorId = twoFactorErrorMessage(p.error) !== undefined ? "two-factor-error" : undefined
  return oneTimeCodeField({ id: "two-factor-code", label: "Authentication code", ...(errorId === undefined ? {} : { errorId }) })
}

/**
 * A recovery code has letters, which the code field's numeric keyboard cannot
 * type on a phone: it gets its own text field, behind a disclosure so that it
 * needs no script and does not compete with the usual path.
 */
function recoveryCodeForm(p: FormBase) {
  // With authenticator codes paused, a recovery code is one of the two ways left: shown open.
  const open = p.error === TWO_FACTOR_CODES_PAUSED && html` open`
  return html`<details class="more" id="two-factor-recovery"${open}>
<summary>Use a recovery code</summary>
<form action="${p.action}" method="post" class="stack">
${hidden(p)}
<label for="two-factor-recovery-code">Recovery code</label>
<input id="two-factor-recovery-code" type="text" name="code" autocomplete="off" autocapitalize="off" spellcheck="false" maxlength="64" required>
<button type="submit" class="button button-secondary">Confirm with recovery code</button>
</form>
</details>`
}

export function renderTwoFactorPage(p: TwoFactorPageParams, script?: ReturnType<typeof trustedHtml>): RenderedPage {
  const passkey =
    p.passkey &&
    html`<form id="two-factor-passkey" action="${p.passkey.action}" method="post" data-webauthn-provider="${p.passkey.providerId}" data-base-path="${p.passkey.basePath}">
${hidden(p)}
<p class="alert" aria-live="polite" data-webauthn-error hidden></p>
<p data-webauthn-unsupported hidden>This browser cannot use passkeys.</p>
<button type="submit" class="button button-secondary" data-webauthn-submit>Sign in with a passkey</button>
</form>`
  const content = html`<h1>Two-factor authentication</h1>
${alert(p)}${lead(p, "Enter the 6-digit code from your authenticator app.")}
<form action="${p.action}" method="post" class="stack">
${hidden(p)}
${codeField(p)}
<button type="submit" class="button button-primary">Confirm with code</button>
</form>
${passkey && html`<div class="stack" style="margin-top:0.75rem">${passkey}</div>`}
${recoveryCodeForm(p)}
<p class="footer"><a href="${p.signInUrl}">Back to sign in</a></p>`
  return renderDocument({ title: "Two-factor authentication", theme: p.theme, content, script: passkey ? script : undefined, enhance: true })
}

export function renderTwoFactorEnrolPage(p: TwoFactorEnrolPageParams): RenderedPage {
  const content = html`<h1>Set up two-factor authentication</h1>
${alert(p)}<p class="lead">This account needs a second factor. Scan the QR code with an authenticator app, then enter the code it shows.</p>
<figure class="qr" aria-label="QR code">${trustedHtml(p.qrSvg)}</figure>
<p>Cannot scan it? Enter this secret in the app: <code>${p.secret}</code></p>
<p>Or use this URI: <code style="word-break:break-all">${p.uri}</code></p>
<form action="${p.action}" method="post" class="stack">
${hidden(p)}
<input type="hidden" name="sealedSecret" value="${p.sealedSecret}">
${codeField(p)}
<button type="submit" class="button button-primary">Turn on two-factor authentication</button>
</form>
<p class="footer"><a href="${p.signInUrl}">Back to sign in</a></p>`
  return renderDocument({ title: "Set up two-factor authentication", theme: p.theme, content, enhance: true })
}

export function renderRecoveryCodesPage(p: { codes: readonly string[]; continueUrl: string; theme: PageTheme }): RenderedPage {
  const content = html`<h1>Two-factor authentication is on</h1>
<p class="lead">Keep these recovery codes somewhere safe. Each works once, if you lose your authenticator. They are not shown again.</p>
<h2 id="recovery-codes-heading">Recovery codes</h2>
<ul aria-labelledby="recovery-codes-heading" aria-label="Recovery codes">
${p.codes.map((code) => html`<li><code>${code}</code></li>\n`)}</ul>
<p class="footer"><a class="button button-primary" href="${p.continueUrl}">Continue</a></p>`
  return renderDocument({ title: "Recovery codes", theme: p.theme, content })
}
