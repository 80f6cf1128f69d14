/**
 * The built-in sign-in page: one form per provider, grouped by kind, except
 * that the ways in that start from an email address (the password form, the
 * email link, a passkey) share one Email field in one form (see sharedEmailForm).
 */

import type { CredentialsErrorCode, EmailSignInErrorCode, SsoErrorCode, TwoFactorSignInErrorCode } from "../errors"
import { html, type SafeHtml } from "./escape"
import { providerIcon } from "./icons"
import { renderDocument, type PageTheme, type RenderedPage } from "./layout"
import { safeUrl } from "./urls"
import { webauthnScriptElement } from "./webauthn"
import { renderPageLinks } from "./links"
import { passwordField } from "./password-field"

export interface PageCredentialInput {
  label?: string
  type?: string
  placeholder?: string
  autocomplete?: string
  required?: boolean
  [attr: string]: unknown
}

export interface PageFormField {
  label?: string
  type?: string
  required?: boolean
  autocomplete?: string
}

export interface PageProvider {
  id: string
  name: string
  type: "oauth" | "oidc" | "email" | "credentials" | "webauthn"
  signinUrl: string
  callbackUrl: string
  /** Credentials providers: one input per key. */
  credentials?: Record<string, PageCredentialInput>
  /** WebAuthn providers: the fields collected before the ceremony. */
  formFields?: Record<string, PageFormField>
  /** WebAuthn providers: offer passkeys in the email field's autofill. */
  conditionalUI?: boolean
  style?: { logo?: string; bg?: string; text?: string; brandColor?: string }
}

export interface SignInPageParams {
  providers: PageProvider[]
  csrfToken: string
  /** Where to return after sign-in; carried as a hidden field. */
  callbackUrl: string
  /** The `?error=` query value. Only used to pick one of the known messages. */
  error?: string
  /** The `?code=` query value. Never shown: only known codes select a fixed message. */
  code?: string
  /** The `?until=` of an AccountSuspended refusal: when the ban ends (ISO 8601). Shown only as a date it parses to. */
  until?: string
  /** Prefills the email input (the email provider's, and a credentials field named or typed `email`). */
  email?: string
  /** Single sign-on is on: "Sign in with SSO" posts a work address here (POST /signin/sso). */
  ssoAction?: string
  theme: PageTheme
}

const RETRY = "Sign in did not complete. Try again, or use a different account."

// Keys are the `?error=` values Auth.js-compatible flows produce (old and new
// names). Lookup is by own property only, so `constructor` and friends fall
// through to the default.
const SIGNIN_ERRORS: Readonly<Record<string, string>> = {
  Signin: RETRY,
  OAuthSignin: RETRY,
  OAuthSignInError: RETRY,
  OAuthCallback: RETRY,
  OAuthCallbackError: RETRY,
  OAuthCreateAccount: RETRY,
  EmailCreateAccount: RETRY,
  Callback: RETRY,
  OAuthAccountNotLinked:
    "This email address is already used with another sign-in method. Sign in the way you did before to confirm it is you.",
  AccountNotLinked:
    "This sign-in method belongs to a different account. Sign in the way you did before to confirm it is you.",
  EmailSignin: "We could not send the sign-in email. Try again in a moment.",
  EmailSignInError: "We could not send the sign-in email. Try again in a moment.",
  CredentialsSignin: "Sign in failed. Check the details you provided are correct.",
  SessionRequired: "You need to sign in to see this page.",
  MissingCSRF: "This form has expired. Reload the page and try again.",
  RateLimited: "Too many attempts. Wait a few minutes, then try again.",
  TwoFactorSignInError: "The sign-in was not finished in time. Sign in again.",
}

// TwoFactorSignInError codes: either way the pending sign-in is gone and the user signs in again.
const TWO_FACTOR_CODES: Readonly<Record<TwoFactorSignInErrorCode, string>> = {
  two_factor_expired: "The sign-in was not finished in time. Sign in again.",
  two_factor_rate_limited: "Too many wrong codes. Sign in again to get a new attempt.",
  two_factor_unavailable:
    "This account signs in with a second step that this site cannot check at the moment, so it cannot sign in. " +
    "Contact the site's administrators; nothing about your account was changed.",
}
// SsoError codes a person can act on; every other one (a bad answer from the identity provider) is RETRY's
// "sign in again", with the code in the organization's activity for its admins.
const SSO_CODES: Readonly<Partial<Record<SsoErrorCode, string>>> = {
  sso_no_connection:
    "No organization signs in addresses at that domain with single sign-on. Check the address, or sign in another way.",
  sso_required:
    "Your organization requires single sign-on for this address. Use “Sign in with SSO” with your work address.",
  sso_domain_unverified: "Your organization has not verified the domain of the address your identity provider sent. Ask its admins.",
  sso_email_missing: "Your identity provider did not send an email address. Ask your organization's admins.",
  sso_disabled: "Single sign-on is not available on this site.",
  sso_idp_initiated_disabled: "Start at this site: enter your work address under “Sign in with SSO”.",
  sso_assertion_expired: "The sign-in took too long or your identity provider's clock is off. Sign in again.",
}

const DEFAULT_SIGNIN_ERROR = "Something went wrong while signing you in. Please try again."

// CredentialsSignin codes and their message; undefined: the generic CredentialsSignin one.
// Typed by the code union so that a new code cannot be added without deciding its message.
const CREDENTIALS_CODES: Readonly<Record<CredentialsErrorCode, string | undefined>> = {
  credentials: undefined,
  rate_limited: "Too many sign-in attempts. Wait a few minutes, then try again.",
  busy: "The server is busy. Try again in a moment.",
  unverified: "Confirm your email address first: follow the link in the email we sent you.",
}

// EmailSignInError codes: a refused address is the user's to fix; anything else is ours.
const EMAIL_CODES: Readonly<Partial<Record<EmailSignInErrorCode, string>>> = {
  invalid_email:
    "That email address cannot be used. Enter one address in the form name@example.com, without spaces, quotes or commas.",
}

function isKnownCode(code: string | undefined): code is CredentialsErrorCode {
  return code !== undefined && Object.hasOwn(CREDENTIALS_CODES, code)
}

function credentialsCodeMessage(code: string | undefined): string | undefined {
  return isKnownCode(code) ? CREDENTIALS_CODES[code] : undefined
}

/** "This account is suspended", and until when when the ban has an end (a date the query parses to, in UTC). */
export function suspendedMessage(until: string | undefined): string {
  const end = until === undefined ? Number.NaN : Date.parse(until)
  if (Number.isNaN(end)) return "This account is suspended. Contact the site's administrators if you think this is a mistake."
  const when = new Date(end).toISOString().replace("T", " ").slice(0, 16)
  return `This account is suspended until ${when} UTC.`
}

/** The message shown for a `?error=` (and `?code=`) value; never the value itself. */
export function signInErrorMessage(error: string | undefined, code?: string, until?: string): string | undefined {
  if (error === undefined || error === "") return undefined
  if (error === "AccountSuspended") return suspendedMessage(until)
  const codeMessage =
    error === "CredentialsSignin"
      ? credentialsCodeMessage(code)
      : error === "EmailSignInError" && code !== undefined && Object.hasOwn(EMAIL_CODES, code)
        ? EMAIL_CODES[code as EmailSignInErrorCode]
        : error === "TwoFactorSignInError" && code !== undefined && Object.hasOwn(TWO_FACTOR_CODES, code)
          ? TWO_FACTOR_CODES[code as TwoFactorSignInErrorCode]
          : error === "SsoError"
            ? code !== undefined && Object.hasOwn(SSO_CODES, code)
              ? SSO_CODES[code as SsoErrorCode]
              : RETRY
            : undefined
  if (codeMessage !== undefined) return codeMessage
  return Object.hasOwn(SIGNIN_ERRORS, error) ? SIGNIN_ERRORS[error] : DEFAULT_SIGNIN_ERROR
}

// Input types that make sense as a labelled single-line field; anything else
// becomes `text`.
const INPUT_TYPES = new Set([
  "text", "password", "email", "tel", "number", "url", "search",
  "date", "datetime-local", "month", "time", "week",
])

// Extra attributes copied from a credential definition. An allow-list rather
// than a deny-list, so event handlers (`onfocus`), `formaction`, `style` and
// the attributes this page sets itself can never be injected from config.
const PASSTHROUGH_ATTRIBUTES = new Set([
  "placeholder", "autocomplete", "required", "minlength", "maxlength", "min", "max",
  "step", "pattern", "inputmode", "spellcheck", "autocapitalize", "autocorrect",
  "readonly", "disabled", "size", "title", "enterkeyhint", "dirname",
])
const DATA_OR_ARIA = /^(?:data|aria)-[a-z0-9-]+$/

function attributes(source: Record<string, unknown>): SafeHtml[] {
  const out: SafeHtml[] = []
  for (const [name, value] of Object.entries(source)) {
    const key = name.toLowerCase()
    if (!PASSTHROUGH_ATTRIBUTES.has(key) && !DATA_OR_ARIA.test(key)) continue
    if (value === true) out.push(html` ${key}`)
    else if (typeof value === "string" || (typeof value === "number" && Number.isFinite(value)))
      out.push(html` ${key}="${String(value)}"`)
  }
  return out
}

/** Tracks the first visible input so exactly one gets `autofocus`. */
interface FocusState {
  given: boolean
}

function autofocus(state: FocusState): SafeHtml | false {
  if (state.given) return false
  state.given = true
  return html` autofocus`
}

function hiddenFields(csrfToken: string, callbackUrl: string): SafeHtml {
  return html`<input type="hidden" name="csrfToken" value="${csrfToken}">
<input type="hidden" name="callbackUrl" value="${callbackUrl}">`
}

function oauthButton(provider: PageProvider, p: SignInPageParams, action: string): SafeHtml {
  return html`<form action="${action}" method="post">
${hiddenFields(p.csrfToken, p.callbackUrl)}
<button type="submit" class="button button-provider">${providerIcon(provider)}<span>Sign in with ${provider.name}</span></button>
</form>`
}

function emailForm(provider: PageProvider, p: SignInPageParams, action: string, inputId: string, focus: FocusState): SafeHtml {
  return html`<form action="${action}" method="post">
${hiddenFields(p.csrfToken, p.callbackUrl)}
<div class="field">
<label for="${inputId}">Email</label>
<input id="${inputId}" type="email" name="email" value="${p.email ?? ""}" placeholder="email@example.com" autocomplete="email" required${autofocus(focus)}>
</div>
<button type="submit" class="button button-primary">Sign in with ${provider.name}</button>
</form>`
}

/** The typed email after a failed attempt goes back into the field that held it. */
function prefill(name: string, type: string, email: string | undefined): SafeHtml | false {
  return email !== undefined && email !== "" && (type === "email" || name === "email") && html` value="${email}"`
}

function credentialsForm(provider: PageProvider, p: SignInPageParams, action: string, idPrefix: string, focus: FocusState, label: string): SafeHtml {
  const fields = Object.entries(provider.credentials ?? {}).map(([name, input], i) => {
    const id = `${idPrefix}-${i}`
    const type = typeof input.type === "string" && INPUT_TYPES.has(input.type) ? input.type : "text"
    // With a value already there, the cursor belongs in the next field.
    const filled = prefill(name, type, p.email)
    if (type === "password")
      return passwordField({ id, name, label: input.label ?? name, inputAttributes: [...attributes(input), autofocus(focus) || html``], forgot: p.theme.forgotPasswordLink })
    return html`<div class="field">
<label for="${id}">${input.label ?? name}</label>
<input id="${id}" type="${type}" name="${name}"${filled}${attributes(input)}${filled === false && autofocus(focus)}>
</div>`
  })
  return html`<form action="${action}" method="post">
${hiddenFields(p.csrfToken, p.callbackUrl)}
${fields}
<button type="submit" class="button button-primary">${label}</button>
</form>`
}

/** The script's fetches go to this origin's auth routes: a path, so no host appears in the page. */
function webauthnBasePath(provider: PageProvider, action: string): string {
  const path = /^https?:/i.test(action) ? new URL(action).pathname : action
  const suffix = `/callback/${encodeURIComponent(provider.id)}`
  return path.endsWith(suffix) ? path.slice(0, -suffix.length) : path
}

function webauthnForm(provider: PageProvider, p: SignInPageParams, action: string, idPrefix: string, focus: FocusState): SafeHtml {
  // The client script that drives the WebAuthn ceremony finds this form by id
  // and reads the inputs marked with data-form-field.
  const fields = Object.entries(provider.formFields ?? {}).map(([name, input], i) => {
    const id = `${idPrefix}-${i}`
    const type = typeof input.type === "string" && INPUT_TYPES.has(input.type) ? input.type : "text"
    return html`<div class="field">
<label for="${id}">${input.label ?? name}</label>
<input id="${id}" type="${type}" name="${name}" data-form-field${attributes({ autocomplete: input.autocomplete, required: input.required })}${autofocus(focus)}>
</div>`
  })
  return html`<form id="${provider.id}-form" action="${action}" method="post" data-webauthn-provider="${provider.id}" data-base-path="${webauthnBasePath(provider, action)}"${provider.conditionalUI === true && html` data-conditional-ui`}>
${hiddenFields(p.csrfToken, p.callbackUrl)}
${fields}
<p class="alert" aria-live="polite" data-webauthn-error hidden></p>
<p data-webauthn-unsupported hidden>This browser cannot use passkeys.</p>
<button type="submit" class="button button-primary" data-webauthn-submit>${passkeyLabel(provider, p.providers)}</button>
</form>`
}

/**
 * "Sign in with a passkey", the product's one wording for it, whatever the
 * provider is called; only a page with several WebAuthn providers needs
 * their names to tell them apart.
 */
function passkeyLabel(provider: PageProvider, providers: PageProvider[]): string {
  return providers.filter((q) => q.type === "webauthn").length > 1 ? `Sign in with ${provider.name}` : "Sign in with a passkey"
}

const DIVIDER = html`<div class="divider">or</div>`

/**
 * The password form says just "Sign in": every other way on the page names
 * itself ("Sign in with email", "Sign in with a passkey", a provider's button).
 * Only several credentials providers on one page need their names.
 */
function formButtonLabel(provider: PageProvider, providers: PageProvider[]): string {
  const credentials = providers.filter((q) => q.type === "credentials")
  return credentials.length === 1 ? "Sign in" : `Sign in with ${provider.name}`
}

/**
 * The providers that share one Email field: every email provider, the one
 * credentials provider (when it is the only one and has a field named
 * `email`) and the first WebAuthn provider whose only field is `email`. The
 * endpoints of all three read the address from a field of that name. Fewer
 * than two such providers: nothing to share, each keeps its own form.
 */
interface SharedEmailGroup {
  credentials?: { provider: PageProvider; action: string }
  email: { provider: PageProvider; action: string }[]
  webauthn?: { provider: PageProvider; action: string }
}

function sharedEmailGroup(providers: PageProvider[]): SharedEmailGroup | undefined {
  const group: SharedEmailGroup = { email: [] }
  const credentialsProviders = providers.filter((q) => q.type === "credentials" && q.credentials !== undefined)
  const only = credentialsProviders.length === 1 ? credentialsProviders[0] : undefined
  const onlyAction = only && safeUrl(only.callbackUrl)
  if (only && onlyAction !== undefined && only.credentials !== undefined && Object.hasOwn(only.credentials, "email"))
    group.credentials = { provider: only, action: onlyAction }
  for (const provider of providers) {
    if (provider.type === "email") {
      const action = safeUrl(provider.signinUrl)
      if (action !== undefined) group.email.push({ provider, action })
    } else if (provider.type === "webauthn" && group.webauthn === undefined) {
      const names = Object.keys(provider.formFields ?? {})
      const action = safeUrl(provider.callbackUrl)
      if (action !== undefined && names.length === 1 && names[0] === "email") group.webauthn = { provider, action }
    }
  }
  const members = (group.credentials ? 1 : 0) + group.email.length + (group.webauthn ? 1 : 0)
  return members >= 2 ? group : undefined
}

function isInSharedGroup(provider: PageProvider, group: SharedEmailGroup | undefined): boolean {
  if (group === undefined) return false
  return group.credentials?.provider === provider || group.webauthn?.provider === provider || group.email.some((e) => e.provider === provider)
}

/**
 * One form, one Email field, one button per way in. Without JavaScript the
 * password and email-link buttons still post (each button names its endpoint
 * with `formaction`); the passkey button appears only once the page script
 * runs, since a passkey cannot work without it. The email-link button skips
 * the browser's check of the password field (`formnovalidate`, the server
 * checks the address), and with the script the password is not sent with it.
 */
function sharedEmailForm(group: SharedEmailGroup, p: SignInPageParams, focus: FocusState): SafeHtml {
  const id = "signin-email"
  const credentialInputs = Object.entries(group.credentials?.provider.credentials ?? {})
  const credentialEmail = group.credentials?.provider.credentials?.email
  const passkeyField = group.webauthn && group.webauthn.provider.formFields?.email
  // A passkey offered in the field's autofill needs the `webauthn` token; otherwise the password form's own choice.
  const autocomplete =
    group.webauthn?.provider.conditionalUI === true && typeof passkeyField?.autocomplete === "string"
      ? passkeyField.autocomplete
      : typeof credentialEmail?.autocomplete === "string"
        ? credentialEmail.autocomplete
        : "email"
  const label = credentialEmail?.label ?? passkeyField?.label ?? "Email"
  const filled = p.email !== undefined && p.email !== ""
  // With the address already there (a failed password), the cursor belongs in the password.
  const emailInput = html`<div class="field">
<label for="${id}">${label}</label>
<input id="${id}" type="email" name="email"${filled && html` value="${p.email ?? ""}"`} placeholder="email@example.com" autocomplete="${autocomplete}" required data-shared-email${filled && group.credentials !== undefined ? false : autofocus(focus)}>
</div>`
  const otherFields = credentialInputs
    .filter(([name]) => name !== "email")
    .map(([name, input], i) => {
      const fieldId = `${id}-${i}`
      const type = typeof input.type === "string" && INPUT_TYPES.has(input.type) ? input.type : "text"
      if (type === "password")
        return passwordField({ id: fieldId, name, label: input.label ?? name, inputAttributes: [...attributes(input), autofocus(focus) || html``], forgot: p.theme.forgotPasswordLink })
      return html`<div class="field">
<label for="${fieldId}">${input.label ?? name}</label>
<input id="${fieldId}" type="${type}" name="${name}"${attributes(input)}${autofocus(focus)}>
</div>`
    })
  const passwordButton = group.credentials && html`<button type="submit" class="button button-primary">${formButtonLabel(group.credentials.provider, p.providers)}</button>`
  // The first submit button is the one Enter presses: the password form's, else the first email link.
  const secondary = group.credentials !== undefined
  const emailButtons = group.email.map(
    ({ provider, action }, i) =>
      html`<button type="submit" formaction="${action}"${secondary && html` formnovalidate`} data-email-only class="button ${secondary || i > 0 ? "button-secondary" : "button-primary"}">Sign in with ${provider.name}</button>`,
  )
  const webauthn = group.webauthn
  const passkeyButton =
    webauthn &&
    html`<p class="alert" aria-live="polite" data-webauthn-error hidden></p>
<p data-webauthn-unsupported hidden>This browser cannot use passkeys.</p>
<button type="submit" formaction="${webauthn.action}" formnovalidate${passkeyField?.required === true && html` data-email-required`} data-webauthn-submit hidden class="button button-secondary">${passkeyLabel(webauthn.provider, p.providers)}</button>`
  const formAction = group.credentials?.action ?? group.email[0]?.action ?? webauthn?.action ?? ""
  const webauthnAttributes = webauthn && html` id="${webauthn.provider.id}-form" data-webauthn-provider="${webauthn.provider.id}" data-base-path="${webauthnBasePath(webauthn.provider, webauthn.action)}"${webauthn.provider.conditionalUI === true && html` data-conditional-ui`}`
  const alternatives = passkeyButton ? [...emailButtons, passkeyButton] : emailButtons
  return html`<form action="${formAction}" method="post" data-shared-email-form${webauthnAttributes}>
${hiddenFields(p.csrfToken, p.callbackUrl)}
${emailInput}
${otherFields}
${passwordButton}
${passwordButton && alternatives.length > 0 && DIVIDER}
<div class="stack">
${alternatives}
</div>
</form>`
}

/**
 * "Sign in with SSO": a work address names the organization whose identity provider signs it in.
 * Its own label, so it is never mistaken for the Email field of the other ways in.
 */
function ssoForm(action: string, p: SignInPageParams): SafeHtml {
  return html`<form action="${action}" method="post">
${hiddenFields(p.csrfToken, p.callbackUrl)}
<div class="field">
<label for="signin-sso-email">Work address</label>
<input id="signin-sso-email" type="email" name="email" placeholder="you@company.com" autocomplete="email" required>
</div>
<button type="submit" class="button button-secondary">Sign in with SSO</button>
</form>`
}

export function renderSignInPage(p: SignInPageParams): RenderedPage {
  const focus: FocusState = { given: false }
  const shared = sharedEmailGroup(p.providers)
  let sharedPlaced = false
  // Consecutive OAuth/OIDC buttons form one group; every other provider is a
  // group of its own. A divider goes between groups.
  const groups: SafeHtml[][] = []
  let buttons: SafeHtml[] | undefined

  p.providers.forEach((provider, index) => {
    const idPrefix = `signin-${index}`
    if (shared !== undefined && isInSharedGroup(provider, shared)) {
      // The shared form stands where the first of its providers would.
      if (!sharedPlaced) {
        buttons = undefined
        groups.push([sharedEmailForm(shared, p, focus)])
        sharedPlaced = true
      }
      return
    }
    if (provider.type === "oauth" || provider.type === "oidc") {
      const action = safeUrl(provider.signinUrl)
      if (action === undefined) return
      if (buttons === undefined) groups.push((buttons = []))
      buttons.push(oauthButton(provider, p, action))
      return
    }
    buttons = undefined
    if (provider.type === "email") {
      const action = safeUrl(provider.signinUrl)
      if (action !== undefined) groups.push([emailForm(provider, p, action, `${idPrefix}-email`, focus)])
    } else if (provider.type === "credentials") {
      // Like Auth.js: a credentials provider without fields has nothing to show.
      const action = safeUrl(provider.callbackUrl)
      if (action !== undefined && provider.credentials !== undefined)
        groups.push([credentialsForm(provider, p, action, idPrefix, focus, formButtonLabel(provider, p.providers))])
    } else if (provider.type === "webauthn") {
      const action = safeUrl(provider.callbackUrl)
      if (action !== undefined && provider.formFields !== undefined)
        groups.push([webauthnForm(provider, p, action, idPrefix, focus)])
    }
  })

  const ssoAction = p.ssoAction === undefined ? undefined : safeUrl(p.ssoAction)
  if (ssoAction !== undefined) groups.push([ssoForm(ssoAction, p)])

  const message = signInErrorMessage(p.error, p.code, p.until)
  const content = html`<h1>Sign in</h1>
${message !== undefined && html`<div class="alert" role="alert">${message}</div>`}
${groups.map((group, i) => html`${i > 0 && DIVIDER}
<div class="stack">
${group}
</div>
`)}${renderPageLinks(p.theme.links)}`
  const script = p.providers.some((provider) => provider.type === "webauthn") ? webauthnScriptElement() : undefined
  return renderDocument({ title: "Sign in", theme: p.theme, content, script, enhance: content.value.includes(" data-reveal ") })
}
