/**
 * The relying party a ceremony runs for: its id (the host name passkeys are
 * bound to), its display name and the origins whose responses count. All
 * default from the public origin of the request (AUTH_URL, or trusted
 * forwarded headers, as resolved before the core sees the request); a
 * provider may override each. The display name is the one people see in the
 * browser's passkey prompt, so the product's name (`theme.name`) comes before
 * the host. It must not read the raw Host header itself.
 */
import type { WebAuthnProviderConfig } from "../providers/types"

export interface RelyingParty {
  id: string
  name: string
  /** Every accepted origin (Auth.js only ever checks the first). */
  origins: string[]
}

export function relyingPartyFor(publicOrigin: string, provider: WebAuthnProviderConfig, productName?: string): RelyingParty {
  const url = new URL(publicOrigin)
  const options = provider.relyingParty ?? provider.relayingParty ?? {}
  const origin = options.origin ?? url.origin
  return {
    id: options.id ?? url.hostname,
    name: options.name ?? (productName?.trim() || url.host),
    origins: Array.isArray(origin) ? origin : [origin],
  }
}
