/**
 * The script of the built-in sign-in page (bundled by
 * scripts/build-webauthn-script.mjs into ../pages/webauthn-script.generated.ts
 * and inlined under a CSP hash). It drives each passkey form through the
 * client in ./index and, where the browser supports it, offers passkeys in the
 * email field's autofill (conditional UI). It reads everything it needs from
 * the form's data attributes, so the script text, and its hash, never change.
 */
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, CEREMONY_FAILED, signIn, type SignInResult } from "./index"

const MESSAGES: Record<string, string> = {
  email_invalid: "Enter a valid email address.",
  email_in_use: "An account with this email exists. Sign in to it first, then add a passkey in settings.",
  rate_limited: "Too many passkey attempts from this network. Wait a minute and try again.",
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

function setUp(form: HTMLFormElement): void {
  const provider = form.dataset.webauthnProvider as string
  const basePath = form.dataset.basePath as string
  const email = form.querySelector<HTMLInputElement>("input[name=email]")
  const redirectTo = form.querySelector<HTMLInputElement>("input[name=callbackUrl]")?.value
  const unsupported = form.querySelector<HTMLElement>("[data-webauthn-unsupported]")
  if (!browserSupportsWebAuthn()) {
    if (unsupported) unsupported.hidden = false
    form.querySelector("button")?.setAttribute("disabled", "")
    return
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault()
    // Starting a ceremony cancels the pending autofill one (@simplewebauthn's abort service).
    void signIn(provider, { email: email?.value.trim() || undefined, redirectTo, basePath }).then((r) => show(form, r))
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
