/**
 * An OpenID Connect connection's client secret at rest: sealed under a key
 * derived from the auth secret (the two-factor secret box's mechanism), bound
 * to its connection, so a sealed value copied onto another connection does
 * not open there.
 */
import { SecretBox } from "../two-factor/secret-box"

const boxes = new WeakMap<readonly string[], SecretBox>()

function boxFor(secrets: readonly string[]): SecretBox {
  let box = boxes.get(secrets)
  if (!box) {
    box = new SecretBox(secrets)
    boxes.set(secrets, box)
  }
  return box
}

const binding = (connectionId: string) => `sso-connection:${connectionId}`

export function sealClientSecret(secrets: readonly string[], connectionId: string, secret: string): Promise<string> {
  return boxFor(secrets).seal(secret, binding(connectionId))
}

export function openClientSecret(secrets: readonly string[], connectionId: string, sealed: string): Promise<string> {
  return boxFor(secrets).open(sealed, binding(connectionId))
}
