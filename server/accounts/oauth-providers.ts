/**
 * The starter's sign-in providers from the environment: each built-in
 * provider whose AUTH_{ID}_ID and AUTH_{ID}_SECRET are set, and a generic
 * OpenID Connect provider (id "oidc") from AUTH_OIDC_ISSUER, AUTH_OIDC_ID,
 * AUTH_OIDC_SECRET and AUTH_OIDC_NAME. The library reads the client id,
 * secret and issuer itself; this only decides which providers exist.
 */
import type { OAuthConfig } from "@/lib/auth"
import FortyTwo from "@/lib/auth/providers/42-school"
import Asgardeo from "@/lib/auth/providers/asgardeo"
import Atlassian from "@/lib/auth/providers/atlassian"
import Auth0 from "@/lib/auth/providers/auth0"
import Authentik from "@/lib/auth/providers/authentik"
import AzureAD from "@/lib/auth/providers/azure-ad"
import AzureADB2C from "@/lib/auth/providers/azure-ad-b2c"
import AzureDevOps from "@/lib/auth/providers/azure-devops"
import BankIDNorway from "@/lib/auth/providers/bankid-no"
import BattleNet from "@/lib/auth/providers/battlenet"
import BeyondIdentity from "@/lib/auth/providers/beyondidentity"
import Bitbucket from "@/lib/auth/providers/bitbucket"
import Box from "@/lib/auth/providers/box"
import SAMLJackson from "@/lib/auth/providers/boxyhq-saml"
import Bungie from "@/lib/auth/providers/bungie"
import ClickUp from "@/lib/auth/providers/click-up"
import Cognito from "@/lib/auth/providers/cognito"
import Coinbase from "@/lib/auth/providers/coinbase"
import Concept2 from "@/lib/auth/providers/concept2"
import Descope from "@/lib/auth/providers/descope"
import Discord from "@/lib/auth/providers/discord"
import Dribbble from "@/lib/auth/providers/dribbble"
import Dropbox from "@/lib/auth/providers/dropbox"
import DuendeIdentityServer6 from "@/lib/auth/providers/duende-identity-server6"
import Eventbrite from "@/lib/auth/providers/eventbrite"
import EVEOnline from "@/lib/auth/providers/eveonline"
import Facebook from "@/lib/auth/providers/facebook"
import FACEIT from "@/lib/auth/providers/faceit"
import Figma from "@/lib/auth/providers/figma"
import Foursquare from "@/lib/auth/providers/foursquare"
import Freshbooks from "@/lib/auth/providers/freshbooks"
import Frontegg from "@/lib/auth/providers/frontegg"
import FusionAuth from "@/lib/auth/providers/fusionauth"
import GitHub from "@/lib/auth/providers/github"
import GitLab from "@/lib/auth/providers/gitlab"
import Google from "@/lib/auth/providers/google"
import HubSpot from "@/lib/auth/providers/hubspot"
import Huggingface from "@/lib/auth/providers/huggingface"
import IdentityServer4 from "@/lib/auth/providers/identity-server4"
import Instagram from "@/lib/auth/providers/instagram"
import Kakao from "@/lib/auth/providers/kakao"
import Keycloak from "@/lib/auth/providers/keycloak"
import Kinde from "@/lib/auth/providers/kinde"
import MicrosoftEntraID from "@/lib/auth/providers/microsoft-entra-id"
import OIDC from "@/lib/auth/providers/oidc"
import Twitter from "@/lib/auth/providers/twitter"
import VK from "@/lib/auth/providers/vk"
import Yandex from "@/lib/auth/providers/yandex"

type Env = Record<string, string | undefined>

const has = (env: Env, name: string) => (env[name] ?? "") !== ""

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each factory has its own profile type
type AnyOAuthConfig = OAuthConfig<any>

/**
 * One row per built-in provider, alphabetical by id. `key` is the AUTH_{KEY}_*
 * prefix; a row is used when AUTH_{KEY}_ID and AUTH_{KEY}_SECRET are set (and
 * `needs`, the provider's other required variables, e.g. ISSUER). `make` turns
 * the provider's extra variables (tenant, region, base URL) into options.
 */
interface EnvProvider {
  key: string
  needs?: readonly string[]
  make(env: Env): AnyOAuthConfig
}

const ENV_PROVIDERS: readonly EnvProvider[] = [
  { key: "42_SCHOOL", make: () => FortyTwo() },
  { key: "ASGARDEO", needs: ["ISSUER"], make: (env) => Asgardeo({ issuer: env.AUTH_ASGARDEO_ISSUER }) },
  { key: "ATLASSIAN", make: () => Atlassian() },
  { key: "AUTH0", needs: ["ISSUER"], make: () => Auth0() },
  { key: "AUTHENTIK", needs: ["ISSUER"], make: () => Authentik() },
  { key: "AZURE_AD", make: (env) => AzureAD({ tenantId: env.AUTH_AZURE_AD_TENANT_ID || undefined }) },
  { key: "AZURE_AD_B2C", needs: ["ISSUER"], make: () => AzureADB2C() },
  { key: "AZURE_DEVOPS", make: () => AzureDevOps() },
  { key: "BANKID_NO", make: () => BankIDNorway() },
  { key: "BATTLENET", needs: ["ISSUER"], make: () => BattleNet() },
  { key: "BEYONDIDENTITY", needs: ["ISSUER"], make: () => BeyondIdentity() },
  { key: "BITBUCKET", make: () => Bitbucket() },
  { key: "BOX", make: () => Box() },
  { key: "BOXYHQ_SAML", needs: ["ISSUER"], make: (env) => SAMLJackson({ issuer: env.AUTH_BOXYHQ_SAML_ISSUER }) },
  { key: "BUNGIE", needs: ["API_KEY"], make: (env) => Bungie({ apiKey: env.AUTH_BUNGIE_API_KEY }) },
  { key: "CLICK_UP", make: () => ClickUp() },
  { key: "COGNITO", needs: ["ISSUER"], make: () => Cognito() },
  { key: "COINBASE", make: () => Coinbase() },
  { key: "CONCEPT2", make: () => Concept2() },
  { key: "DESCOPE", make: (env) => Descope({ clientId: env.AUTH_DESCOPE_ID, issuer: env.AUTH_DESCOPE_ISSUER || undefined }) },
  { key: "DISCORD", make: () => Discord() },
  { key: "DRIBBBLE", make: () => Dribbble() },
  { key: "DROPBOX", make: () => Dropbox() },
  { key: "DUENDE_IDENTITY_SERVER6", needs: ["ISSUER"], make: () => DuendeIdentityServer6() },
  { key: "EVENTBRITE", make: () => Eventbrite() },
  { key: "EVEONLINE", make: () => EVEOnline() },
  { key: "FACEBOOK", make: () => Facebook() },
  { key: "FACEIT", make: () => FACEIT() },
  { key: "FIGMA", make: () => Figma() },
  { key: "FOURSQUARE", make: () => Foursquare() },
  { key: "FRESHBOOKS", make: () => Freshbooks() },
  { key: "FRONTEGG", needs: ["ISSUER"], make: (env) => Frontegg({ issuer: env.AUTH_FRONTEGG_ISSUER }) },
  {
    key: "FUSIONAUTH",
    needs: ["ISSUER"],
    make: (env) => FusionAuth({ issuer: env.AUTH_FUSIONAUTH_ISSUER, tenantId: env.AUTH_FUSIONAUTH_TENANT_ID || undefined }),
  },
  { key: "GITHUB", make: () => GitHub() },
  { key: "GITLAB", make: (env) => GitLab({ baseUrl: env.AUTH_GITLAB_URL || undefined }) },
  { key: "GOOGLE", make: () => Google() },
  { key: "HUBSPOT", make: () => HubSpot() },
  { key: "HUGGINGFACE", make: () => Huggingface() },
  { key: "IDENTITY_SERVER4", needs: ["ISSUER"], make: () => IdentityServer4() },
  { key: "INSTAGRAM", make: () => Instagram() },
  { key: "KAKAO", make: () => Kakao() },
  { key: "KEYCLOAK", needs: ["ISSUER"], make: () => Keycloak() },
  { key: "KINDE", needs: ["ISSUER"], make: () => Kinde() },
  { key: "MICROSOFT_ENTRA_ID", make: (env) => MicrosoftEntraID({ tenantId: env.AUTH_MICROSOFT_ENTRA_ID_TENANT_ID || undefined }) },
  { key: "TWITTER", make: () => Twitter() },
  { key: "VK", make: () => VK() },
  { key: "YANDEX", make: () => Yandex() },
]

export function oauthProvidersFromEnv(env: Env = process.env): AnyOAuthConfig[] {
  const providers: AnyOAuthConfig[] = []
  for (const row of ENV_PROVIDERS) {
    const names = ["ID", "SECRET", ...(row.needs ?? [])].map((suffix) => `AUTH_${row.key}_${suffix}`)
    if (names.every((name) => has(env, name))) providers.push(row.make(env))
  }
  if (has(env, "AUTH_OIDC_ISSUER") && has(env, "AUTH_OIDC_ID")) {
    providers.push(
      OIDC({
        name: env.AUTH_OIDC_NAME || "OpenID Connect",
        // Opt-in: sign-out also ends the session at the provider (its end_session_endpoint).
        federatedSignOut: env.AUTH_OIDC_FEDERATED_SIGN_OUT === "true",
      }),
    )
  }
  return providers
}
