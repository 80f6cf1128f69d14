/**
 * The WebAuthn provider: sign-in and sign-up with a security key or passkey.
 * It only describes the provider; the ceremonies live in ../relying-party and
 * the endpoints in ../actions. Needs `experimental: { enableWebAuthn: true }`
 * and an adapter with the authenticator methods.
 */
import type { WebAuthnProviderConfig } from "./types"

export type WebAuthnOptions = Partial<Omit<WebAuthnProviderConfig, "type">>

const FIVE_MINUTES_MS = 5 * 60 * 1000

export default function WebAuthn(options: WebAuthnOptions = {}): WebAuthnProviderConfig {
  return {
    id: "webauthn",
    name: "WebAuthn",
    timeout: FIVE_MINUTES_MS,
    userVerification: "preferred",
    residentKey: "preferred",
    enableConditionalUI: true,
    formFields: { email: { label: "Email", type: "email", required: true, autocomplete: "username webauthn" } },
    ...options,
    type: "webauthn",
  }
}
