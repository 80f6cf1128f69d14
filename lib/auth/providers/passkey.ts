/**
 * Passkeys: the WebAuthn provider with a discoverable credential and user
 * verification both required (and the latter checked on the server), so one
 * tap with a fingerprint or device PIN is a complete sign-in.
 */
import type { WebAuthnProviderConfig } from "./types"
import WebAuthn, { type WebAuthnOptions } from "./webauthn"

export default function Passkey(options: WebAuthnOptions = {}): WebAuthnProviderConfig {
  return WebAuthn({
    id: "passkey",
    name: "Passkey",
    // Optional: a passkey finds its account by itself; an email only narrows the choice or signs up.
    formFields: { email: { label: "Email", type: "email", required: false, autocomplete: "username webauthn" } },
    ...options,
    residentKey: "required",
    userVerification: "required",
  })
}
