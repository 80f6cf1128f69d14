/**
 * RFC 9207: what the `iss` of an authorization response means for a
 * provider. The comparison itself is oauth4webapi's; this module decides
 * which issuer it compares with, and tells a configuration that cannot be
 * checked (an operator's mistake, reported as such) from a response that does
 * not match a configuration that can (a possible mix-up attack: InvalidCheck).
 */
import type { AuthorizationServer } from "oauth4webapi"
import { InvalidProviderIssuer } from "../errors"
import { providerEnvKey } from "../env"
import type { ResolvedOAuthProvider } from "./normalise"

/**
 * `compare`: oauth4webapi compares the `iss` with the server's issuer, and a
 * mismatch is a failed check. `unchecked`: the response names an issuer the
 * configuration cannot be held to; the caller lets the state be checked
 * first, then reports the configuration.
 */
export type IssuerVerdict = { kind: "compare" } | { kind: "unchecked"; iss: string; error: InvalidProviderIssuer }

/** A value from the response, quoted and escaped for the log line, and cut short. */
function shown(value: string): string {
  return JSON.stringify(value.length > 200 ? `${value.slice(0, 200)}…` : value)
}

function trimmedPath(url: URL): string {
  return url.pathname.replace(/\/+$/, "")
}

/**
 * The same server spelled otherwise: equal origins, and the paths equal but
 * for trailing slashes, or the configured issuer only an origin (the
 * "https://github.com" for "https://github.com/login/oauth" mistake). Only the
 * server the configuration already names can answer with such an `iss`, so it
 * is no mix-up: the configured value is wrong. Any other difference, on the
 * same host or not, is a failed check.
 */
function sameServerOtherSpelling(configured: string, iss: string): boolean {
  let a: URL
  let b: URL
  try {
    a = new URL(configured)
    b = new URL(iss)
  } catch {
    return false
  }
  if (a.origin !== b.origin) return false
  const [pa, pb] = [trimmedPath(a), trimmedPath(b)]
  return pa === pb || pa === ""
}

/**
 * What to do with the callback's `iss`. `issuerFromDiscovery`: the server's
 * issuer came from its own metadata, which vouches for it, so any mismatch is
 * a failed check there.
 */
export function issuerVerdict(
  provider: ResolvedOAuthProvider,
  as: AuthorizationServer,
  params: URLSearchParams,
  issuerFromDiscovery: boolean,
): IssuerVerdict {
  const values = params.getAll("iss")
  // None, several (oauth4webapi refuses those), or the expected one: nothing to decide here.
  if (values.length !== 1 || values[0] === as.issuer || issuerFromDiscovery) return { kind: "compare" }
  const iss = values[0]
  const variable = `AUTH_${providerEnvKey(provider.id)}_ISSUER`
  if (!provider.issuer) {
    const error = new InvalidProviderIssuer(
      provider.id,
      `The provider "${provider.id}" received the issuer ${shown(iss)} in its authorization response (RFC 9207) but has no \`issuer\` to check it against: ` +
        `set \`issuer\` (or ${variable}) to the issuer its authorization server documents.`,
    )
    return { kind: "unchecked", iss, error }
  }
  if (sameServerOtherSpelling(provider.issuer, iss)) {
    const error = new InvalidProviderIssuer(
      provider.id,
      `The provider "${provider.id}" has \`issuer\` ${shown(provider.issuer)} but its authorization server names itself ${shown(iss)} (RFC 9207): ` +
        `set \`issuer\` to exactly the issuer the server sends.`,
    )
    return { kind: "unchecked", iss, error }
  }
  return { kind: "compare" }
}
