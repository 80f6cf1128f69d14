/**
 * Osso (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/osso
 * Variables: AUTH_OSSO_ID, AUTH_OSSO_SECRET, AUTH_OSSO_ISSUER
 *
 * SAML single sign-on through an Osso server; `issuer` is its address.
 *
 * Endpoints as in @auth/core: {issuer}oauth/authorize, oauth/token, oauth/me.
 * The one difference: @auth/core needs the address to end in "/" (it joins
 * without one), ours joins with exactly one slash either way, so the
 * address as Osso's guide writes it (https://demo.ossoapp.com, no slash;
 * https://ossoapp.com/docs/integration/oauth-consumption) works too. For
 * every address @auth/core accepts, the URLs are the same.
 */
import { accountId } from "./account-id"
import { instanceUrl } from "./instance-url"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://ossoapp.com/docs/reference/user-profile (oauth/me) */
export interface OssoProfile {
  id: string
  email: string
  idp?: string
  requested?: { domain?: string; email?: string }
  [field: string]: unknown
}

export default function Osso(options: OAuthUserConfig<OssoProfile> = {}): OAuthConfig<OssoProfile> {
  const base = instanceUrl("Osso", options.issuer, "AUTH_OSSO_ISSUER")
  return mergeOptions<OAuthConfig<OssoProfile>>(
    {
      id: "osso",
      name: "Osso",
      type: "oauth",
      authorization: `${base}/oauth/authorize`,
      token: `${base}/oauth/token`,
      userinfo: `${base}/oauth/me`,
      profile(profile) {
        return { id: accountId(profile.id), name: null, email: profile.email ?? null, image: null }
      },
      style: { brandColor: "#5a67d8" },
    },
    { ...options, issuer: base },
  )
}

/**
 * Who this factory is without calling it (it refuses to run without
 * `issuer`): lets an app list it uncalled, built from AUTH_OSSO_ISSUER and
 * the other variables (config/env.ts).
 */
Osso.identity = { id: "osso", type: "oauth" } as const
