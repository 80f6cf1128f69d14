/**
 * Microsoft Entra ID (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/microsoft-entra-id
 * Variables: AUTH_MICROSOFT_ENTRA_ID_ID, AUTH_MICROSOFT_ENTRA_ID_SECRET[, AUTH_MICROSOFT_ENTRA_ID_TENANT_ID, AUTH_MICROSOFT_ENTRA_ID_ISSUER]
 *
 * `tenantId` picks the directory; the
 * default "common" (and "organizations", "consumers") accepts accounts from
 * any tenant, so the ID token's issuer is checked against the tenant it
 * names. The user's image is their Microsoft Graph profile photo, read with
 * the access token as a data: URL (`profilePhotoSize`, `false` to skip it).
 *
 * An `issuer` of the v2.0 form https://{host}/{tenant}/v2.0 names the tenant
 * too: AUTH_MICROSOFT_ENTRA_ID_ISSUER pins it (the provider may be listed
 * uncalled, as next-auth apps do; the factory is then called with the
 * variables). Any host counts, since the national clouds keep the same path
 * on their own hosts (login.microsoftonline.us, login.chinacloudapi.cn):
 * https://learn.microsoft.com/en-us/entra/identity-platform/authentication-national-cloud
 */
import { accountId } from "./account-id"
import { fetchProfilePhoto, PROFILE_PHOTO_SIZES, type ProfilePhotoSize } from "./entra-photo"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://learn.microsoft.com/en-us/entra/identity-platform/id-token-claims-reference */
export interface MicrosoftEntraIDProfile {
  sub: string
  oid?: string
  tid: string
  name?: string
  preferred_username?: string
  email?: string
  given_name?: string
  family_name?: string
  [claim: string]: unknown
}

export interface MicrosoftEntraIDOptions extends OAuthUserConfig<MicrosoftEntraIDProfile> {
  /** Directory (tenant) id, or "common" / "organizations" / "consumers". Default "common". */
  tenantId?: string
  /**
   * Square size in pixels of the Graph profile photo used as the user's image
   * (48, 64, 96, 120, 240, 360, 432, 504 or 648); `false` skips the request
   * and leaves the image empty. Default 48. Under jwt sessions the image
   * travels in the session cookie, so keep it small.
   */
  profilePhotoSize?: ProfilePhotoSize | false
  /** Microsoft Graph's origin: a national cloud's (e.g. https://graph.microsoft.us). Default https://graph.microsoft.com. */
  graphUrl?: string
}

const MULTI_TENANT = new Set(["common", "organizations", "consumers"])

export default function MicrosoftEntraID(options: MicrosoftEntraIDOptions = {}): OAuthConfig<MicrosoftEntraIDProfile> {
  const { tenantId, profilePhotoSize = 48, graphUrl = "https://graph.microsoft.com", ...rest } = options
  if (profilePhotoSize !== false && !PROFILE_PHOTO_SIZES.includes(profilePhotoSize)) {
    throw new TypeError(`Microsoft Entra ID: profilePhotoSize must be one of ${PROFILE_PHOTO_SIZES.join(", ")} or false`)
  }
  // An issuer given as next-auth's docs do (AUTH_MICROSOFT_ENTRA_ID_ISSUER) names the tenant itself.
  const tenant = tenantId ?? tenantOfIssuer(rest.issuer) ?? "common"
  const issuer = rest.issuer ?? `https://login.microsoftonline.com/${tenant}/v2.0`
  return mergeOptions<OAuthConfig<MicrosoftEntraIDProfile>>(
    {
      id: "microsoft-entra-id",
      name: "Microsoft Entra ID",
      type: "oidc",
      issuer,
      wellKnown: `${issuer}/.well-known/openid-configuration`,
      authorization: { params: { scope: "openid profile email User.Read" } },
      options: { issuerTemplate: MULTI_TENANT.has(tenant) },
      async profile(profile, tokens, context) {
        const image =
          profilePhotoSize === false
            ? null
            : await fetchProfilePhoto(context?.fetch ?? fetch, { graphUrl, size: profilePhotoSize, accessToken: tokens.access_token })
        return { id: accountId(profile.sub), name: profile.name ?? null, email: profile.email ?? null, image }
      },
      style: { brandColor: "#0072c6", bg: "#ffffff", text: "#1f1f1f" },
    },
    { ...rest, issuer },
  )
}

function tenantOfIssuer(issuer: string | undefined): string | undefined {
  if (!issuer) return undefined
  const match = /^https:\/\/[^/]+\/([^/]+)\/v2\.0\/?$/.exec(issuer)
  return match?.[1]
}
