/**
 * The script of the built-in sign-in page (bundled by
 * scripts/build-webauthn-script.mjs into ../pages/webauthn-script.generated.ts
 * and inlined under a CSP hash). It drives each passkey form through the
 * client in ./index and, where the browser supports it, offers passkeys in the
 * email field's autofill (conditional UI). In the form whose Email field the
 * password, email-link and passkey buttons share, it also keeps the password
 * out of an email-link request. It reads everything it needs from the form's
 * data attributes, so the script text, and its hash, never change.
 */
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, CEREMONY_FAILED, NO_ACCOUNT, signIn, type SignInResult } from "./index"

const MESSAGES: Record<string, string> = {
  email_invalid: "Enter a valid email address.",
  email_in_use: "An account with this email exists. Sign in to it first, then add a passkey in settings.",
  rate_limited: "Too many passkey attempts from this network. Wait a minute and try again.",
  // The sign-in page never creates accounts (docs/decisions/account-lifecycle-and-security-log.md, "Passkeys from the sign-in page").
  [NO_ACCOUNT]: "No account uses this email address. Check it, or create an account first.",
  ERROR_CEREMONY_ABORTED: "",
  NotAllowedError: "The passkey request was cancelled or timed out.",
}
const FALLBACK = "Signing in with a passkey did not work. Try again."

function show(form: HTMLFormElement, result: SignInResult): void {
  const box = form.querySelector<HTMLElement>("[data-webauthn-error]")
  if (!box || result.ok || result.url) return
  const text = (result.code !== null && Object.hasOwn(MESSAGES, result.code) ? MESSAGES[result.code] : undefined) ?? FALLBACK
  box.textContent = text
  box.hidden = text === ""
}

/**
 * The form whose Email field the password, email-link and passkey buttons
 * share: only the passkey button starts a ceremony; the email-link button
 * sends the address alone (the password stays in the browser).
 */
function setUpShared(form: HTMLFormElement, email: HTMLInputElement | null): void {
  form.addEventListener("submit", (event) => {
    const submitter = event.submitter
    if (!(submitter instanceof HTMLElement) || !submitter.hasAttribute("data-email-only") || email === null) return
    // formnovalidate skipped the password's check, and with it the address's: check that here.
    if (!form.noValidate && !email.reportValidity()) {
      event.preventDefault()
      return
    }
    const others = [...form.querySelectorAll<HTMLInputElement>("input:not([type=hidden]):not([data-shared-email])")]
    for (const input of others) input.disabled = true
    // Back from the next page (the browser's page cache), the fields must work again.
    window.addEventListener("pageshow", () => others.forEach((input) => (input.disabled = false)), { once: true })
  })
}

function setUp(form: HTMLFormElement): void {
  const provider = form.dataset.webauthnProvider as string
  const basePath = form.dataset.basePath as string
  const email = form.querySelector<HTMLInputElement>("input[name=email]")
  const redirectTo = form.querySelector<HTMLInputElement>("input[name=callbackUrl]")?.value
  const unsupported = form.querySelector<HTMLElement>("[data-webauthn-unsupported]")
  const shared = form.hasAttribute("data-shared-email-form")
  const button = form.querySelector<HTMLButtonElement>("button[data-webauthn-submit]")
  if (shared) setUpShared(form, email)
  // Hidden until now in the shared form: without this script a passkey cannot work.
  if (button) button.hidden = false
  if (!browserSupportsWebAuthn()) {
    if (unsupported) unsupported.hidden = false
    button?.setAttribute("disabled", "")
    return
  }
  form.addEventListener("submit", (event) => {
    // In the shared form the other buttons post as usual.
    if (shared && event.submitter !== button) return
    event.preventDefault()
    if (button?.hasAttribute("data-email-required") && email !== null && !email.reportValidity()) return
    // A form that names its ceremony (the re-authenticate page: a signed-in user's own passkeys) asks for it.
    const action = form.dataset.webauthnAction === "authenticate" ? "authenticate" : undefined
    // Starting a ceremony cancels the pending autofill one (@simplewebauthn's abort service).
    void signIn(provider, { action, email: email?.value.trim() || undefined, redirectTo, basePath, signUp: false }).then((r) => show(form, r))
  })
  if (form.dataset.conditionalUi !== undefined) {
    void browserSupportsWebAuthnAutofill().then((supported) => {
      if (!supported) return
      void signIn(provider, { action: "authenticate", useBrowserAutofill: true, redirectTo, basePath }).then((r) => {
        // An autofill request that was superseded or dismissed is not worth a message.
        if (r.error !== CEREMONY_FAILED) show(form, r)
      })
    })
  }
}

document.querySelectorAll<HTMLFormElement>("form[data-webauthn-provider]").forEach(setUp)
document
  .querySelectorAll<HTMLFormElement>("form[data-shared-email-form]:not([data-webauthn-provider])")
  .forEach((form) => setUpShared(form, form.querySelector<HTMLInputElement>("input[name=email]")))
