/**
 * What a passkey is called in Settings: the name its owner gave it; else its
 * authenticator's ("iCloud Keychain", from the AAGUID); else the browser it
 * was added in ("Chrome on Linux"); else "Passkey". Never "Unnamed passkey":
 * the owner should recognise which one is which before renaming anything.
 */
import { authenticatorName } from "./authenticator-names"
import { deviceName, UNKNOWN_DEVICE } from "./device"

export interface PasskeyNaming {
  /** The owner's own name for it, when they gave one. */
  name: string | null
  aaguid?: string | null
  /** The browser's user agent when the passkey was added. */
  addedWith?: string | null
}

export function passkeyDisplayName({ name, aaguid, addedWith }: PasskeyNaming): string {
  if (name) return name
  const fromAuthenticator = authenticatorName(aaguid)
  if (fromAuthenticator) return fromAuthenticator
  const device = deviceName(addedWith)
  return device === UNKNOWN_DEVICE ? "Passkey" : device
}
