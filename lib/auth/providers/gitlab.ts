/**
 * GitLab (OAuth 2.0)
 * Callback URL: {origin}{basePath}/callback/gitlab
 * Variables: AUTH_GITLAB_ID, AUTH_GITLAB_SECRET[, AUTH_GITLAB_URL]
 *
 * gitlab.com or a self-managed instance (`baseUrl`; the starter reads AUTH_GITLAB_URL).
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://docs.gitlab.com/ee/api/users.html#for-normal-users-1 */
export interface GitLabProfile {
  id: number
  username: string
  name: string
  state: string
  avatar_url: string | null
  web_url: string
  email: string | null
  public_email?: string | null
  created_at: string
  bio?: string
  location?: string
  [claim: string]: unknown
}

export interface GitLabOptions extends OAuthUserConfig<GitLabProfile> {
  /** Default https://gitlab.com */
  baseUrl?: string
}

export default function GitLab(options: GitLabOptions = {}): OAuthConfig<GitLabProfile> {
  const { baseUrl, ...rest } = options
  const base = (baseUrl ?? "https://gitlab.com").replace(/\/+$/, "")
  return mergeOptions<OAuthConfig<GitLabProfile>>(
    {
      id: "gitlab",
      name: "GitLab",
      type: "oauth",
      authorization: { url: `${base}/oauth/authorize`, params: { scope: "read_user" } },
      token: `${base}/oauth/token`,
      userinfo: `${base}/api/v4/user`,
      profile(profile) {
        return {
          id: accountId(profile.id),
          name: profile.name ?? profile.username,
          email: profile.email ?? profile.public_email ?? null,
          image: profile.avatar_url,
        }
      },
      style: { brandColor: "#e24329", bg: "#fc6d26", text: "#ffffff" },
    },
    rest,
  )
}
