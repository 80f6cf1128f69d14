/**
 * Browser client for passkeys: `signIn("passkey", { action?, email?, redirect? })`
 * fetches the options, runs the ceremony through @simplewebauthn/browser and
 * posts the result to the callback. The result is honest like the rest of the
 * client: ok is true only when the server signed the user in (or added the
 * passkey). Browser-only; the server side lives in ../relying-party.
 */
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from "@simplewebauthn/browser"
import {
  broadcastSessionChange,
  DEFAULT_BASE_PATH,
  getCsrfToken,
  postForm,
  resultFrom,
  type SignInResult,
} from "../react/client"
import { ReauthenticationRequired } from "../errors"

export type { SignInResult }
export { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill }

/** `error` values for failures that happen before the server sees a response. */
export const OPTIONS_REFUSED = "WebAuthnOptionsError"
export const CEREMONY_FAILED = "WebAuthnCeremonyError"
/** `code` when `signUp: false` met an email without an account. */
export const NO_ACCOUNT = "no_account"
/**
 * `code` when a signed-in user's last proof of identity is too old to add a
 * passkey (step-up): `url` is the re-authenticate page, which returns to
 * `redirectTo` (default the current page). With `redirect` (the default) the
 * browser goes there.
 */
export const REAUTHENTICATION_REQUIRED = ReauthenticationRequired.code

export interface PasskeySignInOptions {
  /** Omitted: the server infers it (a new email registers, anything else authenticates). */
  action?: "register" | "authenticate"
  /** Lets the server list this user's credentials, or names the account a sign-up creates. */
  email?: string
  /** Sign-up only: the display name of the account it creates. */
  name?: string
  /** Default true: the browser follows the result. */
  redirect?: boolean
  /** Where to land after signing in; default the current page. */
  redirectTo?: string
  basePath?: string
  /** Conditional UI: wait for the user to pick a passkey from the browser's autofill. */
  useBrowserAutofill?: boolean
  /**
   * Default true. False: when the server infers a sign-up (the email has no
   * account), nothing is created; the result is `{ ok: false, error:
   * OPTIONS_REFUSED, code: NO_ACCOUNT }`. A sign-in form passes false so that
   * a mistyped address does not silently become a new account.
   */
  signUp?: boolean
}

function failure(error: string, code: string | null, status = 0, url: string | null = null): SignInResult {
  return { ok: false, error, code, status, url }
}

type OptionsAnswer =
  | { action: "authenticate"; options: Parameters<typeof startAuthentication>[0]["optionsJSON"] }
  | { action: "register"; options: Parameters<typeof startRegistration>[0]["optionsJSON"] }

async function fetchOptions(url: string): Promise<{ answer?: OptionsAnswer; refused?: SignInResult }> {
  let response: Response
  try {
    response = await fetch(url, { credentials: "same-origin", headers: { accept: "application/json" } })
  } catch {
    return { refused: failure(OPTIONS_REFUSED, "network") }
  }
  const body = (await response.json().catch(() => null)) as (OptionsAnswer & { code?: string; url?: string }) | null
  if (body?.code === REAUTHENTICATION_REQUIRED && typeof body.url === "string") {
    return { refused: failure(ReauthenticationRequired.type, REAUTHENTICATION_REQUIRED, response.status, body.url) }
  }
  if (!response.ok || !body || !("options" in body)) {
    return { refused: failure(OPTIONS_REFUSED, body?.code ?? "invalid_request", response.status) }
  }
  return { answer: body }
}

export async function signIn(provider = "passkey", options: PasskeySignInOptions = {}): Promise<SignInResult> {
  const { action, email, name, redirect = true, redirectTo, basePath = DEFAULT_BASE_PATH, useBrowserAutofill = false, signUp = true } = options
  const query = new URLSearchParams()
  if (action) query.set("action", action)
  if (email) query.set("email", email)
  if (name) query.set("name", name)
  // Where a refusal for a stale proof returns to after re-authenticating.
  if (action === "register") query.set("callbackUrl", redirectTo ?? window.location.href)
  const id = encodeURIComponent(provider)
  const { answer, refused } = await fetchOptions(`${basePath}/webauthn-options/${id}?${query}`)
  if (!answer) {
    if (redirect && refused?.code === REAUTHENTICATION_REQUIRED && refused.url) window.location.assign(refused.url)
    return refused as SignInResult
  }
  // The challenge the server issued is simply never answered (the next request replaces its cookie).
  if (answer.action === "register" && action !== "register" && !signUp) return failure(OPTIONS_REFUSED, NO_ACCOUNT)

  let credential: unknown
  try {
    credential =
      answer.action === "authenticate"
        ? await startAuthentication({ optionsJSON: answer.options, useBrowserAutofill })
        : await startRegistration({ optionsJSON: answer.options })
  } catch (error) {
    // Cancelled, timed out, or no matching authenticator: the server never saw a response.
    const code = error instanceof WebAuthnError ? error.code : error instanceof Error ? error.name : "unknown"
    return failure(CEREMONY_FAILED, code)
  }

  const posted = await postForm(`${basePath}/callback/${id}`, {
    action: answer.action,
    data: JSON.stringify(credential),
    csrfToken: await getCsrfToken(basePath),
    callbackUrl: redirectTo ?? window.location.href,
  })
  const result = resultFrom(posted)
  if (result.ok) broadcastSessionChange("signin")
  if (redirect && posted.url) window.location.assign(posted.url)
  return result
}
