/**
 * BankID Norge (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/bankid-no
 * Variables: AUTH_BANKID_NO_ID, AUTH_BANKID_NO_SECRET
 *
 * Issuer https://auth.bankid.no/auth/realms/prod (the test realm through
 * `issuer`). The client authenticates with client_secret_post; the profile is
 * read from the userinfo endpoint (signed with RS256), not the ID token; the
 * login page is Norwegian and starts at BankID (`login_hint` "BIS").
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import OIDC from "./oidc"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import type { Profile } from "../types"

/** https://developer.bankid.no/bankid-with-biometrics/apis/oidc/userinfo/ */
export interface BankIDNorwayProfile extends Profile {
  sub: string
  iss?: string
  name?: string
  given_name?: string
  family_name?: string
  birthdate?: string
  email?: string
  email_verified?: boolean
  phone_number?: string
  nnin?: string
  bankid_altsub?: string
}

export default function BankIDNorway(options: OAuthUserConfig<BankIDNorwayProfile> = {}): OAuthConfig<BankIDNorwayProfile> {
  return OIDC<BankIDNorwayProfile>(
    mergeOptions<OAuthUserConfig<BankIDNorwayProfile>>(
      {
        id: "bankid-no",
        name: "BankID Norge",
        issuer: "https://auth.bankid.no/auth/realms/prod",
        client: { token_endpoint_auth_method: "client_secret_post", userinfo_signed_response_alg: "RS256" },
        idToken: false,
        authorization: { params: { ui_locales: "no", login_hint: "BIS" } },
        checks: ["pkce", "state", "nonce"],
        profile(profile) {
          return { id: accountId(profile.sub), name: profile.name ?? null, email: profile.email ?? null, image: null }
        },
        style: { brandColor: "#39134c", bg: "#39134c", text: "#ffffff" },
      },
      options,
    ),
  )
}
