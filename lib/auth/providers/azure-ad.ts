/**
 * Azure Active Directory (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/azure-ad
 * Variables: AUTH_AZURE_AD_ID, AUTH_AZURE_AD_SECRET[, AUTH_AZURE_AD_TENANT_ID]
 *
 * The former name of Microsoft Entra ID, kept under its own id so that apps
 * (and Account rows) that sign in with "azure-ad" keep working. Everything
 * else — tenantId, the profile photo, the multi-tenant issuer check — is
 * Microsoft Entra ID's.
 */
import { mergeOptions } from "./merge"
import MicrosoftEntraID, { type MicrosoftEntraIDOptions, type MicrosoftEntraIDProfile } from "./microsoft-entra-id"
import type { OAuthConfig } from "./oauth-types"

export type AzureADProfile = MicrosoftEntraIDProfile
export type AzureADOptions = MicrosoftEntraIDOptions

export default function AzureAD(options: AzureADOptions = {}): OAuthConfig<AzureADProfile> {
  const { id, name, ...rest } = options
  return mergeOptions(MicrosoftEntraID(rest), { id: id ?? "azure-ad", name: name ?? "Azure Active Directory" })
}
