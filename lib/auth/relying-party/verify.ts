/**
 * Checks a browser's WebAuthn response with @simplewebauthn/server: the
 * challenge, the origin, the relying-party id, user presence, user
 * verification where required, the signature and (for sign-in) the counter.
 * Every refusal becomes a WebAuthnVerificationError with a code; nothing
 * here writes to the database.
 */
import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server"
import { WebAuthnVerificationError, type WebAuthnErrorCode } from "../errors"
import type { AdapterAuthenticator } from "../adapters/types"
import type { WebAuthnProviderConfig } from "../providers/types"
import type { IssuedChallenge } from "./challenge-cookie"
import { base64ToBytes, bytesToBase64, isBase64Url, joinTransports, splitTransports, storedCredentialId, webauthnCredentialId } from "./encoding"
import type { RelyingParty } from "./relying-party"

// @simplewebauthn reports failures as plain Errors; their messages are the only
// way to tell them apart (the library version is pinned).
const REASONS: Array<[RegExp, WebAuthnErrorCode]> = [
  [/challenge/i, "challenge_mismatch"],
  [/origin/i, "origin"],
  [/RP ID/i, "rp_id"],
  [/user verification/i, "user_verification"],
  [/counter/i, "counter"],
  [/signature/i, "signature"],
]

function refusal(cause: unknown): WebAuthnVerificationError {
  if (cause instanceof WebAuthnVerificationError) return cause
  const message = cause instanceof Error ? cause.message : String(cause)
  const code = REASONS.find(([pattern]) => pattern.test(message))?.[1] ?? "malformed_response"
  return new WebAuthnVerificationError(code, `WebAuthn response refused: ${message}`, { cause })
}

/** Runs a @simplewebauthn verification; any refusal it throws becomes ours. */
async function verifying<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (cause) {
    throw refusal(cause)
  }
}

/** The minimum shape both ceremonies need before the library looks at it. */
function credentialResponse(value: unknown): { id: string; response: Record<string, unknown> } {
  const candidate = value as { id?: unknown; rawId?: unknown; type?: unknown; response?: unknown } | null
  if (
    typeof candidate !== "object" ||
    candidate === null ||
    !isBase64Url(candidate.id) ||
    candidate.type !== "public-key" ||
    typeof candidate.response !== "object" ||
    candidate.response === null
  ) {
    throw new WebAuthnVerificationError("malformed_response", "Not a WebAuthn credential response")
  }
  return candidate as { id: string; response: Record<string, unknown> }
}

/** The stored credentialID (standard base64) a response names. */
export function responseCredentialId(value: unknown): string {
  return storedCredentialId(credentialResponse(value).id)
}

type StoredCredential = Parameters<typeof verifyAuthenticationResponse>[0]["credential"]

export interface VerifyInput {
  response: unknown
  issued: IssuedChallenge
  rp: RelyingParty
  provider: WebAuthnProviderConfig
}

/** A verified registration, as an authenticator record still missing its owner. */
export type VerifiedAuthenticator = Omit<AdapterAuthenticator, "userId">

/** What both ceremonies check: the challenge issued, every accepted origin, the rp id, and UV where required. */
function expectations({ issued, rp, provider }: VerifyInput) {
  return {
    expectedChallenge: issued.challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: provider.userVerification === "required",
  }
}

export async function verifyRegistration(input: VerifyInput): Promise<VerifiedAuthenticator> {
  const parsed = credentialResponse(input.response)
  const result = await verifying(() =>
    verifyRegistrationResponse({
      response: parsed as unknown as RegistrationResponseJSON,
      ...expectations(input),
      supportedAlgorithmIDs: input.provider.supportedAlgorithmIDs,
    }),
  )
  if (!result.verified) throw new WebAuthnVerificationError("signature", "The registration response did not verify")
  const { credential, credentialDeviceType, credentialBackedUp, aaguid } = result.registrationInfo
  const transports = parsed.response.transports
  const credentialID = storedCredentialId(credential.id)
  return {
    credentialID,
    providerAccountId: credentialID,
    credentialPublicKey: bytesToBase64(credential.publicKey),
    counter: credential.counter,
    credentialDeviceType,
    credentialBackedUp,
    transports: Array.isArray(transports) ? joinTransports(transports.filter((t) => typeof t === "string")) : null,
    aaguid: typeof aaguid === "string" && aaguid !== "" ? aaguid : null,
  }
}

/** Verifies a sign-in against the stored authenticator; resolves to the new signature counter. */
/** A verified sign-in: the authenticator's new counter, and whether the user was verified (PIN, biometrics) on it. */
export interface VerifiedAssertion {
  newCounter: number
  userVerified: boolean
}

export async function verifyAuthentication(input: VerifyInput & { authenticator: AdapterAuthenticator }): Promise<VerifiedAssertion> {
  const { response, authenticator } = input
  const parsed = credentialResponse(response)
  const credential = {
    id: webauthnCredentialId(authenticator.credentialID),
    publicKey: base64ToBytes(authenticator.credentialPublicKey) as StoredCredential["publicKey"],
    counter: authenticator.counter,
    transports: splitTransports(authenticator.transports) as StoredCredential["transports"],
  }
  const result = await verifying(() =>
    verifyAuthenticationResponse({
      response: parsed as unknown as AuthenticationResponseJSON,
      ...expectations(input),
      credential,
    }),
  )
  if (!result.verified) throw new WebAuthnVerificationError("signature", "The authentication response did not verify")
  return { newCounter: result.authenticationInfo.newCounter, userVerified: result.authenticationInfo.userVerified }
}
