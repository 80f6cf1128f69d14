/**
 * WorkOS (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/workos
 * Variables: AUTH_WORKOS_ID, AUTH_WORKOS_SECRET[, AUTH_WORKOS_CONNECTION, AUTH_WORKOS_ISSUER]
 *
 * Enterprise single sign-on through WorkOS. `connection` picks the
 * organisation's connection (it can also be given per sign-in, as an
 * authorization parameter); `issuer` defaults to https://api.workos.com/.
 * The token endpoint takes the credentials in the form.
 *
 * Endpoints as in @auth/core ({issuer}sso/authorize, sso/token, sso/profile).
 * The differences: `issuer` may be given with or without its trailing slash
 * (@auth/core joins without one), and `connection` is an authorization
 * parameter rather than baked into the URL, so a sign-in can name its own.
 * WorkOS's "Get an authorization URL" (https://workos.com/docs/reference/sso/get-authorization-url)
 * takes the connection (or an organization, or a provider) as a query
 * parameter of GET /sso/authorize, and answers the redirect URI with `code`
 * and `state`, or `error` and `error_description`.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://workos.com/docs/reference/sso/profile */
export interface WorkOSProfile {
  object: "profile"
  id: string
  organization_id: string | null
  connection_id: string
  connection_type: string
  idp_id: string
  email: string
  first_name: string | null
  last_name: string | null
  raw_attributes: { picture?: string; [attribute: string]: unknown }
  [field: string]: unknown
}

export interface WorkOSOptions extends OAuthUserConfig<WorkOSProfile> {
  /** The WorkOS connection id (conn_…). */
  connection?: string
}

export default function WorkOS(options: WorkOSOptions = {}): OAuthConfig<WorkOSProfile> {
  const { connection, ...rest } = options
  const base = (rest.issuer ?? "https://api.workos.com/").replace(/\/+$/, "")
  return mergeOptions<OAuthConfig<WorkOSProfile>>(
    {
      id: "workos",
      name: "WorkOS",
      type: "oauth",
      authorization: { url: `${base}/sso/authorize`, params: { connection: connection ?? "" } },
      token: `${base}/sso/token`,
      userinfo: `${base}/sso/profile`,
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile(profile) {
        return {
          id: accountId(profile.id),
          name: `${profile.first_name} ${profile.last_name}`,
          email: profile.email ?? null,
          image: profile.raw_attributes?.picture ?? null,
        }
      },
      style: { brandColor: "#6363f1", bg: "#6363f1", text: "#ffffff" },
    },
    { ...rest, issuer: `${base}/` },
  )
}
