/**
 * The single sign-on operations bound to the app's configuration object
 * (resolved once per object, as Auth() does). Each checks the actor's
 * membership and permission itself.
 *
 *   const sso = ssoOperations(authConfig)
 *   const connection = await sso.addConnection({ userId }, organizationId, { kind: "saml", name: "Okta", ... })
 *   const domain = await sso.addDomain({ userId }, organizationId, connection.id, "example.com")
 *   // publish domain.record (TXT), then:
 *   await sso.verifyDomain({ userId }, organizationId, domain.id)
 */
import { resolveAuthConfig } from "../auth"
import type { AuthConfig } from "../config/types"
import type { OrganizationActor } from "../organizations/context"
import {
  addSsoConnection,
  addSsoDomain,
  listSsoConnections,
  removeSsoConnection,
  removeSsoDomain,
  serviceProviderValues,
  setSsoRequired,
  updateSsoConnection,
  verifySsoDomain,
  type SsoConnectionInput,
  type SsoConnectionUpdate,
} from "./manage"

export function ssoOperations(authConfig: AuthConfig) {
  const config = resolveAuthConfig(authConfig)
  return {
    /** Connections (never a client secret), domains with their TXT records, and whether SSO is required. */
    list: (actor: OrganizationActor, organizationId: string) => listSsoConnections(config, actor, organizationId),
    addConnection: (actor: OrganizationActor, organizationId: string, input: SsoConnectionInput) => addSsoConnection(config, actor, organizationId, input),
    updateConnection: (actor: OrganizationActor, organizationId: string, connectionId: string, changes: SsoConnectionUpdate) =>
      updateSsoConnection(config, actor, organizationId, connectionId, changes),
    removeConnection: (actor: OrganizationActor, organizationId: string, connectionId: string) => removeSsoConnection(config, actor, organizationId, connectionId),
    addDomain: (actor: OrganizationActor, organizationId: string, connectionId: string, domain: string) => addSsoDomain(config, actor, organizationId, connectionId, domain),
    verifyDomain: (actor: OrganizationActor, organizationId: string, domainId: string) => verifySsoDomain(config, actor, organizationId, domainId),
    removeDomain: (actor: OrganizationActor, organizationId: string, domainId: string) => removeSsoDomain(config, actor, organizationId, domainId),
    setRequired: (actor: OrganizationActor, organizationId: string, required: boolean) => setSsoRequired(config, actor, organizationId, required),
    /** `authUrl`: the app's origin and auth base path, e.g. https://app.example.com/api/auth. */
    serviceProviderValues: (authUrl: string, connectionId: string) => serviceProviderValues(authUrl, connectionId),
  }
}

export type SsoOperations = ReturnType<typeof ssoOperations>
