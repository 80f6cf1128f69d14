/**
 * The starter's sign-in providers from the environment: each built-in
 * provider whose AUTH_{ID}_ID and AUTH_{ID}_SECRET are set, and a generic
 * OpenID Connect provider (id "oidc") from AUTH_OIDC_ISSUER, AUTH_OIDC_ID,
 * AUTH_OIDC_SECRET and AUTH_OIDC_NAME. The library reads the client id,
 * secret and issuer itself; this only decides which providers exist.
 */
import type { OAuthConfig } from "@/lib/auth"
import Discord from "@/lib/auth/providers/discord"
import GitHub from "@/lib/auth/providers/github"
import GitLab from "@/lib/auth/providers/gitlab"
import Google from "@/lib/auth/providers/google"
import MicrosoftEntraID from "@/lib/auth/providers/microsoft-entra-id"
import OIDC from "@/lib/auth/providers/oidc"
import Twitter from "@/lib/auth/providers/twitter"
import VK from "@/lib/auth/providers/vk"
import Yandex from "@/lib/auth/providers/yandex"

type Env = Record<string, string | undefined>

const has = (env: Env, name: string) => (env[name] ?? "") !== ""

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each factory has its own profile type
type AnyOAuthConfig = OAuthConfig<any>

export function oauthProvidersFromEnv(env: Env = process.env): AnyOAuthConfig[] {
  const providers: AnyOAuthConfig[] = []
  const both = (key: string) => has(env, `AUTH_${key}_ID`) && has(env, `AUTH_${key}_SECRET`)
  if (both("GITHUB")) providers.push(GitHub())
  if (both("GOOGLE")) providers.push(Google())
  if (both("GITLAB")) providers.push(GitLab({ baseUrl: env.AUTH_GITLAB_URL || undefined }))
  if (both("DISCORD")) providers.push(Discord())
  if (both("MICROSOFT_ENTRA_ID")) providers.push(MicrosoftEntraID({ tenantId: env.AUTH_MICROSOFT_ENTRA_ID_TENANT_ID || undefined }))
  if (both("TWITTER")) providers.push(Twitter())
  if (both("VK")) providers.push(VK())
  if (both("YANDEX")) providers.push(Yandex())
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
