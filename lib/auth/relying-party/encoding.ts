/**
 * Credential ids and public keys as Auth.js stores them (standard base64 with
 * padding) and as WebAuthn carries them (base64url). No Node Buffer, so the
 * core stays runtime-neutral.
 */
import { isoBase64URL } from "@simplewebauthn/server/helpers"

/** base64url (WebAuthn JSON) → standard base64 (the stored credentialID). */
export function storedCredentialId(base64url: string): string {
  return isoBase64URL.fromBuffer(isoBase64URL.toBuffer(base64url), "base64")
}

/** Standard base64 (stored) → base64url (WebAuthn JSON). */
export function webauthnCredentialId(base64: string): string {
  return isoBase64URL.fromBuffer(isoBase64URL.toBuffer(base64, "base64"), "base64url")
}

export function bytesToBase64(bytes: Uint8Array): string {
  return isoBase64URL.fromBuffer(bytes as Parameters<typeof isoBase64URL.fromBuffer>[0], "base64")
}

export function base64ToBytes(base64: string): Uint8Array {
  return isoBase64URL.toBuffer(base64, "base64")
}

/** Transports are stored comma-joined (or null), as Auth.js does. */
export function joinTransports(transports: readonly string[] | undefined): string | null {
  return transports && transports.length > 0 ? transports.join(",") : null
}

export function splitTransports(stored: string | null | undefined): string[] | undefined {
  return stored ? stored.split(",").filter((t) => t !== "") : undefined
}

/** A base64url string as WebAuthn JSON carries it (no padding); anything else is refused early. */
export function isBase64Url(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= 2048 && /^[A-Za-z0-9_-]+$/.test(value)
}
