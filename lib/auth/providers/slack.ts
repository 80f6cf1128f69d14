/**
 * Slack (OpenID Connect)
 * Callback URL: {origin}{basePath}/callback/slack
 * Variables: AUTH_SLACK_ID, AUTH_SLACK_SECRET
 *
 * "Sign in with Slack". Slack does not take PKCE here: state and nonce.
 */
import { accountId } from "./account-id"
import { mergeOptions } from "./merge"
import type { OAuthConfig, OAuthUserConfig } from "./oauth-types"

/** https://api.slack.com/authentication/sign-in-with-slack#response */
export interface SlackProfile {
  iss: string
  sub: string
  aud: string
  "https://slack.com/user_id": string
  "https://slack.com/team_id": string
  email?: string
  email_verified?: boolean
  name?: string
  picture?: string
  given_name?: string
  family_name?: string
  locale?: string
  "https://slack.com/team_name"?: string
  "https://slack.com/team_domain"?: string
  "https://slack.com/user_image_512"?: string
  [claim: string]: unknown
}

export default function Slack(options: OAuthUserConfig<SlackProfile> = {}): OAuthConfig<SlackProfile> {
  return mergeOptions<OAuthConfig<SlackProfile>>(
    {
      id: "slack",
      name: "Slack",
      type: "oidc",
      issuer: "https://slack.com",
      checks: ["nonce"],
      profile(profile) {
        return { id: accountId(profile.sub), name: profile.name ?? null, email: profile.email ?? null, image: profile.picture ?? null }
      },
      style: { brandColor: "#611f69" },
    },
    options,
  )
}
