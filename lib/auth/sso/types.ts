/**
 * Single sign-on's vocabulary: an organization's connections to its identity
 * provider (SAML 2.0 or OpenID Connect), the domains that route addresses to
 * them, and what the adapter answers for the writes whose rules it keeps in
 * one statement (a verified domain belongs to one organization at a time).
 * Types and constants only.
 */

export type SsoConnectionKind = "saml" | "oidc"

/**
 * Maps one attribute of the identity provider's answer (a SAML attribute
 * name, or an OpenID Connect claim such as `groups`) to organization roles:
 * each value the user carries that is a key of `roles` gives that role. A
 * user with no mapped value gets the connection's default role.
 */
export interface SsoRoleMapping {
  attribute: string
  roles: Record<string, string>
}

export interface AdapterSsoConnection {
  id: string
  organizationId: string
  name: string
  kind: SsoConnectionKind
  /** SAML: the identity provider's entity id (the Issuer of its answers). */
  samlEntityId: string | null
  /** SAML: where the identity provider takes an AuthnRequest (HTTP-Redirect binding). */
  samlSsoUrl: string | null
  /** SAML: the identity provider's signing certificate(s), PEM; several separated by a blank line during a rollover. */
  samlCertificate: string | null
  oidcIssuer: string | null
  oidcClientId: string | null
  /** Sealed under AUTH_SECRET (sso/secret.ts); never returned to a page. */
  oidcClientSecret: string | null
  defaultRole: string
  roleMapping: SsoRoleMapping | null
  /** Sign-ins the identity provider starts (no AuthnRequest of ours) are accepted; off by default. */
  idpInitiated: boolean
  createdAt: Date
  updatedAt: Date
}

export type NewSsoConnection = Omit<AdapterSsoConnection, "id" | "createdAt" | "updatedAt">
export type SsoConnectionChanges = Partial<Omit<NewSsoConnection, "organizationId" | "kind">>

export type SsoDomainState = "pending" | "verified"

export interface AdapterSsoDomain {
  id: string
  connectionId: string
  organizationId: string
  /** Lower-case, without a trailing dot. */
  domain: string
  state: SsoDomainState
  /** What the TXT record must hold after `auth-domain-verification=`. */
  verificationToken: string
  verifiedAt: Date | null
  createdAt: Date
}

/**
 * What marking a domain verified answers: "verified" (now or before),
 * "claimed" (another organization holds this domain verified; nothing
 * changed), "not-found".
 */
export type DomainVerifyResult = "verified" | "claimed" | "not-found"

/** A verified domain with its connection: where an address on it signs in. */
export interface SsoRoute {
  domain: AdapterSsoDomain
  connection: AdapterSsoConnection
}

/** The name and value of the TXT record that proves control of a domain. */
export const DOMAIN_VERIFICATION_PREFIX = "_auth-verification"
export const DOMAIN_VERIFICATION_VALUE_PREFIX = "auth-domain-verification="

/** The account provider id an SSO sign-in links: one per connection, so a subject is scoped by it. */
export const SSO_ACCOUNT_PREFIX = "sso:"
export const ssoAccountProvider = (connectionId: string) => `${SSO_ACCOUNT_PREFIX}${connectionId}`
