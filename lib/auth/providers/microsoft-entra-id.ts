/**
 * Microsoft Entra ID (OpenID Connect). `tenantId` picks the directory; the
 * default "common" (and "organizations", "consumers") accepts accounts from
 * any tenant, so the ID token's issuer is checked against the tenant it
 * names. Callback URL: {origin}{basePath}/callback/microsoft-entra-id
 */
import { accountId } from "./account-id"
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
}

const MULTI_TENANT = new Set(["common", "organizations", "consumers"])

export default function MicrosoftEntraID(options: MicrosoftEntraIDOptions = {}): OAuthConfig<MicrosoftEntraIDProfile> {
  const { tenantId, ...rest } = options
  const tenant = tenantId ?? "common"
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
      profile(profile) {
        return { id: accountId(profile.sub), name: profile.name ?? null, email: profile.email ?? null, image: null }
      },
      style: { brandColor: "#0072c6", bg: "#ffffff", text: "#1f1f1f" },
    },
    { ...rest, issuer },
  )
}
