/**
 * The @auth/core providers 42-school … kinde as ours: each profile() on a
 * payload in its provider's documented shape gives the user @auth/core's
 * gives (read from @auth/core itself, an interop check, except where
 * docs/decisions/oauth-and-openid-connect.md says we differ), the endpoints, checks and client
 * authentication are @auth/core's, the options build the URLs, the engine
 * accepts every one, and the starter turns each on from its variables.
 */
import { describe, expect, it } from "vitest"
import type { OAuthConfig } from "@/lib/auth"
import { applyProviderEnv } from "@/lib/auth/config/env"
import { oauthProviderProblem } from "@/lib/auth/config/oauth-provider-problem"
import { normaliseOAuthProvider } from "@/lib/auth/oauth/normalise"
import { customFetch } from "@/lib/auth/symbols"
import type { OAuthProviderConfig } from "@/lib/auth/providers/types"
import type { Profile } from "@/lib/auth/types"
import FortyTwo from "@/lib/auth/providers/42-school"
import Asgardeo from "@/lib/auth/providers/asgardeo"
import Atlassian from "@/lib/auth/providers/atlassian"
import Auth0 from "@/lib/auth/providers/auth0"
import Authentik from "@/lib/auth/providers/authentik"
import AzureAD from "@/lib/auth/providers/azure-ad"
import AzureADB2C from "@/lib/auth/providers/azure-ad-b2c"
import AzureDevOps, { assertionTokenFetch } from "@/lib/auth/providers/azure-devops"
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
import HubSpot from "@/lib/auth/providers/hubspot"
import Huggingface from "@/lib/auth/providers/huggingface"
import IdentityServer4 from "@/lib/auth/providers/identity-server4"
import Instagram from "@/lib/auth/providers/instagram"
import Kakao from "@/lib/auth/providers/kakao"
import Keycloak from "@/lib/auth/providers/keycloak"
import Kinde from "@/lib/auth/providers/kinde"
import { oauthProvidersFromEnv } from "@/server/accounts/oauth-providers"

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each factory has its own profile type
type AnyProvider = OAuthConfig<any>
type Factory = (options?: Record<string, unknown>) => AnyProvider

const ISSUER = "https://idp.example.com"
const client = { clientId: "client-id", clientSecret: "client-secret" }
const tokens = { access_token: "at", token_type: "bearer" }

interface Case {
  factory: Factory
  /** Options besides the client id and secret (the issuer for providers that need one). */
  options?: Record<string, unknown>
  /** The provider's user payload (ID token claims or API answer) in its documented shape. */
  payload: Record<string, unknown>
  user: { id: string; name: string | null; email: string | null; image: string | null }
  /** Where docs/decisions/oauth-and-openid-connect.md ("OAuth providers of @auth/core") says our user differs from @auth/core's for this payload. */
  differsFromAuthCore?: true
}

const oidcClaims = { sub: "248289761001", name: "Jane Doe", email: "janedoe@example.com", email_verified: true, picture: "https://idp.example.com/janedoe.jpg" }
const oidcUser = { id: "248289761001", name: "Jane Doe", email: "janedoe@example.com", image: "https://idp.example.com/janedoe.jpg" }

const CASES: Record<string, Case> = {
  "42-school": {
    factory: FortyTwo as Factory,
    payload: { id: 97123, login: "norminet", email: "norminet@student.42.fr", usual_full_name: "Norminet Le Chat", displayname: "Norminet", image: { link: "https://cdn.intra.42.fr/users/1/norminet.jpg", versions: {} } },
    user: { id: "97123", name: "Norminet Le Chat", email: "norminet@student.42.fr", image: "https://cdn.intra.42.fr/users/1/norminet.jpg" },
  },
  asgardeo: { factory: Asgardeo as Factory, options: { issuer: "https://api.asgardeo.io/t/acme" }, payload: oidcClaims, user: oidcUser },
  atlassian: {
    factory: Atlassian as Factory,
    payload: { account_id: "5b10ac8d82e05b22cc7d4ef5", account_type: "atlassian", email: "mia@example.com", email_verified: true, name: "Mia Krystof", picture: "https://avatar-management.example/mia.png", nickname: "mia" },
    user: { id: "5b10ac8d82e05b22cc7d4ef5", name: "Mia Krystof", email: "mia@example.com", image: "https://avatar-management.example/mia.png" },
  },
  auth0: { factory: Auth0 as Factory, options: { issuer: ISSUER }, payload: { ...oidcClaims, sub: "auth0|248289761001" }, user: { ...oidcUser, id: "auth0|248289761001" } },
  authentik: { factory: Authentik as Factory, options: { issuer: ISSUER }, payload: oidcClaims, user: oidcUser },
  "azure-ad-b2c": {
    factory: AzureADB2C as Factory,
    options: { issuer: ISSUER },
    payload: { sub: "6b3f5bcb-1f4c-4e2e-9a54-0e7d2a5d7c11", name: "Ana Lima", emails: ["ana@example.com", "ana@work.example"], tfp: "B2C_1_signupsignin" },
    user: { id: "6b3f5bcb-1f4c-4e2e-9a54-0e7d2a5d7c11", name: "Ana Lima", email: "ana@example.com", image: null },
  },
  "azure-devops": {
    factory: AzureDevOps as Factory,
    payload: { id: "c4e7c5e2-1a2b-4c3d-8e9f-0a1b2c3d4e5f", displayName: "Dev Person", publicAlias: "c4e7", emailAddress: "dev@example.com", coreAttributes: { Avatar: { value: { value: "iVBORw0KGgo=", contentType: "image/png" } } } },
    user: { id: "c4e7c5e2-1a2b-4c3d-8e9f-0a1b2c3d4e5f", name: "Dev Person", email: "dev@example.com", image: "data:image/jpeg;base64,iVBORw0KGgo=" },
  },
  "bankid-no": {
    factory: BankIDNorway as Factory,
    payload: { sub: "9578-6000-4-365161", name: "Kari Nordmann", given_name: "Kari", family_name: "Nordmann", birthdate: "1986-05-01", email: "kari@example.no" },
    user: { id: "9578-6000-4-365161", name: "Kari Nordmann", email: "kari@example.no", image: null },
  },
  battlenet: {
    factory: BattleNet as Factory,
    options: { issuer: "https://oauth.battle.net" },
    payload: { sub: "123456789", id: 123456789, battle_tag: "Player#1234" },
    user: { id: "123456789", name: "Player#1234", email: null, image: null },
  },
  beyondidentity: {
    factory: BeyondIdentity as Factory,
    options: { issuer: ISSUER },
    payload: { sub: "bi-user-1", name: "Bea Yond", email: "bea@example.com", preferred_username: "bea" },
    user: { id: "bi-user-1", name: "Bea Yond", email: "bea@example.com", image: null },
    // @auth/core's adds preferred_username to the user, a field the User model does not have.
    differsFromAuthCore: true,
  },
  bitbucket: {
    factory: Bitbucket as Factory,
    payload: { type: "user", uuid: "{d301aafa-d676-4ee0-88be-962be7417567}", account_id: "557058:c0b72ad0-1cb5-4018-9cdc-0cde8492c443", username: "evzijst", display_name: "Erik van Zijst", links: { avatar: { href: "https://bitbucket.org/account/evzijst/avatar/32/" } } },
    user: { id: "557058:c0b72ad0-1cb5-4018-9cdc-0cde8492c443", name: "Erik van Zijst", email: null, image: "https://bitbucket.org/account/evzijst/avatar/32/" },
  },
  box: {
    factory: Box as Factory,
    payload: { id: "11446498", type: "user", name: "Aaron Levie", login: "ceo@example.com", avatar_url: "https://www.box.com/api/avatar/large/181216415" },
    user: { id: "11446498", name: "Aaron Levie", email: "ceo@example.com", image: "https://www.box.com/api/avatar/large/181216415" },
  },
  "boxyhq-saml": {
    factory: SAMLJackson as Factory,
    options: { issuer: "https://jackson.example.com" },
    payload: { id: "saml-user-1", email: "sam@example.com", firstName: "Sam", lastName: "Lee", requested: { tenant: "example.com" } },
    user: { id: "saml-user-1", name: "Sam Lee", email: "sam@example.com", image: null },
  },
  bungie: {
    factory: Bungie as Factory,
    options: { apiKey: "key" },
    payload: { Response: { bungieNetUser: { membershipId: "20345678", displayName: "Guardian", profilePicturePath: "/img/profile/avatars/default_avatar.gif" } }, ErrorCode: 1, ErrorStatus: "Success" },
    user: { id: "20345678", name: "Guardian", email: null, image: "https://www.bungie.net/img/profile/avatars/default_avatar.gif" },
  },
  "click-up": {
    factory: ClickUp as Factory,
    payload: { user: { id: 123, username: "John Doe", email: "johndoe@example.com", color: "#000000", profilePicture: "https://attachments.clickup.com/profilePictures/123_abc.jpg" } },
    user: { id: "123", name: "John Doe", email: "johndoe@example.com", image: "https://attachments.clickup.com/profilePictures/123_abc.jpg" },
    // @auth/core's returns profilePicture and color instead of email and image.
    differsFromAuthCore: true,
  },
  cognito: { factory: Cognito as Factory, options: { issuer: "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123" }, payload: oidcClaims, user: oidcUser },
  coinbase: {
    factory: Coinbase as Factory,
    payload: { data: { id: "9da7a204-544e-5fd1-9a12-61176c5d4cd8", name: "User One", username: "user1", avatar_url: "https://images.coinbase.com/avatar?h=vR%2FY8igBoPwuwGren5JMwvDNGpURAY%2F0nRIOgH%2FY2Qh%2BQ6nomR3qusA%2Bh6o2%0Af9rH&s=128", resource: "user", resource_path: "/v2/user", email: "user1@example.com" } },
    user: { id: "9da7a204-544e-5fd1-9a12-61176c5d4cd8", name: "User One", email: "user1@example.com", image: "https://images.coinbase.com/avatar?h=vR%2FY8igBoPwuwGren5JMwvDNGpURAY%2F0nRIOgH%2FY2Qh%2BQ6nomR3qusA%2Bh6o2%0Af9rH&s=128" },
  },
  concept2: {
    factory: Concept2 as Factory,
    payload: { data: { id: 1, username: "david", first_name: "David", last_name: "Hart", email: "david@example.com", profile_image: "https://log.concept2.com/profile/1/image.jpg" } },
    user: { id: "1", name: "david", email: "david@example.com", image: "https://log.concept2.com/profile/1/image.jpg" },
    // @auth/core's passes the numeric id through; ours (like every provider here) is a string.
    differsFromAuthCore: true,
  },
  descope: { factory: Descope as Factory, payload: oidcClaims, user: oidcUser },
  dribbble: {
    factory: Dribbble as Factory,
    payload: { id: 1, name: "Dan Cederholm", login: "simplebits", html_url: "https://dribbble.com/simplebits", avatar_url: "https://cdn.dribbble.com/users/1/avatars/normal/dc.jpg" },
    user: { id: "1", name: "Dan Cederholm", email: null, image: "https://cdn.dribbble.com/users/1/avatars/normal/dc.jpg" },
  },
  dropbox: {
    factory: Dropbox as Factory,
    payload: { account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc", name: { given_name: "Franz", surname: "Ferdinand", familiar_name: "Franz", display_name: "Franz Ferdinand (Personal)", abbreviated_name: "FF" }, email: "franz@dropbox.com", email_verified: true, profile_photo_url: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA?vers=1556069330102&size=128x128" },
    user: { id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc", name: "Franz Ferdinand (Personal)", email: "franz@dropbox.com", image: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA?vers=1556069330102&size=128x128" },
  },
  "duende-identity-server6": { factory: DuendeIdentityServer6 as Factory, options: { issuer: ISSUER }, payload: oidcClaims, user: oidcUser },
  eventbrite: {
    factory: Eventbrite as Factory,
    payload: { id: "1234567890", name: "Ev Organiser", first_name: "Ev", last_name: "Organiser", emails: [{ email: "old@example.com", verified: true, primary: false }, { email: "ev@example.com", verified: true, primary: true }], image_id: "123456" },
    user: { id: "1234567890", name: "Ev Organiser", email: "ev@example.com", image: "https://img.evbuc.com/https%3A%2F%2Fcdn.evbuc.com%2Fimages%2F123456%2F1%2Foriginal.jpg" },
  },
  eveonline: {
    factory: EVEOnline as Factory,
    payload: { CharacterID: 95465499, CharacterName: "CCP Bartender", ExpiresOn: "2017-07-05T14:34:16.5857101", Scopes: "publicData", TokenType: "Character", CharacterOwnerHash: "lots_of_letters_and_numbers", IntellectualProperty: "EVE" },
    user: { id: "95465499", name: "CCP Bartender", email: null, image: "https://image.eveonline.com/Character/95465499_128.jpg" },
  },
  facebook: {
    factory: Facebook as Factory,
    payload: { id: "10158999999999999", name: "Mark Page", email: "mark@example.com", picture: { data: { height: 50, width: 50, is_silhouette: false, url: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10158999999999999" } } },
    user: { id: "10158999999999999", name: "Mark Page", email: "mark@example.com", image: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10158999999999999" },
  },
  faceit: {
    factory: FACEIT as Factory,
    payload: { guid: "0a5c3a2e-1d1b-4a2b-9c8d-7e6f5a4b3c2d", name: "Fragger", nickname: "fragger", email: "fragger@example.com", picture: "https://assets.faceit-cdn.net/avatars/fragger.jpg" },
    user: { id: "0a5c3a2e-1d1b-4a2b-9c8d-7e6f5a4b3c2d", name: "Fragger", email: "fragger@example.com", image: "https://assets.faceit-cdn.net/avatars/fragger.jpg" },
  },
  figma: {
    factory: Figma as Factory,
    payload: { id: "1234567890123456789", handle: "Designer", img_url: "https://s3-alpha.figma.com/profile/designer.png", email: "designer@example.com" },
    user: { id: "1234567890123456789", name: "Designer", email: "designer@example.com", image: "https://s3-alpha.figma.com/profile/designer.png" },
  },
  foursquare: {
    factory: Foursquare as Factory,
    payload: { response: { user: { id: "1234", firstName: "Jimmy", lastName: "Foursquare", photo: { prefix: "https://fastly.4sqi.net/img/user/", suffix: "/1234-abc.jpg" }, contact: { email: "jimmy@example.com" } } } },
    user: { id: "1234", name: "Jimmy Foursquare", email: "jimmy@example.com", image: "https://fastly.4sqi.net/img/user/original/1234-abc.jpg" },
  },
  freshbooks: {
    factory: Freshbooks as Factory,
    payload: { response: { id: 2192788, identity_uuid: "uuid", first_name: "Bill", last_name: "Freshbooks", email: "bill@example.com" } },
    user: { id: "2192788", name: "Bill Freshbooks", email: "bill@example.com", image: null },
    // @auth/core's passes the numeric id through; ours is a string.
    differsFromAuthCore: true,
  },
  frontegg: { factory: Frontegg as Factory, options: { issuer: "https://app-abc.frontegg.com" }, payload: oidcClaims, user: oidcUser },
  fusionauth: {
    factory: FusionAuth as Factory,
    options: { issuer: ISSUER },
    payload: { sub: "2d1fb6ce-1b54-4f0d-8c3c-5b2f0c1b4b1a", email: "fa@example.com", email_verified: true, given_name: "Fu", middle_name: "Sion", family_name: "Auth" },
    user: { id: "2d1fb6ce-1b54-4f0d-8c3c-5b2f0c1b4b1a", name: "Fu Sion Auth", email: "fa@example.com", image: null },
  },
  hubspot: {
    factory: HubSpot as Factory,
    payload: { token: "at", user: "test@hubspot.com", hub_domain: "demo.hubapi.com", scopes: ["oauth"], hub_id: 62515, app_id: 456, expires_in: 21588, user_id: 123, token_type: "access" },
    user: { id: "123", name: "test@hubspot.com", email: "test@hubspot.com", image: null },
    // @auth/core's passes the numeric user_id through; ours is a string.
    differsFromAuthCore: true,
  },
  huggingface: { factory: Huggingface as Factory, payload: { ...oidcClaims, preferred_username: "jane" }, user: oidcUser },
  "identity-server4": { factory: IdentityServer4 as Factory, options: { issuer: ISSUER }, payload: oidcClaims, user: oidcUser },
  instagram: {
    factory: Instagram as Factory,
    payload: { id: "17841405793187218", username: "jayposiris", account_type: "PERSONAL" },
    user: { id: "17841405793187218", name: "jayposiris", email: null, image: null },
  },
  kakao: {
    factory: Kakao as Factory,
    payload: { id: 123456789, kakao_account: { profile: { nickname: "홍길동", profile_image_url: "http://k.kakaocdn.net/dn/profile.jpg" }, email: "gildong@kakao.com", is_email_valid: true, is_email_verified: true } },
    user: { id: "123456789", name: "홍길동", email: "gildong@kakao.com", image: "http://k.kakaocdn.net/dn/profile.jpg" },
  },
  keycloak: { factory: Keycloak as Factory, options: { issuer: `${ISSUER}/realms/acme` }, payload: oidcClaims, user: oidcUser },
  kinde: { factory: Kinde as Factory, options: { issuer: "https://acme.kinde.com" }, payload: oidcClaims, user: oidcUser },
}

/** @auth/core's user for the same payload: its provider's profile(), or its OpenID default. */
async function authCoreUser(id: string, payload: Record<string, unknown>, options: Record<string, unknown>) {
  const authCore = (await import(`@auth/core/providers/${id}`)) as { default: (o: Record<string, unknown>) => { profile?: (p: unknown, t: unknown) => unknown } }
  const theirs = authCore.default({ ...client, issuer: ISSUER, ...options })
  const user = (theirs.profile
    ? await theirs.profile(structuredClone(payload), tokens)
    : { id: payload.sub ?? payload.id, name: payload.name ?? payload.nickname ?? payload.preferred_username, email: payload.email, image: payload.picture }) as Record<string, unknown>
  return { ...user, id: user.id, name: user.name ?? null, email: user.email ?? null, image: user.image ?? null }
}

describe("profile() on each provider's documented payload", () => {
  for (const [id, c] of Object.entries(CASES)) {
    it(`${id}: ${c.differsFromAuthCore ? "the user docs/decisions/oauth-and-openid-connect.md records" : "the same user as @auth/core's"}`, async () => {
      const provider = c.factory({ ...client, ...c.options })
      expect(provider.id).toBe(id)
      expect(await provider.profile!(structuredClone(c.payload) as Profile, tokens)).toEqual(c.user)
      const theirs = await authCoreUser(id, c.payload, c.options ?? {})
      if (c.differsFromAuthCore) expect(theirs).not.toEqual(c.user)
      else expect(theirs).toEqual(c.user)
    })
  }

  it("azure-ad is Microsoft Entra ID under its former id and name", async () => {
    const provider = AzureAD({ ...client, tenantId: "9188040d-6c67-4c5b-b112-36a304b66dad", profilePhotoSize: false })
    expect([provider.id, provider.name, provider.issuer]).toEqual(["azure-ad", "Azure Active Directory", "https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0"])
    expect(await provider.profile!({ sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ", tid: "9188040d", name: "Abe Lincoln", email: "abe@example.com" }, tokens)).toEqual({
      id: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
      name: "Abe Lincoln",
      email: "abe@example.com",
      image: null,
    })
    expect(AzureAD().options?.issuerTemplate).toBe(true)
  })

  it("a profile without its id is refused rather than stored as 'undefined'", async () => {
    await expect(async () => Box().profile!({ name: "No id" } as never, tokens)).rejects.toThrow(/usable id/)
    await expect(async () => Bungie().profile!({ Response: { bungieNetUser: { displayName: "x" } } } as never, tokens)).rejects.toThrow()
    await expect(async () => Keycloak().profile!({ name: "No sub" } as never, tokens)).rejects.toThrow(/usable id/)
  })

  it("missing optional parts give null, never a throw (Facebook without picture, Bitbucket without avatar, 42 without image)", async () => {
    expect((await Facebook().profile!({ id: "1", name: "N" }, tokens)).image).toBeNull()
    expect((await Bitbucket().profile!({ type: "user", uuid: "u", account_id: "a", display_name: null, username: "user", links: {} }, tokens))).toMatchObject({ name: "user", image: null })
    expect((await FortyTwo().profile!({ id: 1, usual_full_name: null, displayname: "D", email: "d@example.com", image: { link: null } } as never, tokens))).toMatchObject({ name: "D", image: null })
    expect((await Eventbrite().profile!({ id: "1", name: "E", first_name: "E", last_name: "", emails: [], image_id: null }, tokens))).toMatchObject({ email: null, image: null })
    expect((await Foursquare().profile!({ response: { user: { id: "1", firstName: "Only", contact: {} } } }, tokens))).toMatchObject({ name: "Only", email: null, image: null })
  })
})

it("every factory's result fits a configuration's providers list as it is (checked by tsc)", () => {
  const providers: OAuthProviderConfig[] = [
    FortyTwo(), Asgardeo(), Atlassian(), Auth0(), Authentik(), AzureAD(), AzureADB2C(), AzureDevOps(), BankIDNorway(), BattleNet(),
    BeyondIdentity(), Bitbucket(), Box(), SAMLJackson(), Bungie(), ClickUp(), Cognito(), Coinbase(), Concept2(), Descope(), Dribbble(),
    Dropbox(), DuendeIdentityServer6(), Eventbrite(), EVEOnline(), Facebook(), FACEIT(), Figma(), Foursquare(), Freshbooks(), Frontegg(),
    FusionAuth(), HubSpot(), Huggingface(), IdentityServer4(), Instagram(), Kakao(), Keycloak(), Kinde(),
  ]
  expect(new Set(providers.map((p) => p.id)).size).toBe(Object.keys(CASES).length + 1)
})

describe("addresses a provider says it did not verify (docs/decisions/oauth-and-openid-connect.md)", () => {
  it("Kakao: an address Kakao marks invalid or unverified is none", async () => {
    const base = { id: 1, kakao_account: { profile: { nickname: "n" }, email: "someone@kakao.com", is_email_valid: true, is_email_verified: true } }
    expect((await Kakao().profile!(base, tokens)).email).toBe("someone@kakao.com")
    expect((await Kakao().profile!({ ...base, kakao_account: { ...base.kakao_account, is_email_verified: false } }, tokens)).email).toBeNull()
    expect((await Kakao().profile!({ ...base, kakao_account: { ...base.kakao_account, is_email_valid: false } }, tokens)).email).toBeNull()
  })

  it("Eventbrite: an unverified primary address is none", async () => {
    const profile = { id: "1", name: "E", first_name: "E", last_name: "", image_id: null, emails: [{ email: "taken@example.com", verified: false, primary: true }] }
    expect((await Eventbrite().profile!(profile, tokens)).email).toBeNull()
  })
})

/** A provider's endpoint as @auth/core writes it: a URL string or `{ url, params }`. */
function theirEndpoint(option: unknown): { url?: string; params: Record<string, string> } {
  const raw = typeof option === "string" ? { url: option } : ((option as { url?: string; params?: Record<string, string> } | undefined) ?? {})
  if (!raw.url) return { params: { ...raw.params } }
  const url = new URL(raw.url)
  const params: Record<string, string> = Object.fromEntries(url.searchParams)
  url.search = ""
  return { url: url.href, params: { ...params, ...raw.params } }
}

function theirUrl(option: unknown): string | undefined {
  return typeof option === "string" ? option : (option as { url?: string } | undefined)?.url
}

const OAUTH2_IDS = Object.entries(CASES).filter(([, c]) => c.factory({ ...client, ...c.options }).type === "oauth").map(([id]) => id)

describe("endpoints, checks and client authentication are @auth/core's", () => {
  for (const id of OAUTH2_IDS) {
    it(`${id}`, async () => {
      const c = CASES[id]!
      const ours = normaliseOAuthProvider(c.factory({ ...client, ...c.options }), {})
      const authCore = (await import(`@auth/core/providers/${id}`)) as { default: (o: Record<string, unknown>) => Record<string, unknown> }
      const theirs = authCore.default({ ...client, ...c.options })
      const authorization = theirEndpoint(theirs.authorization)
      expect(ours.authorization.url).toBe(authorization.url)
      // Kakao's "?scope" is an empty scope and Dribbble's an absent one: ours send none / "public".
      const scopes: Record<string, string | undefined> = { kakao: undefined, dribbble: "public" }
      const scope = id in scopes ? scopes[id] : authorization.params.scope
      expect(ours.authorization.params.scope).toBe(scope)
      // Token and userinfo URLs keep their query (Facebook's fields, Foursquare's version).
      // @auth/core posts Azure DevOps' token request to its authorization URL; Microsoft documents /oauth2/token.
      expect(ours.token.url).toBe(id === "azure-devops" ? "https://app.vssps.visualstudio.com/oauth2/token" : theirUrl(theirs.token))
      // Bungie's userinfo URL is a template with {membershipId}: compared decoded.
      expect(ours.userinfo.url).toBe(theirUrl(theirs.userinfo)?.replace("%7BmembershipId%7D", "{membershipId}"))
      const clientAuth = (theirs.client as { token_endpoint_auth_method?: string } | undefined)?.token_endpoint_auth_method
      // Azure DevOps sends the secret in the body because its request is rewritten (see its own test).
      expect(ours.clientAuthMethod).toBe(id === "azure-devops" ? "client_secret_post" : (clientAuth ?? "client_secret_basic"))
      // Azure DevOps' assertion grant has no PKCE (@auth/core's sends a challenge its token request never proves).
      const theirChecks = id === "azure-devops" ? ["state"] : ((theirs.checks as string[] | undefined) ?? ["pkce", "state"])
      expect([...ours.checkSet].sort()).toEqual([...new Set([...theirChecks, "state"])].sort())
      expect(oauthProviderProblem(ours)).toBeUndefined()
    })
  }

  it("authorization parameters: Atlassian's audience, Dropbox's offline access, Bungie's reauth, FACEIT's popup redirect, Azure DevOps' Assertion", () => {
    expect(normaliseOAuthProvider(Atlassian(client), {}).authorization.params).toMatchObject({ audience: "api.atlassian.com", scope: "read:me" })
    expect(normaliseOAuthProvider(Dropbox(client), {}).authorization.params).toMatchObject({ token_access_type: "offline" })
    expect(normaliseOAuthProvider(Bungie(client), {}).authorization.params).toMatchObject({ reauth: "true" })
    expect(normaliseOAuthProvider(FACEIT(client), {}).authorization.params).toMatchObject({ redirect_popup: "true" })
    expect(normaliseOAuthProvider(AzureDevOps({ ...client, scope: "vso.profile vso.code" }), {}).authorization.params).toEqual({
      response_type: "Assertion",
      scope: "vso.profile vso.code",
    })
  })
})

describe("OpenID Connect providers: issuer, discovery and checks from the options", () => {
  it("Asgardeo adds /oauth2/token to the organisation URL, once", () => {
    expect(Asgardeo({ issuer: "https://api.asgardeo.io/t/acme/" }).issuer).toBe("https://api.asgardeo.io/t/acme/oauth2/token")
    expect(Asgardeo({ issuer: "https://api.asgardeo.io/t/acme/oauth2/token" }).issuer).toBe("https://api.asgardeo.io/t/acme/oauth2/token")
  })

  it("Descope's issuer is the project's unless given", () => {
    expect(Descope({ clientId: "P2abc" }).issuer).toBe("https://api.descope.com/P2abc")
    expect(Descope({ clientId: "P2abc", issuer: "https://auth.example.com/P2abc" }).issuer).toBe("https://auth.example.com/P2abc")
  })

  it("Frontegg's endpoints sit at fixed paths under the issuer", () => {
    const p = normaliseOAuthProvider(Frontegg({ ...client, issuer: "https://app-abc.frontegg.com/" }), {})
    expect([p.issuer, p.wellKnown, p.authorization.url, p.token.url, p.userinfo.url]).toEqual([
      "https://app-abc.frontegg.com",
      "https://app-abc.frontegg.com/oauth/.well-known/openid-configuration",
      "https://app-abc.frontegg.com/oauth/authorize",
      "https://app-abc.frontegg.com/oauth/token",
      "https://app-abc.frontegg.com/identity/resources/users/v2/me",
    ])
  })

  it("FusionAuth: tenantId picks the discovery document and goes with the authorization request; offline_access; no nonce", async () => {
    const p = normaliseOAuthProvider(FusionAuth({ ...client, issuer: ISSUER, tenantId: "t-1" }), {})
    expect(p.wellKnown).toBe(`${ISSUER}/.well-known/openid-configuration?tenantId=t-1`)
    expect(p.authorization.params).toEqual({ scope: "openid offline_access email profile", tenantId: "t-1" })
    expect([...p.checkSet].sort()).toEqual(["pkce", "state"])
    const single = normaliseOAuthProvider(FusionAuth({ ...client, issuer: ISSUER }), {})
    expect(single.authorization.params.tenantId).toBeUndefined()
    // A successful token answer loses its WWW-Authenticate header; a refusal keeps it.
    const conform = p.options!.conformTokenResponse as (r: Response) => Promise<Response>
    const ok = await conform(new Response("{}", { status: 200, headers: { "www-authenticate": "Bearer", "content-type": "application/json" } }))
    expect(ok.headers.get("www-authenticate")).toBeNull()
    const refused = await conform(new Response("{}", { status: 401, headers: { "www-authenticate": "Basic" } }))
    expect(refused.headers.get("www-authenticate")).toBe("Basic")
  })

  it("BankID Norge: its issuer, client_secret_post, the profile from signed userinfo, Norwegian login", () => {
    const p = normaliseOAuthProvider(BankIDNorway(client), {})
    expect(p.issuer).toBe("https://auth.bankid.no/auth/realms/prod")
    expect(p.clientAuthMethod).toBe("client_secret_post")
    expect(p.client).toMatchObject({ userinfo_signed_response_alg: "RS256" })
    expect(p.idToken).toBe(false)
    expect(p.authorization.params).toMatchObject({ ui_locales: "no", login_hint: "BIS" })
    expect([...p.checkSet].sort()).toEqual(["nonce", "pkce", "state"])
  })

  it("Hugging Face, Kinde and Descope use PKCE and state, no nonce; the issuer-only ones add the nonce", () => {
    for (const p of [Huggingface(client), Kinde({ ...client, issuer: ISSUER }), Descope(client)]) {
      expect([...normaliseOAuthProvider(p, {}).checkSet].sort()).toEqual(["pkce", "state"])
    }
    expect(Huggingface().issuer).toBe("https://huggingface.co")
    for (const p of [Keycloak({ ...client, issuer: ISSUER }), Auth0({ ...client, issuer: ISSUER }), Cognito({ ...client, issuer: ISSUER })]) {
      const resolved = normaliseOAuthProvider(p, {})
      expect([...resolved.checkSet].sort()).toEqual(["nonce", "pkce", "state"])
      expect(resolved.authorization.params.scope).toBe("openid profile email")
    }
  })

  it("the ones without a fixed issuer name the variable to set when it is missing", () => {
    const needsIssuer = { asgardeo: Asgardeo, auth0: Auth0, authentik: Authentik, "azure-ad-b2c": AzureADB2C, battlenet: BattleNet, beyondidentity: BeyondIdentity, cognito: Cognito, "duende-identity-server6": DuendeIdentityServer6, frontegg: Frontegg, fusionauth: FusionAuth, "identity-server4": IdentityServer4, keycloak: Keycloak, kinde: Kinde } as Record<string, Factory>
    for (const [id, factory] of Object.entries(needsIssuer)) {
      const key = id.toUpperCase().replace(/-/g, "_")
      expect(oauthProviderProblem(factory(client)), id).toBe(`The OpenID Connect provider "${id}" needs an \`issuer\`: set AUTH_${key}_ISSUER or pass \`issuer\`.`)
      expect(oauthProviderProblem(factory({ ...client, issuer: ISSUER })), id).toBeUndefined()
    }
    expect(oauthProviderProblem(SAMLJackson(client))).toMatch(/needs authorization, token and userinfo endpoints/)
    expect(oauthProviderProblem(normaliseOAuthProvider(SAMLJackson({ ...client, issuer: "https://jackson.example.com" }), {}))).toBeUndefined()
  })

  it("BoxyHQ SAML builds its endpoints from the issuer", () => {
    const p = normaliseOAuthProvider(SAMLJackson({ ...client, issuer: "https://jackson.example.com/" }), {})
    expect([p.authorization.url, p.token.url, p.userinfo.url]).toEqual([
      "https://jackson.example.com/api/oauth/authorize",
      "https://jackson.example.com/api/oauth/token",
      "https://jackson.example.com/api/oauth/userinfo",
    ])
    expect(p.authorization.params.provider).toBe("saml")
  })

  it("option-built URLs: Foursquare's API version, Dribbble's scope", () => {
    expect(normaliseOAuthProvider(Foursquare({ ...client, apiVersion: "20240101" }), {}).userinfo.url).toBe("https://api.foursquare.com/v2/users/self?v=20240101")
    expect(normaliseOAuthProvider(Dribbble({ ...client, scope: "public upload" }), {}).authorization.params.scope).toBe("public upload")
  })
})

describe("Azure DevOps' token request", () => {
  function recorder() {
    const sent: { url: string; headers: Headers; body: URLSearchParams }[] = []
    const base: typeof fetch = async (input, init) => {
      sent.push({ url: String(input), headers: new Headers(init?.headers), body: new URLSearchParams(String(init?.body ?? "")) })
      return new Response("{}", { headers: { "content-type": "application/json" } })
    }
    return { sent, fetch: assertionTokenFetch(base) }
  }

  it("the code becomes the assertion and the secret the client assertion; no Basic header, no code verifier", async () => {
    const { sent, fetch } = recorder()
    const form = new URLSearchParams({ grant_type: "authorization_code", code: "the-code", redirect_uri: "https://app.example.com/api/auth/callback/azure-devops", client_id: "cid", client_secret: "the-secret" })
    await fetch("https://app.vssps.visualstudio.com/oauth2/token", { method: "POST", headers: { authorization: "Basic x" }, body: form })
    expect(Object.fromEntries(sent[0]!.body)).toEqual({
      client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
      client_assertion: "the-secret",
      grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
      assertion: "the-code",
      redirect_uri: "https://app.example.com/api/auth/callback/azure-devops",
    })
    expect(sent[0]!.headers.get("authorization")).toBeNull()
  })

  it("a refresh sends the refresh token as the assertion; other requests pass unchanged", async () => {
    const { sent, fetch } = recorder()
    await fetch("https://app.vssps.visualstudio.com/oauth2/token", { method: "POST", body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: "rt", client_secret: "s", redirect_uri: "https://a.example/cb" }) })
    expect(sent[0]!.body.get("grant_type")).toBe("refresh_token")
    expect(sent[0]!.body.get("assertion")).toBe("rt")
    await fetch("https://app.vssps.visualstudio.com/_apis/profile/profiles/me", { headers: { authorization: "Bearer at" } })
    expect(sent[1]!.headers.get("authorization")).toBe("Bearer at")
  })

  it("wraps the app's own customFetch, and reads the jwt-bearer token answer as a bearer token", async () => {
    const seen: string[] = []
    const own: typeof fetch = async (input) => (seen.push(String(input)), new Response("{}"))
    const provider = AzureDevOps({ ...client, [customFetch]: own })
    await provider[customFetch]!("https://app.vssps.visualstudio.com/x")
    expect(seen).toEqual(["https://app.vssps.visualstudio.com/x"])
    const conform = provider.options!.conformTokenResponse as (r: Response) => Promise<Response>
    const read = await (await conform(Response.json({ access_token: "eyJ", token_type: "jwt-bearer", expires_in: "3599", refresh_token: "r" }))).json()
    expect(read).toEqual({ access_token: "eyJ", token_type: "bearer", expires_in: 3599, refresh_token: "r" })
  })
})

describe("the starter's table turns each provider on from its variables", () => {
  /** Variables per provider besides AUTH_<KEY>_ID and _SECRET. */
  const extra: Record<string, Record<string, string>> = {
    asgardeo: { ISSUER: "https://api.asgardeo.io/t/acme" },
    auth0: { ISSUER },
    authentik: { ISSUER },
    "azure-ad-b2c": { ISSUER },
    battlenet: { ISSUER: "https://oauth.battle.net" },
    beyondidentity: { ISSUER },
    "boxyhq-saml": { ISSUER: "https://jackson.example.com" },
    bungie: { API_KEY: "bungie-key" },
    cognito: { ISSUER },
    "duende-identity-server6": { ISSUER },
    frontegg: { ISSUER: "https://app-abc.frontegg.com" },
    fusionauth: { ISSUER },
    "identity-server4": { ISSUER },
    keycloak: { ISSUER },
    kinde: { ISSUER },
  }
  const ids = [...Object.keys(CASES), "azure-ad"].sort()

  for (const id of ids) {
    it(`${id}`, () => {
      const key = `AUTH_${id.toUpperCase().replace(/-/g, "_")}`
      const env: Record<string, string> = { [`${key}_ID`]: "env-id", [`${key}_SECRET`]: "env-secret" }
      for (const [suffix, value] of Object.entries(extra[id] ?? {})) env[`${key}_${suffix}`] = value
      const found = oauthProvidersFromEnv(env).filter((p) => p.id === id)
      expect(found).toHaveLength(1)
      const configured = applyProviderEnv(found[0]!, env) as AnyProvider
      expect([configured.clientId, configured.clientSecret]).toEqual(["env-id", "env-secret"])
      expect(oauthProviderProblem(configured)).toBeUndefined()
      // Without a required variable the provider stays off.
      for (const suffix of ["SECRET", ...Object.keys(extra[id] ?? {})]) {
        expect(oauthProvidersFromEnv({ ...env, [`${key}_${suffix}`]: "" }).some((p) => p.id === id), `${id} without ${suffix}`).toBe(false)
      }
    })
  }

  it("42 School's variables are AUTH_42_SCHOOL_*, valid environment names", () => {
    expect(oauthProvidersFromEnv({ AUTH_42_SCHOOL_ID: "a", AUTH_42_SCHOOL_SECRET: "b" }).map((p) => p.id)).toEqual(["42-school"])
    expect("AUTH_42_SCHOOL_ID").toMatch(/^[A-Z_][A-Z0-9_]*$/)
  })

  it("the optional ones are read: Azure AD's tenant, FusionAuth's tenant, Descope's issuer from its project id", () => {
    const [azure] = oauthProvidersFromEnv({ AUTH_AZURE_AD_ID: "a", AUTH_AZURE_AD_SECRET: "b", AUTH_AZURE_AD_TENANT_ID: "contoso.onmicrosoft.com" })
    expect(azure!.issuer).toBe("https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0")
    const [fusion] = oauthProvidersFromEnv({ AUTH_FUSIONAUTH_ID: "a", AUTH_FUSIONAUTH_SECRET: "b", AUTH_FUSIONAUTH_ISSUER: ISSUER, AUTH_FUSIONAUTH_TENANT_ID: "t-9" })
    expect(fusion!.wellKnown).toBe(`${ISSUER}/.well-known/openid-configuration?tenantId=t-9`)
    const [descope] = oauthProvidersFromEnv({ AUTH_DESCOPE_ID: "P2xyz", AUTH_DESCOPE_SECRET: "b" })
    expect(descope!.issuer).toBe("https://api.descope.com/P2xyz")
  })
})
