/**
 * The `state` value sent to the identity provider. Normally 32 random bytes.
 * Behind a redirect proxy it also carries the callback URL of the deployment
 * that started the sign-in, sealed with the secret, so the proxy forwards
 * the provider's answer only to a deployment that shares the secret.
 */
import * as o from "oauth4webapi"
import type { KeyRing } from "../jwt"

const STATE_SALT = "authjs.redirect-proxy-state"
const STATE_MAX_AGE = 15 * 60

export async function newState(keyRing: KeyRing, returnTo: string | undefined): Promise<string> {
  const random = o.generateRandomState()
  if (returnTo === undefined) return random
  return keyRing.encode({ random, origin: returnTo }, STATE_SALT, STATE_MAX_AGE)
}

/** The callback URL sealed in a proxy state; undefined for a plain state or one we cannot open. */
export async function stateReturnTo(keyRing: KeyRing, state: string): Promise<string | undefined> {
  // A plain random state has no dots; only a sealed one is worth a decryption attempt.
  if (state.split(".").length !== 5) return undefined
  try {
    const payload = await keyRing.decode(state, STATE_SALT)
    return typeof payload.origin === "string" ? payload.origin : undefined
  } catch {
    return undefined
  }
}
