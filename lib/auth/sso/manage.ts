/**
 * Managing an organization's single sign-on: connections, their domains and
 * "Require SSO". Each operation checks the caller's membership and the
 * `organization: ["update"]` permission (owners and admins by default)
 * itself, and writes the organization's activity log.
 *
 * Domains are verified one at a time: each has its own token and state,
 * adding one never touches another, and the adapter lets only one
 * organization hold a domain verified.
 */
import { randomBytes } from "node:crypto"
import type { ResolvedConfig } from "../config/resolved"
import { SsoError } from "../errors"
import { requirePermission, type OrganizationActor } from "../organizations/context"
import { isOrganizationRole } from "../organizations/roles"
import { OWNER_ROLE } from "../organizations/types"
import { recordSsoEvent } from "./activity"
import { checkDomainRecord } from "./dns-check"
import { normalizeDomain, verificationRecord } from "./domain-name"
import { sealClientSecret } from "./secret"
import type { AdapterSsoConnection, AdapterSsoDomain, SsoConnectionKind, SsoRoleMapping } from "./types"
import { ssoServiceUrls, type SsoServiceUrls } from "./urls"

/** A connection as a settings page may show it: never the client secret. */
export type SsoConnectionView = Omit<AdapterSsoConnection, "oidcClientSecret"> & { hasClientSecret: boolean }

export interface SsoDomainView extends AdapterSsoDomain {
  /** The TXT record to publish: its exact name and value. */
  record: { name: string; value: string }
}

export interface SsoConnectionInput {
  name: string
  kind: SsoConnectionKind
  samlEntityId?: string
  samlSsoUrl?: string
  samlCertificate?: string
  oidcIssuer?: string
  oidcClientId?: string
  oidcClientSecret?: string
  defaultRole?: string
  roleMapping?: SsoRoleMapping | null
  idpInitiated?: boolean
}

export type SsoConnectionUpdate = Partial<Omit<SsoConnectionInput, "kind">>

function adapterOf(config: ResolvedConfig) {
  const adapter = config.sso.adapter
  if (!adapter) throw new SsoError("sso_disabled", "Single sign-on is off: set sso.enabled with an adapter that stores it")
  return adapter
}

async function manager(config: ResolvedConfig, actor: OrganizationActor, organizationId: string) {
  try {
    return await requirePermission(config, actor, organizationId, { organization: ["update"] })
  } catch (error) {
    if (error instanceof SsoError) throw error
    throw new SsoError("sso_forbidden", "Only the organization's owners and admins manage single sign-on", { cause: error })
  }
}

export const toView = ({ oidcClientSecret, ...connection }: AdapterSsoConnection): SsoConnectionView => ({ ...connection, hasClientSecret: Boolean(oidcClientSecret) })
const domainView = (domain: AdapterSsoDomain): SsoDomainView => ({ ...domain, record: verificationRecord(domain.domain, domain.verificationToken) })

const invalid = (message: string) => new SsoError("sso_invalid_connection", message)

function httpsUrl(value: unknown, what: string): string {
  if (typeof value !== "string") throw invalid(`${what} is required`)
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw invalid(`${what} is not a URL`)
  }
  // Plain http only for a local identity provider (development and tests).
  const local = url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]"
  if (url.protocol !== "https:" && !(url.protocol === "http:" && local)) throw invalid(`${what} must be an https URL`)
  return url.href
}

function certificate(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") throw invalid("The identity provider's certificate is required")
  const pem = value.trim()
  const body = pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, "").replace(/\s+/g, "")
  if (!/^[A-Za-z0-9+/=]+$/.test(body) || body.length < 100) throw invalid("The certificate is not PEM or base64")
  return pem.includes("-----BEGIN CERTIFICATE-----") ? pem : `-----BEGIN CERTIFICATE-----\n${body.replace(/(.{64})/g, "$1\n").trim()}\n-----END CERTIFICATE-----`
}

function nonEmpty(value: unknown, what: string, max = 1000): string {
  if (typeof value !== "string" || value.trim() === "" || value.length > max) throw invalid(`${what} is required`)
  return value.trim()
}

function role(config: ResolvedConfig, value: unknown): string {
  const name = value === undefined ? "member" : value
  // Owner is given by an owner, never by an identity provider.
  if (typeof name !== "string" || name === OWNER_ROLE || !isOrganizationRole(config.organizations.access, name)) throw invalid(`"${String(name)}" is not a role an SSO sign-in may give`)
  return name
}

function roleMapping(config: ResolvedConfig, value: unknown): SsoRoleMapping | null {
  if (value === null || value === undefined) return null
  const { attribute, roles } = value as { attribute?: unknown; roles?: unknown }
  const name = nonEmpty(attribute, "The mapped attribute", 200)
  if (typeof roles !== "object" || roles === null) throw invalid("The role mapping needs values and roles")
  return { attribute: name, roles: Object.fromEntries(Object.entries(roles).map(([from, to]) => [from, role(config, to)])) }
}

export async function listSsoConnections(config: ResolvedConfig, actor: OrganizationActor, organizationId: string) {
  await manager(config, actor, organizationId)
  const adapter = adapterOf(config)
  const [connections, domains, required] = await Promise.all([
    adapter.listSsoConnections(organizationId),
    adapter.listSsoDomains(organizationId),
    adapter.getOrganizationSsoRequired(organizationId),
  ])
  return { connections: connections.map(toView), domains: domains.map(domainView), requireSso: required }
}

/** What the identity provider's administrator enters: our entity id, ACS, metadata and redirect URI. */
export function serviceProviderValues(authUrl: string, connectionId: string): SsoServiceUrls {
  return ssoServiceUrls(authUrl, connectionId)
}

export async function addSsoConnection(config: ResolvedConfig, actor: OrganizationActor, organizationId: string, input: SsoConnectionInput): Promise<SsoConnectionView> {
  await manager(config, actor, organizationId)
  const adapter = adapterOf(config)
  const kind = input?.kind
  if (kind !== "saml" && kind !== "oidc") throw invalid('The kind is "saml" or "oidc"')
  const name = nonEmpty(input.name, "A name", 100)
  const common = {
    organizationId,
    name,
    kind,
    defaultRole: role(config, input.defaultRole),
    roleMapping: roleMapping(config, input.roleMapping),
    idpInitiated: input.idpInitiated === true,
  }
  const created =
    kind === "saml"
      ? await adapter.createSsoConnection({
          ...common,
          samlEntityId: nonEmpty(input.samlEntityId, "The identity provider's entity id"),
          samlSsoUrl: httpsUrl(input.samlSsoUrl, "The identity provider's sign-in URL"),
          samlCertificate: certificate(input.samlCertificate),
          oidcIssuer: null,
          oidcClientId: null,
          oidcClientSecret: null,
        })
      : await adapter.createSsoConnection({
          ...common,
          samlEntityId: null,
          samlSsoUrl: null,
          samlCertificate: null,
          oidcIssuer: httpsUrl(input.oidcIssuer, "The issuer").replace(/\/$/, ""),
          oidcClientId: nonEmpty(input.oidcClientId, "The client id"),
          oidcClientSecret: null,
        })
  let connection = created
  if (kind === "oidc" && typeof input.oidcClientSecret === "string" && input.oidcClientSecret !== "") {
    const sealed = await sealClientSecret(config.secrets, created.id, input.oidcClientSecret)
    connection = (await adapter.updateSsoConnection(organizationId, created.id, { oidcClientSecret: sealed })) ?? created
  }
  await recordSsoEvent(config, { type: "sso-connection-added", organizationId, actorId: actor.userId, subject: name, detail: kind })
  return toView(connection)
}

export async function updateSsoConnection(
  config: ResolvedConfig,
  actor: OrganizationActor,
  organizationId: string,
  connectionId: string,
  changes: SsoConnectionUpdate,
): Promise<SsoConnectionView> {
  await manager(config, actor, organizationId)
  const adapter = adapterOf(config)
  const current = await adapter.getSsoConnection(connectionId)
  if (!current || current.organizationId !== organizationId) throw new SsoError("sso_connection_not_found")
  const update: Parameters<typeof adapter.updateSsoConnection>[2] = {}
  if (changes.name !== undefined) update.name = nonEmpty(changes.name, "A name", 100)
  if (changes.defaultRole !== undefined) update.defaultRole = role(config, changes.defaultRole)
  if (changes.roleMapping !== undefined) update.roleMapping = roleMapping(config, changes.roleMapping)
  if (changes.idpInitiated !== undefined) update.idpInitiated = changes.idpInitiated === true
  if (current.kind === "saml") {
    if (changes.samlEntityId !== undefined) update.samlEntityId = nonEmpty(changes.samlEntityId, "The identity provider's entity id")
    if (changes.samlSsoUrl !== undefined) update.samlSsoUrl = httpsUrl(changes.samlSsoUrl, "The identity provider's sign-in URL")
    if (changes.samlCertificate !== undefined) update.samlCertificate = certificate(changes.samlCertificate)
  } else {
    if (changes.oidcIssuer !== undefined) update.oidcIssuer = httpsUrl(changes.oidcIssuer, "The issuer").replace(/\/$/, "")
    if (changes.oidcClientId !== undefined) update.oidcClientId = nonEmpty(changes.oidcClientId, "The client id")
    if (typeof changes.oidcClientSecret === "string" && changes.oidcClientSecret !== "") {
      update.oidcClientSecret = await sealClientSecret(config.secrets, connectionId, changes.oidcClientSecret)
    }
  }
  const updated = await adapter.updateSsoConnection(organizationId, connectionId, update)
  if (!updated) throw new SsoError("sso_connection_not_found")
  await recordSsoEvent(config, {
    type: "sso-connection-changed",
    organizationId,
    actorId: actor.userId,
    subject: updated.name,
    detail: Object.keys(update).join(","),
  })
  return toView(updated)
}

export async function removeSsoConnection(config: ResolvedConfig, actor: OrganizationActor, organizationId: string, connectionId: string): Promise<void> {
  await manager(config, actor, organizationId)
  const adapter = adapterOf(config)
  const current = await adapter.getSsoConnection(connectionId)
  if (!current || current.organizationId !== organizationId || !(await adapter.deleteSsoConnection(organizationId, connectionId))) {
    throw new SsoError("sso_connection_not_found")
  }
  await recordSsoEvent(config, { type: "sso-connection-removed", organizationId, actorId: actor.userId, subject: current.name, detail: current.kind })
}

export async function addSsoDomain(config: ResolvedConfig, actor: OrganizationActor, organizationId: string, connectionId: string, domainInput: unknown): Promise<SsoDomainView> {
  await manager(config, actor, organizationId)
  const adapter = adapterOf(config)
  const domain = normalizeDomain(domainInput)
  if (!domain) throw new SsoError("sso_invalid_domain", "Enter a domain such as example.com")
  const connection = await adapter.getSsoConnection(connectionId)
  if (!connection || connection.organizationId !== organizationId) throw new SsoError("sso_connection_not_found")
  const created = await adapter.createSsoDomain(organizationId, connectionId, domain, randomBytes(16).toString("hex"))
  if (!created) throw new SsoError("sso_domain_exists", "The connection has this domain already")
  await recordSsoEvent(config, { type: "sso-domain-added", organizationId, actorId: actor.userId, subject: domain, detail: connection.name })
  return domainView(created)
}

/**
 * Looks the domain's TXT record up now. Verified: the domain routes its
 * addresses to the connection. Otherwise a code says what was found: no
 * record, a record with another value, a lookup failure, or the domain held
 * verified by another organization.
 */
export async function verifySsoDomain(config: ResolvedConfig, actor: OrganizationActor, organizationId: string, domainId: string): Promise<SsoDomainView> {
  await manager(config, actor, organizationId)
  const adapter = adapterOf(config)
  const domain = await adapter.getSsoDomain(organizationId, domainId)
  if (!domain) throw new SsoError("sso_domain_not_found")
  if (domain.state === "verified") return domainView(domain)
  const verdict = await checkDomainRecord(domain.domain, domain.verificationToken, config.sso.dnsServers)
  if (verdict === "missing") throw new SsoError("sso_dns_record_missing", `No TXT record at ${verificationRecord(domain.domain, domain.verificationToken).name}`)
  if (verdict === "mismatch") throw new SsoError("sso_dns_record_mismatch", "The TXT record holds another value")
  if (verdict === "failed") throw new SsoError("sso_dns_failed", "The DNS lookup failed; try again")
  const result = await adapter.verifySsoDomain(organizationId, domainId, new Date())
  if (result === "claimed") throw new SsoError("sso_domain_claimed", "Another organization has verified this domain")
  if (result === "not-found") throw new SsoError("sso_domain_not_found")
  await recordSsoEvent(config, { type: "sso-domain-verified", organizationId, actorId: actor.userId, subject: domain.domain, detail: null })
  return domainView((await adapter.getSsoDomain(organizationId, domainId)) ?? domain)
}

export async function removeSsoDomain(config: ResolvedConfig, actor: OrganizationActor, organizationId: string, domainId: string): Promise<void> {
  await manager(config, actor, organizationId)
  const adapter = adapterOf(config)
  const domain = await adapter.getSsoDomain(organizationId, domainId)
  if (!domain || !(await adapter.deleteSsoDomain(organizationId, domainId))) throw new SsoError("sso_domain_not_found")
  await recordSsoEvent(config, { type: "sso-domain-removed", organizationId, actorId: actor.userId, subject: domain.domain, detail: null })
}

/** Turning "Require SSO" on needs a verified domain: otherwise it would require nothing. */
export async function setSsoRequired(config: ResolvedConfig, actor: OrganizationActor, organizationId: string, required: boolean): Promise<void> {
  await manager(config, actor, organizationId)
  const adapter = adapterOf(config)
  if (required && !(await adapter.listSsoDomains(organizationId)).some((d) => d.state === "verified")) {
    throw new SsoError("sso_domain_unverified", "Verify a domain before requiring single sign-on")
  }
  await adapter.setOrganizationSsoRequired(organizationId, required === true)
  await recordSsoEvent(config, { type: "sso-required-changed", organizationId, actorId: actor.userId, subject: null, detail: required ? "on" : "off" })
}
