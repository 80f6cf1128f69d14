/**
 * The starter's sign-in providers from the environment: each built-in
 * provider whose AUTH_{ID}_ID and AUTH_{ID}_SECRET are set (Apple: or its
 * signing key, AUTH_APPLE_TEAM_ID/KEY_ID/PRIVATE_KEY), and a generic
 * OpenID Connect provider (id "oidc") from AUTH_OIDC_ISSUER, AUTH_OIDC_ID,
 * AUTH_OIDC_SECRET and AUTH_OIDC_NAME. The library reads the client id,
 * secret and issuer itself; this only decides which providers exist.
 */
import type { OAuthConfig } from "@/lib/auth"
import Apple from "@/lib/auth/providers/apple"
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
  { key: "DISCORD", make: () => Discord() },
  { key: "GITHUB", make: () => GitHub() },
  { key: "GITLAB", make: (env) => GitLab({ baseUrl: env.AUTH_GITLAB_URL || undefined }) },
  { key: "GOOGLE", make: () => Google() },
  { key: "MICROSOFT_ENTRA_ID", make: (env) => MicrosoftEntraID({ tenantId: env.AUTH_MICROSOFT_ENTRA_ID_TENANT_ID || undefined }) },
  { key: "TWITTER", make: () => Twitter() },
  { key: "VK", make: () => VK() },
  { key: "YANDEX", make: () => Yandex() },
]

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
      }),
    )
  }
  return providers
}
