/**
 * The built-in re-authenticate page ("Confirm it's you"): shown before a
 * sensitive action when the session's last proof of identity is too old. It
 * leads with one way, the strongest this user has (a passkey, then the
 * password with a code when two-factor is on, the password, the code alone,
 * an emailed sign-in link), and keeps the others behind "Use another method",
 * a <details> disclosure so it needs no script. The passkey form is driven by
 * the sign-in page's script (same hash, same CSP).
 */
import { passwordField as pagePasswordField } from "./password-field"
import { html, type SafeHtml } from "./escape"
import { renderDocument, type PageTheme, type RenderedPage } from "./layout"
import { safeUrl } from "./urls"
import { webauthnScriptElement } from "./webauthn"

/** `?error=` values of the re-authenticate page; anything else shows the generic message. */
export type ReauthenticateErrorCode =
  | "wrong_password"
  | "wrong_code"
  | "wrong_password_or_code"
  | "missing_code"
  | "rate_limited"
  | "expired_form"
  | "unavailable_method"
  | "failed"

export interface ReauthenticatePageParams {
  /** Where the forms post (the page's own URL, without its query). */
  actionUrl: string
  csrfToken: string
  /** Where the user returns once confirmed; carried as a hidden field. */
  callbackUrl: string
  /** The signed-in user's address, shown so they know which account they confirm. */
  email?: string | null
  /** The user has a password the credentials provider checks. */
  password: boolean
  /**
   * The user has two-factor on: the code is asked on the password's form, or
   * alone when there is no password. The password is never offered alone then.
   */
  code: boolean
  /** Offer a passkey (the user has one): the provider's id and the auth routes' path. */
  passkey?: { providerId: string; basePath: string }
  /** Offer an emailed sign-in link: the email provider's sign-in URL. */
  emailLink?: { signinUrl: string }
  error?: string
  theme: PageTheme
}

const MESSAGES: Readonly<Record<ReauthenticateErrorCode, string>> = {
  wrong_password: "That password is not correct. Try again.",
  wrong_code: "That code is not correct, or it was already used. Try again.",
  wrong_password_or_code: "That password or code is not correct, or the code was already used. Try again.",
  missing_code: "Enter a code from your authenticator app, or a recovery code, as well as your password.",
  rate_limited: "Too many attempts. Wait a few minutes, then try again.",
  expired_form: "This form has expired. Reload the page and try again.",
  unavailable_method: "That way of confirming is not available for your account.",
  failed: "Something went wrong. Try again.",
}

export function reauthenticateErrorMessage(error: string | undefined): string | undefined {
  if (error === undefined || error === "") return undefined
  return Object.hasOwn(MESSAGES, error) ? MESSAGES[error as ReauthenticateErrorCode] : MESSAGES.failed
}

function hidden(p: ReauthenticatePageParams, method?: string): SafeHtml {
  return html`<input type="hidden" name="csrfToken" value="${p.csrfToken}">
<input type="hidden" name="callbackUrl" value="${p.callbackUrl}">${method !== undefined && html`
<input type="hidden" name="method" value="${method}">`}`
}

function passwordField(p: ReauthenticatePageParams, autofocus: boolean): SafeHtml {
  return pagePasswordField({
    id: "reauthenticate-password",
    name: "password",
    label: "Password",
    inputAttributes: html` autocomplete="current-password" required${autofocus && html` autofocus`}`,
    forgot: p.theme.forgotPasswordLink,
  })
}

function codeField(autofocus: boolean): SafeHtml {
  return html`<div class="field">
<label for="reauthenticate-code">Authentication code</label>
<input id="reauthenticate-code" type="text" name="code" autocomplete="one-time-code" autocapitalize="off" spellcheck="false" maxlength="64" required aria-describedby="reauthenticate-code-hint"${autofocus && html` autofocus`}>
<p id="reauthenticate-code-hint">From your authenticator app, or one of your recovery codes.</p>
</div>`
}

/** The address as a username field lets password managers pick the right entry. */
function usernameField(p: ReauthenticatePageParams): SafeHtml | false {
  return p.email ? html`<input type="hidden" name="username" value="${p.email}" autocomplete="username">` : false
}

function passwordForm(p: ReauthenticatePageParams, action: string, autofocus: boolean): SafeHtml {
  return html`<form action="${action}" method="post">
${hidden(p, "password")}
${usernameField(p)}
${passwordField(p, autofocus)}
<button type="submit" class="button ${autofocus ? "button-primary" : "button-secondary"}">Confirm with password</button>
</form>`
}

/** Two-factor on: both factors on one form, checked together, refused with one answer. */
function passwordAndCodeForm(p: ReauthenticatePageParams, action: string, autofocus: boolean): SafeHtml {
  return html`<form action="${action}" method="post">
${hidden(p, "password")}
${usernameField(p)}
${passwordField(p, autofocus)}
${codeField(false)}
<button type="submit" class="button ${autofocus ? "button-primary" : "button-secondary"}">Confirm with password and code</button>
</form>`
}

function codeForm(p: ReauthenticatePageParams, action: string, autofocus: boolean): SafeHtml {
  return html`<form action="${action}" method="post">
${hidden(p, "code")}
${codeField(autofocus)}
<button type="submit" class="button ${autofocus ? "button-primary" : "button-secondary"}">Confirm with code</button>
</form>`
}

function passkeyForm(p: ReauthenticatePageParams, passkey: { providerId: string; basePath: string }, primary: boolean): SafeHtml {
  const action = `${passkey.basePath}/callback/${encodeURIComponent(passkey.providerId)}`
  return html`<form id="${passkey.providerId}-form" action="${action}" method="post" data-webauthn-provider="${passkey.providerId}" data-base-path="${passkey.basePath}" data-webauthn-action="authenticate">
${hidden(p)}
<p class="alert" aria-live="polite" data-webauthn-error hidden></p>
<p data-webauthn-unsupported hidden>This browser cannot use passkeys.</p>
<button type="submit" class="button ${primary ? "button-primary" : "button-secondary"}" data-webauthn-submit>Confirm with a passkey</button>
</form>`
}

function emailLinkForm(p: ReauthenticatePageParams, signinUrl: string, primary: boolean): SafeHtml {
  return html`<form action="${signinUrl}" method="post">
${hidden(p)}
<input type="hidden" name="email" value="${p.email ?? ""}">
<button type="submit" class="button ${primary ? "button-primary" : "button-secondary"}">Email me a sign-in link</button>
</form>`
}

/**
 * The ways this user can confirm, strongest first: a passkey (phishing-resistant,
 * one step), the password with the code, the password, the code alone, a link
 * by email (only as strong as the mailbox). Each renders as the lead form
 * (`primary`: focused, filled button) or as one of the others.
 */
function ways(p: ReauthenticatePageParams, action: string): Way[] {
  const out: Way[] = []
  const passkey = p.passkey
  if (passkey) out.push({ typed: false, render: (primary) => passkeyForm(p, passkey, primary) })
  if (p.password) out.push({ typed: true, render: (primary) => (p.code ? passwordAndCodeForm : passwordForm)(p, action, primary) })
  else if (p.code) out.push({ typed: true, render: (primary) => codeForm(p, action, primary) })
  const signinUrl = p.emailLink && p.email ? safeUrl(p.emailLink.signinUrl) : undefined
  if (signinUrl !== undefined) out.push({ typed: false, render: (primary) => emailLinkForm(p, signinUrl, primary) })
  // After a wrong password or code, the form that was used leads, so the retry is not behind a disclosure.
  if (p.error !== undefined && TYPED_ERRORS.has(p.error)) out.sort((a, b) => Number(b.typed) - Number(a.typed))
  return out
}

interface Way {
  /** The password or code form (answers typed into this page). */
  typed: boolean
  render: (primary: boolean) => SafeHtml
}

const TYPED_ERRORS: ReadonlySet<string> = new Set<ReauthenticateErrorCode>(["wrong_password", "wrong_code", "wrong_password_or_code", "missing_code"])

export function renderReauthenticatePage(p: ReauthenticatePageParams): RenderedPage {
  const action = safeUrl(p.actionUrl) ?? ""
  const [lead, ...others] = ways(p, action)
  const message = reauthenticateErrorMessage(p.error)
  const back = safeUrl(p.callbackUrl) ?? "/"
  const content = html`<h1>Confirm it's you</h1>
<p class="lead">${p.email ? html`You are signed in as <strong>${p.email}</strong>. ` : false}To continue, confirm your identity again.</p>
${message !== undefined && html`<div class="alert" role="alert">${message}</div>`}
${lead === undefined ? html`<p>There is no way to confirm your identity here. Sign out and sign in again.</p>` : html`<div class="stack">
${lead.render(true)}
</div>`}
${others.length > 0 && html`<details class="more">
<summary>Use another method</summary>
${others.map((form) => html`<div class="stack">
${form.render(false)}
</div>
`)}</details>`}
<p class="footer"><a href="${back}">Cancel</a></p>`
  const script = p.passkey ? webauthnScriptElement() : undefined
  return renderDocument({ title: "Confirm it's you", theme: p.theme, content, script, enhance: p.password })
}

/**
 * The re-authenticate page for an impersonation session: no proof given here
 * could ever count (the session's proof is never recent, so every step-up
 * refuses it), so instead of a form that cannot succeed it says why, and how
 * to get out. No form, no CSRF token, nothing to post.
 */
export function renderImpersonationReauthenticatePage(p: { email?: string | null; callbackUrl: string; theme: PageTheme }): RenderedPage {
  const back = safeUrl(p.callbackUrl) ?? "/"
  const content = html`<h1>Not while impersonating</h1>
<div class="alert" role="alert">Sensitive changes are refused while impersonating${p.email ? html` <strong>${p.email}</strong>` : false}: the password, email address, two-factor, passkeys, linked accounts, sessions, and deleting or exporting the account stay as they are.</div>
<p>There is nothing to confirm here. To make such a change, stop impersonating: only the account's owner can make it, from their own session.</p>
<p class="footer"><a href="${back}">Back</a></p>`
  return renderDocument({ title: "Not while impersonating", theme: p.theme, content, status: 403 })
}
