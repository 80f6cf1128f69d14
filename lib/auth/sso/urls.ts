/**
 * The service provider's own addresses for one connection, as the identity
 * provider's administrator enters them. `authUrl`: origin and base path.
 */
export interface SsoServiceUrls {
  /** SAML: our entity id (also the audience the assertions must name): the metadata URL. */
  entityId: string
  metadataUrl: string
  /** SAML: the Assertion Consumer Service (HTTP-POST). */
  acsUrl: string
  /** OpenID Connect: the redirect URI to register. */
  redirectUri: string
}

export function ssoServiceUrls(authUrl: string, connectionId: string): SsoServiceUrls {
  const id = encodeURIComponent(connectionId)
  const metadataUrl = `${authUrl}/sso/saml/${id}/metadata`
  return { entityId: metadataUrl, metadataUrl, acsUrl: `${authUrl}/sso/saml/${id}/acs`, redirectUri: `${authUrl}/sso/oidc/${id}/callback` }
}
