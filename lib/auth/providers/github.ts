/**
 * GitHub (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/github
 * Variables: AUTH_GITHUB_ID, AUTH_GITHUB_SECRET
 *
 * Users who keep their email private get it from the emails endpoint (the
 * primary, verified address). GitHub Enterprise Server: `enterprise: { baseUrl }`.
 *
 * Issuer: GitHub names itself in every authorization response with
 * `iss=https://github.com/login/oauth` (RFC 9207, since April 2026), and
 * documents that value as GitHub.com's issuer:
 * https://docs.github.com/en/apps/github-authentication-discovery-endpoints
 * The engine holds the response to it, so a response naming another server is
 * refused. The same page says the metadata documents of GitHub Enterprise
 * Server "contain incorrect information", so nothing is discovered: the
 * endpoints stay fixed and an Enterprise Server's issuer is
 * `{baseUrl}/login/oauth`, the same path on its host (what Auth.js's GitHub
 * provider and the reports of GHES users settled on:
 * https://github.com/nextauthjs/next-auth/pull/13410). An explicit `issuer`
 * wins. @auth/core 0.41.3 sets the same values.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import { fetchJson } from "./fetch-json"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://docs.github.com/en/rest/users/users#get-the-authenticated-user */
export interface GitHubProfile {
  login: string
  id: number
  node_id: string
  avatar_url: string
  gravatar_id: string | null
  html_url: string
  type: string
  site_admin: boolean
  name: string | null
  company: string | null
  blog: string | null
  location: string | null
  email: string | null
  hireable: boolean | null
  bio: string | null
  twitter_username?: string | null
  public_repos: number
  followers: number
  following: number
  created_at: string
  updated_at: string
  [claim: string]: unknown
}

/** https://docs.github.com/en/rest/users/emails#list-email-addresses-for-the-authenticated-user */
export interface GitHubEmail {
  email: string
  primary: boolean
  verified: boolean
  visibility: "public" | "private" | null
}

export interface GitHubOptions extends OAuthUserConfig<GitHubProfile> {
  enterprise?: { baseUrl?: string }
}

export default function GitHub(options: GitHubOptions = {}): OAuthConfig<GitHubProfile> {
  const { enterprise, ...rest } = options
  const base = enterprise?.baseUrl?.replace(/\/+$/, "") ?? "https://github.com"
  const api = enterprise?.baseUrl ? `${base}/api/v3` : "https://api.github.com"
  return mergeOptions<OAuthConfig<GitHubProfile>>(
    {
      id: "github",
      name: "GitHub",
      type: "oauth",
      issuer: `${base}/login/oauth`,
      authorization: { url: `${base}/login/oauth/authorize`, params: { scope: "read:user user:email" } },
      token: `${base}/login/oauth/access_token`,
      userinfo: {
        url: `${api}/user`,
        async request({ tokens, provider, fetch }) {
          const userUrl = provider.userinfoUrl ?? `${api}/user`
          const profile = await fetchJson<GitHubProfile>(fetch, userUrl, tokens.access_token)
          if (!profile.email) {
            // A private email is not in /user; the emails endpoint has it (needs the user:email scope).
            const emails = await fetchJson<GitHubEmail[]>(fetch, `${userUrl}/emails`, tokens.access_token).catch(() => [])
            const chosen = Array.isArray(emails) ? (emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified)) : undefined
            profile.email = chosen?.email ?? null
          }
          return profile
        },
      },
      profile(profile) {
        return { id: accountId(profile.id), name: profile.name ?? profile.login, email: profile.email, image: profile.avatar_url }
      },
      style: { brandColor: "#24292f", bg: "#24292f", text: "#ffffff" },
    },
    rest,
  )
}
