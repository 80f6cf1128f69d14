/**
 * Azure DevOps (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/azure-devops
 * Variables: AUTH_AZURE_DEVOPS_ID, AUTH_AZURE_DEVOPS_SECRET
 *
 * Azure DevOps OAuth (app.vssps.visualstudio.com; Microsoft takes no new
 * registrations for it — new apps sign in through Microsoft Entra ID). It is
 * not standard OAuth 2.0: the authorization request asks for
 * `response_type=Assertion`, and the code is exchanged with the JWT-bearer
 * grant, the code as `assertion` and the client secret as
 * `client_assertion`. The engine sends a standard request, so this
 * provider's fetch rewrites the token request into that form (refreshes
 * too). The token answer's `jwt-bearer` type is read as a bearer token.
 * The image is the profile's avatar as a data: URL.
 *
 * Differs from @auth/core, which posts this token request to the
 * authorization URL: Microsoft's "Use Azure DevOps OAuth 2.0"
 * (https://learn.microsoft.com/en-us/azure/devops/integrate/get-started/authentication/oauth)
 * sends it to https://app.vssps.visualstudio.com/oauth2/token, with
 * client_assertion_type, client_assertion (the secret), grant_type
 * urn:ietf:params:oauth:grant-type:jwt-bearer, assertion (the code) and
 * redirect_uri, and the authorization page redirects back with `code` and
 * `state`. No PKCE: the assertion grant has no place for a verifier.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"
import { asBearerTokenResponse } from "./token-type"
import { customFetch } from "../symbols"

/** https://learn.microsoft.com/en-us/rest/api/azure/devops/profile/profiles/get */
export interface AzureDevOpsProfile {
  id: string
  displayName: string
  publicAlias: string
  emailAddress: string
  coreRevision?: number
  timeStamp?: string
  revision?: number
  coreAttributes?: { Avatar?: { value?: { value?: string; contentType?: string } } }
  [field: string]: unknown
}

export interface AzureDevOpsOptions extends OAuthUserConfig<AzureDevOpsProfile> {
  /** Space-separated Azure DevOps scopes. Default "vso.profile". */
  scope?: string
}

const AUTHORIZATION_URL = "https://app.vssps.visualstudio.com/oauth2/authorize"
const TOKEN_URL = "https://app.vssps.visualstudio.com/oauth2/token"
const PROFILE_URL = "https://app.vssps.visualstudio.com/_apis/profile/profiles/me?details=true&coreAttributes=Avatar&api-version=6.0"

const CLIENT_ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
const JWT_BEARER_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer"

function isFormPost(init: RequestInit | undefined): init is RequestInit & { body: URLSearchParams | string } {
  return init?.method === "POST" && (init.body instanceof URLSearchParams || typeof init.body === "string")
}

/**
 * A fetch that turns the engine's standard token requests (sent with
 * client_secret_post) into Azure DevOps' assertion form; every other
 * request goes through unchanged.
 */
export function assertionTokenFetch(base: typeof fetch): typeof fetch {
  return (input, init) => {
    if (!isFormPost(init)) return base(input, init)
    const form = new URLSearchParams(init.body)
    const grant = form.get("grant_type")
    const assertion = grant === "authorization_code" ? form.get("code") : grant === "refresh_token" ? form.get("refresh_token") : null
    if (assertion === null) return base(input, init)
    const body = new URLSearchParams({
      client_assertion_type: CLIENT_ASSERTION_TYPE,
      client_assertion: form.get("client_secret") ?? "",
      grant_type: grant === "authorization_code" ? JWT_BEARER_GRANT : "refresh_token",
      assertion,
      redirect_uri: form.get("redirect_uri") ?? "",
    })
    const headers = new Headers(init.headers)
    headers.delete("authorization")
    return base(input, { ...init, headers, body })
  }
}

export default function AzureDevOps(options: AzureDevOpsOptions = {}): OAuthConfig<AzureDevOpsProfile> {
  const { scope = "vso.profile", ...rest } = options
  return mergeOptions<OAuthConfig<AzureDevOpsProfile>>(
    {
      id: "azure-devops",
      name: "Azure DevOps",
      type: "oauth",
      // The assertion grant has no PKCE.
      checks: ["state"],
      authorization: { url: AUTHORIZATION_URL, params: { response_type: "Assertion", scope } },
      token: TOKEN_URL,
      userinfo: PROFILE_URL,
      // The secret must reach the rewritten request's body.
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile(profile) {
        const avatar = profile.coreAttributes?.Avatar?.value?.value
        return {
          id: accountId(profile.id),
          name: profile.displayName ?? null,
          email: profile.emailAddress ?? null,
          image: avatar ? `data:image/jpeg;base64,${avatar}` : null,
        }
      },
      options: { conformTokenResponse: asBearerTokenResponse },
      style: { brandColor: "#0078d7", bg: "#0078d7", text: "#ffffff" },
    },
    { ...rest, [customFetch]: assertionTokenFetch(rest[customFetch] ?? ((input, init) => fetch(input, init))) },
  )
}
