/**
 * Single sign-on as the resolved configuration holds it: on only when the
 * configuration asks (`sso.enabled`, with organizations on), and then refused
 * at start when the adapter lacks any of its methods.
 */
import { hasMethods, ssoMethods, type SsoAdapter } from "../adapters/capabilities"
import type { Adapter } from "../adapters/types"
import { OrganizationsUnsupported } from "../errors"

export interface SsoOptions {
  /** Organizations may add SAML and OpenID Connect connections; needs `organizations.enabled`. */
  enabled: boolean
  /**
   * The service provider's own key pair (PEM), for encrypted SAML assertions:
   * the certificate is published in each connection's metadata, the key decrypts.
   * Without it an encrypted assertion is refused.
   */
  saml?: { privateKey?: string; certificate?: string }
  /** Seconds of clock difference accepted on a SAML assertion's NotBefore / NotOnOrAfter; default 60, at most 300. */
  clockSkew?: number
  /**
   * DNS servers the domain check asks ("host:port", comma-separated like AUTH_DNS_SERVERS);
   * default: AUTH_DNS_SERVERS, else the system's resolvers.
   */
  dnsServers?: string
}

export interface ResolvedSso {
  /** Present only when SSO and organizations are on and the adapter has the methods. */
  adapter?: SsoAdapter
  saml: { privateKey?: string; certificate?: string }
  clockSkewMs: number
  dnsServers: string[]
}

export const DEFAULT_SSO_CLOCK_SKEW = 60
const MAX_SSO_CLOCK_SKEW = 300

export function ssoProblem(options: SsoOptions | undefined, organizationsOn: boolean, adapter: Adapter | undefined): OrganizationsUnsupported | undefined {
  if (!options?.enabled) return undefined
  if (!organizationsOn) return new OrganizationsUnsupported("sso.enabled needs organizations.enabled: a connection belongs to an organization.")
  if (hasMethods(adapter, ssoMethods)) return undefined
  const missing = ssoMethods.filter((m) => typeof adapter?.[m] !== "function")
  return new OrganizationsUnsupported(`sso.enabled needs an adapter that stores SSO connections; it lacks ${missing.join(", ")}.`)
}

/** "host:port" entries, blanks dropped. */
export function parseDnsServers(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
}

export function resolveSso(options: SsoOptions | undefined, organizationsOn: boolean, adapter: Adapter | undefined, env: { AUTH_DNS_SERVERS?: string }): ResolvedSso {
  const skew = options?.clockSkew
  const seconds = typeof skew === "number" && Number.isFinite(skew) && skew >= 0 ? Math.min(skew, MAX_SSO_CLOCK_SKEW) : DEFAULT_SSO_CLOCK_SKEW
  return {
    adapter: options?.enabled && organizationsOn && hasMethods(adapter, ssoMethods) ? adapter : undefined,
    saml: { privateKey: options?.saml?.privateKey, certificate: options?.saml?.certificate },
    clockSkewMs: seconds * 1000,
    dnsServers: parseDnsServers(options?.dnsServers ?? env.AUTH_DNS_SERVERS),
  }
}
