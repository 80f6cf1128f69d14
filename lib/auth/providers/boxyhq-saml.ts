/**
 * BoxyHQ SAML (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/boxyhq-saml
 * Variables: AUTH_BOXYHQ_SAML_ID, AUTH_BOXYHQ_SAML_SECRET, AUTH_BOXYHQ_SAML_ISSUER
 *
 * SAML single sign-on through a SAML Jackson service, which speaks OAuth 2.0
 * to the app. `issuer` is the service's URL; the endpoints are fixed paths
 * under it, so the factory needs it (the starter passes
 * AUTH_BOXYHQ_SAML_ISSUER). The tenant and product go with each sign-in as
 * authorization parameters (`signIn("boxyhq-saml", {}, { tenant, product })`).
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://boxyhq.com/docs/jackson/sso-flow#3-fetch-user-profile */
export interface BoxyHQSAMLProfile {
  id: string
  email: string
  firstName?: string
  lastName?: string
  roles?: string[]
  groups?: string[]
  requested?: Record<string, unknown>
  raw?: Record<string, unknown>
  [field: string]: unknown
}

export default function SAMLJackson(options: OAuthUserConfig<BoxyHQSAMLProfile> = {}): OAuthConfig<BoxyHQSAMLProfile> {
  const base = options.issuer?.replace(/\/+$/, "")
  return mergeOptions<OAuthConfig<BoxyHQSAMLProfile>>(
    {
      id: "boxyhq-saml",
      name: "BoxyHQ SAML",
      type: "oauth",
      issuer: base,
      authorization: { url: base && `${base}/api/oauth/authorize`, params: { provider: "saml" } },
      token: base && `${base}/api/oauth/token`,
      userinfo: base && `${base}/api/oauth/userinfo`,
      profile(profile) {
        return {
          id: accountId(profile.id),
          name: [profile.firstName, profile.lastName].filter(Boolean).join(" ") || null,
          email: profile.email ?? null,
          image: null,
        }
      },
      style: { brandColor: "#25c2a0" },
    },
    { ...options, issuer: base },
  )
}
