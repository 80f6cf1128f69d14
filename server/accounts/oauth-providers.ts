/**
 * The starter's sign-in providers from the environment: each built-in
 * provider whose AUTH_{ID}_ID and AUTH_{ID}_SECRET are set (Apple: or its
 * signing key, AUTH_APPLE_TEAM_ID/KEY_ID/PRIVATE_KEY), and a generic
 * OpenID Connect provider (id "oidc") from AUTH_OIDC_ISSUER, AUTH_OIDC_ID,
 * AUTH_OIDC_SECRET and AUTH_OIDC_NAME. The library reads the client id,
 * secret and issuer itself; this only decides which providers exist, and
 * which were started on but not finished (incompleteOAuthProviders), for the
 * start-up check to name.
 */
import type { OAuthConfig } from "@/lib/auth"
import FortyTwo from "@/lib/auth/providers/42-school"
import Apple from "@/lib/auth/providers/apple"
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
import Line from "@/lib/auth/providers/line"
import LinkedIn from "@/lib/auth/providers/linkedin"
import Logto from "@/lib/auth/providers/logto"
import Mailchimp from "@/lib/auth/providers/mailchimp"
import Mailru from "@/lib/auth/providers/mailru"
import Mastodon from "@/lib/auth/providers/mastodon"
import Mattermost from "@/lib/auth/providers/mattermost"
import Medium from "@/lib/auth/providers/medium"
import MicrosoftEntraID from "@/lib/auth/providers/microsoft-entra-id"
import Naver from "@/lib/auth/providers/naver"
import Netlify from "@/lib/auth/providers/netlify"
import NetSuite from "@/lib/auth/providers/netsuite"
import Nextcloud from "@/lib/auth/providers/nextcloud"
import Notion from "@/lib/auth/providers/notion"
import OIDC from "@/lib/auth/providers/oidc"
import Okta from "@/lib/auth/providers/okta"
import OneLogin from "@/lib/auth/providers/onelogin"
import OryHydra from "@/lib/auth/providers/ory-hydra"
import Osso from "@/lib/auth/providers/osso"
import Osu from "@/lib/auth/providers/osu"
import Passage from "@/lib/auth/providers/passage"
import Patreon from "@/lib/auth/providers/patreon"
import PingId from "@/lib/auth/providers/ping-id"
import Pinterest from "@/lib/auth/providers/pinterest"
import Pipedrive from "@/lib/auth/providers/pipedrive"
import Reddit from "@/lib/auth/providers/reddit"
import Roblox from "@/lib/auth/providers/roblox"
import Salesforce from "@/lib/auth/providers/salesforce"
import SimpleLogin from "@/lib/auth/providers/simplelogin"
import Slack from "@/lib/auth/providers/slack"
import Spotify from "@/lib/auth/providers/spotify"
import Strava from "@/lib/auth/providers/strava"
import Threads from "@/lib/auth/providers/threads"
import TikTok from "@/lib/auth/providers/tiktok"
import Todoist from "@/lib/auth/providers/todoist"
import Trakt from "@/lib/auth/providers/trakt"
import Twitch from "@/lib/auth/providers/twitch"
import Twitter from "@/lib/auth/providers/twitter"
import UnitedEffects from "@/lib/auth/providers/united-effects"
import Vipps from "@/lib/auth/providers/vipps"
import VK from "@/lib/auth/providers/vk"
import Webex from "@/lib/auth/providers/webex"
import WeChat from "@/lib/auth/providers/wechat"
import Wikimedia from "@/lib/auth/providers/wikimedia"
import WordPress from "@/lib/auth/providers/wordpress"
import WorkOS from "@/lib/auth/providers/workos"
import Yandex from "@/lib/auth/providers/yandex"
import Zitadel from "@/lib/auth/providers/zitadel"
import Zoho from "@/lib/auth/providers/zoho"
import Zoom from "@/lib/auth/providers/zoom"

type Env = Record<string, string | undefined>

const has = (env: Env, name: string) => (env[name] ?? "") !== ""

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each factory has its own profile type
type AnyOAuthConfig = OAuthConfig<any>

/**
 * One row per built-in provider, alphabetical by id. `key` is the AUTH_{KEY}_*
 * prefix; a row is used when AUTH_{KEY}_ID and AUTH_{KEY}_SECRET are set (and
 * `needs`, the provider's other required variables, e.g. ISSUER). A provider
 * whose secret can come another way lists the ways in `secretFrom` (each a
 * set of suffixes that must all be set) in place of SECRET. `make` turns the
 * provider's extra variables (tenant, region, base URL, signing key) into options.
 */
interface EnvProvider {
  key: string
  needs?: readonly string[]
  secretFrom?: readonly (readonly string[])[]
  make(env: Env): AnyOAuthConfig
}

const ENV_PROVIDERS: readonly EnvProvider[] = [
  { key: "42_SCHOOL", make: () => FortyTwo() },
  {
    // A client secret JWT made elsewhere, or the key the library signs one with (renewed before it expires).
    key: "APPLE",
    secretFrom: [["SECRET"], ["TEAM_ID", "KEY_ID", "PRIVATE_KEY"]],
    make: (env) =>
      Apple({
        // Only to point the provider at a stand-in (tests); Apple's own issuer otherwise.
        issuer: env.AUTH_APPLE_ISSUER || undefined,
        teamId: env.AUTH_APPLE_TEAM_ID || undefined,
        keyId: env.AUTH_APPLE_KEY_ID || undefined,
        privateKey: env.AUTH_APPLE_PRIVATE_KEY || undefined,
      }),
  },
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
  { key: "HYDRA", needs: ["ISSUER"], make: () => OryHydra() },
  { key: "IDENTITY_SERVER4", needs: ["ISSUER"], make: () => IdentityServer4() },
  { key: "INSTAGRAM", make: () => Instagram() },
  { key: "KAKAO", make: () => Kakao() },
  { key: "KEYCLOAK", needs: ["ISSUER"], make: () => Keycloak() },
  { key: "KINDE", needs: ["ISSUER"], make: () => Kinde() },
  { key: "LINE", make: () => Line() },
  { key: "LINKEDIN", make: () => LinkedIn() },
  { key: "LOGTO", needs: ["ISSUER"], make: () => Logto() },
  { key: "MAILCHIMP", make: () => Mailchimp() },
  { key: "MAILRU", make: () => Mailru() },
  { key: "MASTODON", needs: ["ISSUER"], make: (env) => Mastodon({ issuer: env.AUTH_MASTODON_ISSUER }) },
  { key: "MATTERMOST", needs: ["ISSUER"], make: (env) => Mattermost({ issuer: env.AUTH_MATTERMOST_ISSUER }) },
  { key: "MEDIUM", make: () => Medium() },
  { key: "MICROSOFT_ENTRA_ID", make: (env) => MicrosoftEntraID({ tenantId: env.AUTH_MICROSOFT_ENTRA_ID_TENANT_ID || undefined, issuer: env.AUTH_MICROSOFT_ENTRA_ID_ISSUER || undefined }) },
  { key: "NAVER", make: () => Naver() },
  { key: "NETLIFY", make: () => Netlify() },
  {
    key: "NETSUITE",
    needs: ["ACCOUNT_ID", "USERINFO"],
    make: (env) => NetSuite({ accountID: env.AUTH_NETSUITE_ACCOUNT_ID ?? "", userinfo: env.AUTH_NETSUITE_USERINFO }),
  },
  { key: "NEXTCLOUD", needs: ["ISSUER"], make: (env) => Nextcloud({ issuer: env.AUTH_NEXTCLOUD_ISSUER }) },
  { key: "NOTION", make: () => Notion() },
  { key: "OKTA", needs: ["ISSUER"], make: () => Okta() },
  { key: "ONELOGIN", needs: ["ISSUER"], make: (env) => OneLogin({ issuer: env.AUTH_ONELOGIN_ISSUER }) },
  { key: "OSSO", needs: ["ISSUER"], make: (env) => Osso({ issuer: env.AUTH_OSSO_ISSUER }) },
  { key: "OSU", make: () => Osu() },
  { key: "PASSAGE", needs: ["ISSUER"], make: () => Passage() },
  { key: "PATREON", make: () => Patreon() },
  { key: "PING_ID", needs: ["ISSUER"], make: () => PingId() },
  { key: "PINTEREST", make: () => Pinterest() },
  { key: "PIPEDRIVE", make: () => Pipedrive() },
  { key: "REDDIT", make: () => Reddit() },
  { key: "ROBLOX", make: () => Roblox() },
  { key: "SALESFORCE", make: () => Salesforce() },
  { key: "SIMPLELOGIN", make: () => SimpleLogin() },
  { key: "SLACK", make: () => Slack() },
  { key: "SPOTIFY", make: () => Spotify() },
  { key: "STRAVA", make: () => Strava() },
  { key: "THREADS", make: () => Threads() },
  { key: "TIKTOK", make: () => TikTok() },
  { key: "TODOIST", make: () => Todoist() },
  { key: "TRAKT", make: () => Trakt() },
  { key: "TWITCH", make: () => Twitch() },
  { key: "TWITTER", make: () => Twitter() },
  { key: "UNITED_EFFECTS", needs: ["ISSUER"], make: (env) => UnitedEffects({ issuer: env.AUTH_UNITED_EFFECTS_ISSUER }) },
  { key: "VIPPS", make: () => Vipps() },
  { key: "VK", make: () => VK() },
  { key: "WEBEX", make: (env) => Webex({ apiBaseUrl: env.AUTH_WEBEX_API_BASE_URL || undefined }) },
  {
    key: "WECHAT",
    make: (env) => WeChat({ platformType: (env.AUTH_WECHAT_PLATFORM_TYPE || undefined) as "OfficialAccount" | "WebsiteApp" | undefined }),
  },
  { key: "WIKIMEDIA", make: () => Wikimedia() },
  { key: "WORDPRESS", make: () => WordPress() },
  {
    key: "WORKOS",
    make: (env) => WorkOS({ issuer: env.AUTH_WORKOS_ISSUER || undefined, connection: env.AUTH_WORKOS_CONNECTION || undefined }),
  },
  { key: "YANDEX", make: () => Yandex() },
  { key: "ZITADEL", needs: ["ISSUER"], make: () => Zitadel() },
  { key: "ZOHO", make: () => Zoho() },
  { key: "ZOOM", make: () => Zoom() },
]

/** The provider id a row makes, without building the provider. */
function rowId(row: EnvProvider): string {
  return row.key.toLowerCase().replace(/_/g, "-")
}

/** The variables a row still needs, by name; empty when it is complete. */
function missingOf(env: Env, key: string, needs: readonly string[], secretFrom: readonly (readonly string[])[]): string[] {
  const unset = (suffix: string) => !has(env, `AUTH_${key}_${suffix}`)
  const missing = needs.filter(unset)
  if (!secretFrom.some((way) => way.every((suffix) => !unset(suffix)))) {
    // The way the operator has started on (e.g. some of Apple's signing key), else the first way.
    const started = secretFrom.find((way) => way.some((suffix) => !unset(suffix))) ?? secretFrom[0] ?? []
    missing.push(...started.filter(unset))
  }
  return missing.map((suffix) => `AUTH_${key}_${suffix}`)
}

/**
 * The rows someone has started on (one of their variables is set) but not
 * finished, each with the variables still unset. oauthProvidersFromEnv leaves
 * these out; instrumentation.ts has the start-up check name them all at once,
 * so a forgotten secret is a line at boot (a refusal in production) rather
 * than a sign-in button that silently never appears.
 */
export function incompleteOAuthProviders(env: Env = process.env): { providerId: string; variables: string[] }[] {
  const incomplete: { providerId: string; variables: string[] }[] = []
  const check = (providerId: string, key: string, needs: readonly string[], secretFrom: readonly (readonly string[])[]) => {
    const own = [...needs, ...secretFrom.flat()]
    if (!own.some((suffix) => has(env, `AUTH_${key}_${suffix}`))) return
    const variables = missingOf(env, key, needs, secretFrom)
    if (variables.length > 0) incomplete.push({ providerId, variables })
  }
  for (const row of ENV_PROVIDERS) check(rowId(row), row.key, ["ID", ...(row.needs ?? [])], row.secretFrom ?? [["SECRET"]])
  // The generic provider: issuer and client id; its secret is optional (a public client).
  check("oidc", "OIDC", ["ISSUER", "ID"], [["SECRET"], []])
  return incomplete
}

export function oauthProvidersFromEnv(env: Env = process.env): AnyOAuthConfig[] {
  const providers: AnyOAuthConfig[] = []
  for (const row of ENV_PROVIDERS) {
    const set = (suffixes: readonly string[]) => suffixes.every((suffix) => has(env, `AUTH_${row.key}_${suffix}`))
    const secret = (row.secretFrom ?? [["SECRET"]]).some(set)
    if (secret && set(["ID", ...(row.needs ?? [])])) providers.push(row.make(env))
  }
  if (has(env, "AUTH_OIDC_ISSUER") && has(env, "AUTH_OIDC_ID")) {
    providers.push(
      OIDC({
        name: env.AUTH_OIDC_NAME || "OpenID Connect",
        // Opt-in: sign-out also ends the session at the provider (its end_session_endpoint).
        federatedSignOut: env.AUTH_OIDC_FEDERATED_SIGN_OUT === "true",
        // Without AUTH_OIDC_SECRET a public client (PKCE only), said outright: for any other provider
        // the library counts a missing secret as a variable still to set.
        ...(has(env, "AUTH_OIDC_SECRET") ? {} : { client: { token_endpoint_auth_method: "none" as const } }),
      }),
    )
  }
  return providers
}
