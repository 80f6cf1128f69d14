/**
 * Every provider factory as next-auth apps write them, checked by the type
 * checker (`tsc --noEmit` covers tests/): each one's result, and each factory
 * uncalled (those that need no options), is a `Provider` without a cast.
 * The run below keeps the list whole: a provider module added without being
 * listed here fails it.
 */
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { applyProviderEnv } from "@/lib/auth/config/env"
import type { Provider } from "@/lib/auth/providers/types"
import FortyTwo from "@/lib/auth/providers/42-school"
import Apple from "@/lib/auth/providers/apple"
import Asgardeo from "@/lib/auth/providers/asgardeo"
import Atlassian from "@/lib/auth/providers/atlassian"
import Auth0 from "@/lib/auth/providers/auth0"
import Authentik from "@/lib/auth/providers/authentik"
import AzureADB2C from "@/lib/auth/providers/azure-ad-b2c"
import AzureAD from "@/lib/auth/providers/azure-ad"
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
import Credentials from "@/lib/auth/providers/credentials"
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
import Mailgun from "@/lib/auth/providers/mailgun"
import Mailru from "@/lib/auth/providers/mailru"
import Mastodon from "@/lib/auth/providers/mastodon"
import Mattermost from "@/lib/auth/providers/mattermost"
import Medium from "@/lib/auth/providers/medium"
import MicrosoftEntraID from "@/lib/auth/providers/microsoft-entra-id"
import Naver from "@/lib/auth/providers/naver"
import Netlify from "@/lib/auth/providers/netlify"
import NetSuite from "@/lib/auth/providers/netsuite"
import Nextcloud from "@/lib/auth/providers/nextcloud"
import Nodemailer from "@/lib/auth/providers/nodemailer"
import Notion from "@/lib/auth/providers/notion"
import OIDC from "@/lib/auth/providers/oidc"
import Okta from "@/lib/auth/providers/okta"
import OneLogin from "@/lib/auth/providers/onelogin"
import OryHydra from "@/lib/auth/providers/ory-hydra"
import Osso from "@/lib/auth/providers/osso"
import Osu from "@/lib/auth/providers/osu"
import Passage from "@/lib/auth/providers/passage"
import Passkey from "@/lib/auth/providers/passkey"
import Patreon from "@/lib/auth/providers/patreon"
import PingId from "@/lib/auth/providers/ping-id"
import Pinterest from "@/lib/auth/providers/pinterest"
import Pipedrive from "@/lib/auth/providers/pipedrive"
import Postmark from "@/lib/auth/providers/postmark"
import Reddit from "@/lib/auth/providers/reddit"
import Resend from "@/lib/auth/providers/resend"
import Roblox from "@/lib/auth/providers/roblox"
import Salesforce from "@/lib/auth/providers/salesforce"
import SendGrid from "@/lib/auth/providers/sendgrid"
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
import WebAuthn from "@/lib/auth/providers/webauthn"
import Webex from "@/lib/auth/providers/webex"
import WeChat from "@/lib/auth/providers/wechat"
import Wikimedia from "@/lib/auth/providers/wikimedia"
import WordPress from "@/lib/auth/providers/wordpress"
import WorkOS from "@/lib/auth/providers/workos"
import Yandex from "@/lib/auth/providers/yandex"
import Zitadel from "@/lib/auth/providers/zitadel"
import Zoho from "@/lib/auth/providers/zoho"
import Zoom from "@/lib/auth/providers/zoom"

const called: Provider[] = [
  FortyTwo({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Apple(),
  Asgardeo({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Atlassian({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Auth0({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Authentik({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  AzureADB2C({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  AzureAD({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  AzureDevOps({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  BankIDNorway({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  BattleNet({ clientId: "id", clientSecret: "secret", issuer: "https://oauth.battle.net" }),
  BeyondIdentity({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Bitbucket({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Box({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  SAMLJackson({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Bungie({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  ClickUp({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Cognito({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Coinbase({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Concept2({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Credentials({ authorize: async () => null }),
  Descope({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Discord({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Dribbble({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Dropbox({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  DuendeIdentityServer6({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Eventbrite({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  EVEOnline({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Facebook({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  FACEIT({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Figma({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Foursquare({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Freshbooks({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Frontegg({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  FusionAuth({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  GitHub({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  GitLab({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Google({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  HubSpot({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Huggingface({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  IdentityServer4({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Instagram({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Kakao({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Keycloak({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Kinde({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Line({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  LinkedIn({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Logto({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Mailchimp({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Mailgun(),
  Mailru({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Mastodon({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Mattermost({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Medium({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  MicrosoftEntraID({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Naver({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Netlify({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  NetSuite({ clientId: "id", clientSecret: "secret", accountID: "TSTDRV1234567" }),
  Nextcloud({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Nodemailer(),
  Notion({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  OIDC({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Okta({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  OneLogin({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  OryHydra({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Osso({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Osu({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Passage({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Passkey(),
  Patreon({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  PingId({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Pinterest({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Pipedrive({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Postmark(),
  Reddit({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Resend(),
  Roblox({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Salesforce({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  SendGrid(),
  SimpleLogin({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Slack({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Spotify({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Strava({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Threads({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  TikTok({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Todoist({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Trakt({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Twitch({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Twitter({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  UnitedEffects({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Vipps({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  VK({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  WebAuthn(),
  Webex({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  WeChat({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Wikimedia({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  WordPress({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  WorkOS({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Yandex({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Zitadel({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Zoho({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
  Zoom({ clientId: "id", clientSecret: "secret", issuer: "https://idp.example.com" }),
]

/** The factories that cannot be called without options: Credentials needs `authorize`, NetSuite its `accountID`. */
const NEED_OPTIONS = ["credentials", "netsuite"]

const uncalled: Provider[] = [
  FortyTwo,
  Apple,
  Asgardeo,
  Atlassian,
  Auth0,
  Authentik,
  AzureADB2C,
  AzureAD,
  AzureDevOps,
  BankIDNorway,
  BattleNet,
  BeyondIdentity,
  Bitbucket,
  Box,
  SAMLJackson,
  Bungie,
  ClickUp,
  Cognito,
  Coinbase,
  Concept2,
  Descope,
  Discord,
  Dribbble,
  Dropbox,
  DuendeIdentityServer6,
  Eventbrite,
  EVEOnline,
  Facebook,
  FACEIT,
  Figma,
  Foursquare,
  Freshbooks,
  Frontegg,
  FusionAuth,
  GitHub,
  GitLab,
  Google,
  HubSpot,
  Huggingface,
  IdentityServer4,
  Instagram,
  Kakao,
  Keycloak,
  Kinde,
  Line,
  LinkedIn,
  Logto,
  Mailchimp,
  Mailgun,
  Mailru,
  Mastodon,
  Mattermost,
  Medium,
  MicrosoftEntraID,
  Naver,
  Netlify,
  Nextcloud,
  Nodemailer,
  Notion,
  OIDC,
  Okta,
  OneLogin,
  OryHydra,
  Osso,
  Osu,
  Passage,
  Passkey,
  Patreon,
  PingId,
  Pinterest,
  Pipedrive,
  Postmark,
  Reddit,
  Resend,
  Roblox,
  Salesforce,
  SendGrid,
  SimpleLogin,
  Slack,
  Spotify,
  Strava,
  Threads,
  TikTok,
  Todoist,
  Trakt,
  Twitch,
  Twitter,
  UnitedEffects,
  Vipps,
  VK,
  WebAuthn,
  Webex,
  WeChat,
  Wikimedia,
  WordPress,
  WorkOS,
  Yandex,
  Zitadel,
  Zoho,
  Zoom,
]

describe("every provider factory is a Provider, called or not", () => {
  it("lists every provider module of lib/auth/providers", () => {
    const dir = path.join(process.cwd(), "lib/auth/providers")
    const modules = readdirSync(dir)
      .filter((file) => file.endsWith(".ts") && /^export default /m.test(readFileSync(path.join(dir, file), "utf8")))
      .map((file) => file.slice(0, -3))
    expect(modules).toEqual([
    "42-school",
    "apple",
    "asgardeo",
    "atlassian",
    "auth0",
    "authentik",
    "azure-ad-b2c",
    "azure-ad",
    "azure-devops",
    "bankid-no",
    "battlenet",
    "beyondidentity",
    "bitbucket",
    "box",
    "boxyhq-saml",
    "bungie",
    "click-up",
    "cognito",
    "coinbase",
    "concept2",
    "credentials",
    "descope",
    "discord",
    "dribbble",
    "dropbox",
    "duende-identity-server6",
    "eventbrite",
    "eveonline",
    "facebook",
    "faceit",
    "figma",
    "foursquare",
    "freshbooks",
    "frontegg",
    "fusionauth",
    "github",
    "gitlab",
    "google",
    "hubspot",
    "huggingface",
    "identity-server4",
    "instagram",
    "kakao",
    "keycloak",
    "kinde",
    "line",
    "linkedin",
    "logto",
    "mailchimp",
    "mailgun",
    "mailru",
    "mastodon",
    "mattermost",
    "medium",
    "microsoft-entra-id",
    "naver",
    "netlify",
    "netsuite",
    "nextcloud",
    "nodemailer",
    "notion",
    "oidc",
    "okta",
    "onelogin",
    "ory-hydra",
    "osso",
    "osu",
    "passage",
    "passkey",
    "patreon",
    "ping-id",
    "pinterest",
    "pipedrive",
    "postmark",
    "reddit",
    "resend",
    "roblox",
    "salesforce",
    "sendgrid",
    "simplelogin",
    "slack",
    "spotify",
    "strava",
    "threads",
    "tiktok",
    "todoist",
    "trakt",
    "twitch",
    "twitter",
    "united-effects",
    "vipps",
    "vk",
    "webauthn",
    "webex",
    "wechat",
    "wikimedia",
    "wordpress",
    "workos",
    "yandex",
    "zitadel",
    "zoho",
    "zoom",
    ])
    expect(called).toHaveLength(modules.length)
    expect(uncalled).toHaveLength(modules.length - NEED_OPTIONS.length)
  })

  it("each called factory gives a provider object of a known type, with a unique id", () => {
    const ids = called.map((provider) => {
      if (typeof provider === "function") throw new Error("a called factory gave a function")
      expect(["oauth", "oidc", "email", "credentials", "webauthn"]).toContain(provider.type)
      return provider.id
    })
    expect(new Set(ids).size).toBe(ids.length)
  })

  it("each factory listed uncalled is built by the library, the self-hosted ones from their issuer variable", () => {
    const env = {
      AUTH_MASTODON_ISSUER: "https://mastodon.example",
      AUTH_NEXTCLOUD_ISSUER: "https://cloud.example",
      AUTH_MATTERMOST_ISSUER: "https://chat.example",
      AUTH_OSSO_ISSUER: "https://osso.example",
    }
    const ids: string[] = []
    const unbuildable: string[] = []
    for (const factory of uncalled) {
      try {
        ids.push(applyProviderEnv(factory, env).id)
      } catch {
        unbuildable.push((factory as { name: string }).name)
      }
    }
    for (const id of ["mastodon", "nextcloud", "mattermost", "osso"]) expect(ids).toContain(id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(unbuildable).toEqual([])
    expect((applyProviderEnv(Mastodon, env) as { issuer?: string }).issuer).toBe("https://mastodon.example")
  })
})
