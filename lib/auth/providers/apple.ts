/**
 * Apple (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/apple
 * Variables: AUTH_APPLE_ID, AUTH_APPLE_SECRET[, AUTH_APPLE_TEAM_ID, AUTH_APPLE_KEY_ID, AUTH_APPLE_PRIVATE_KEY]
 *
 * Sign in with Apple, issuer https://appleid.apple.com. Apple POSTs to the
 * callback (response_mode=form_post), a cross-site POST the callback relays
 * through a same-origin page (docs/decisions/oauth-and-openid-connect.md, "Apple: form_post callbacks").
 * AUTH_APPLE_SECRET may be left out when the three key variables are set.
 *
 * The client secret is either given (AUTH_APPLE_SECRET, a JWT made
 * elsewhere, as next-auth expects) or made here from the signing key:
 * `teamId`, `keyId` and `privateKey` (the starter reads AUTH_APPLE_TEAM_ID,
 * AUTH_APPLE_KEY_ID, AUTH_APPLE_PRIVATE_KEY), renewed before it expires.
 * When both are there, the key wins: it never runs out.
 *
 * Apple sends the user's name once, on the first authorization, in the
 * callback's `user` field (not in the ID token): it names the new user, and
 * later sign-ins, which have no name, leave the stored one alone. The address
 * comes from the ID token only (possibly a private relay address); the
 * `user` field's copy is unsigned and ignored.
 *
 * Checks: state and nonce, as in @auth/core. Apple's authorization request
 * ("Request an authorization to the Sign in with Apple server",
 * https://developer.apple.com/documentation/signinwithapplerestapi/request-an-authorization-to-the-sign-in-with-apple-server)
 * takes client_id, redirect_uri, response_type, scope, response_mode, state
 * and nonce, and its token request ("Generate and validate tokens",
 * https://developer.apple.com/documentation/signinwithapplerestapi/generate-and-validate-tokens)
 * takes client_id, client_secret, code, grant_type and redirect_uri: no PKCE
 * parameter in either, so none is sent. The nonce, checked in the ID token,
 * binds the code to this browser's sign-in.
 */
import { accountId } from "./account-id"
import { appleClientSecretMaker } from "./apple-client-secret"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import type { Profile } from "../types"
import { cleanDisplayName } from "../profile-text"

/** The first sign-in's `user` field, as Apple documents it. */
export interface AppleUserField {
  name?: { firstName?: string; lastName?: string }
  email?: string
}

/** https://developer.apple.com/documentation/sign_in_with_apple/authenticating-users-with-sign-in-with-apple */
export interface AppleProfile {
  iss: string
  aud: string
  iat: number
  exp: number
  sub: string
  nonce?: string
  nonce_supported?: boolean
  email?: string
  /** Apple has sent both the boolean and the string "true": profile() sees a boolean (conformAppleProfile). */
  email_verified?: boolean
  is_private_email?: boolean
  real_user_status?: 0 | 1 | 2
  transfer_sub?: string
  at_hash?: string
  auth_time?: number
  /** Added from the callback's `user` field, on the first authorization only. */
  user?: AppleUserField
  [claim: string]: unknown
}

export interface AppleOptions extends OAuthUserConfig<AppleProfile> {
  /** Team ID of the Apple developer account (the secret's `iss`). */
  teamId?: string
  /** Key ID of the Sign in with Apple private key (the secret's `kid`). */
  keyId?: string
  /** The private key (.p8 PEM); "\n" written out is accepted. */
  privateKey?: string
  /** Seconds each made secret is valid, at most six months (15777000); default one day. */
  clientSecretMaxAge?: number
}

/** "true"/"false" as booleans; anything that is neither a boolean nor those strings is left out. */
function asBoolean(value: unknown): boolean | undefined {
  if (value === true || value === "true") return true
  if (value === false || value === "false") return false
  return undefined
}

/** A name part under the display-name rule: the field is unsigned, anyone can post anything in it. */
function text(value: unknown): string | undefined {
  return cleanDisplayName(value) ?? undefined
}

/** The `user` field, kept only in the documented shape; anything else is no name at all. */
export function parseAppleUserField(raw: string | null): AppleUserField | undefined {
  if (raw === null) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (typeof parsed !== "object" || parsed === null) return undefined
  const name = (parsed as { name?: unknown }).name
  if (typeof name !== "object" || name === null) return undefined
  const firstName = text((name as { firstName?: unknown }).firstName)
  const lastName = text((name as { lastName?: unknown }).lastName)
  return firstName || lastName ? { name: { firstName, lastName } } : undefined
}

function conformAppleProfile(profile: Profile, callbackParams: URLSearchParams): Profile {
  const { email_verified, is_private_email, ...rest } = profile
  const conformed: Profile = { ...rest }
  const verified = asBoolean(email_verified)
  if (verified !== undefined) conformed.email_verified = verified
  const relay = asBoolean(is_private_email)
  if (relay !== undefined) conformed.is_private_email = relay
  const user = parseAppleUserField(callbackParams.get("user"))
  if (user) conformed.user = user
  return conformed
}

export default function Apple(options: AppleOptions = {}): OAuthConfig<AppleProfile> {
  const { teamId, keyId, privateKey, clientSecretMaxAge, ...rest } = options
  const keyParts = [teamId, keyId, privateKey].filter((part) => part !== undefined && part !== "")
  if (keyParts.length !== 0 && keyParts.length !== 3) {
    throw new TypeError("Apple: teamId, keyId and privateKey go together (AUTH_APPLE_TEAM_ID, AUTH_APPLE_KEY_ID, AUTH_APPLE_PRIVATE_KEY)")
  }
  const createClientSecret =
    keyParts.length === 3 ? appleClientSecretMaker({ teamId: teamId!, keyId: keyId!, privateKey: privateKey!, maxAge: clientSecretMaxAge }) : undefined
  return mergeOptions<OAuthConfig<AppleProfile>>(
    {
      id: "apple",
      name: "Apple",
      type: "oidc",
      issuer: "https://appleid.apple.com",
      authorization: { params: { scope: "name email", response_mode: "form_post" } },
      // Apple publishes no userinfo endpoint: the ID token is the profile.
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["nonce", "state"],
      createClientSecret,
      conformProfile: conformAppleProfile,
      profile(profile) {
        const name = [profile.user?.name?.firstName, profile.user?.name?.lastName].filter(Boolean).join(" ")
        return { id: accountId(profile.sub), name: name || null, email: profile.email ?? null, image: null }
      },
      style: { brandColor: "#000000", bg: "#000000", text: "#ffffff" },
    },
    rest,
  )
}
