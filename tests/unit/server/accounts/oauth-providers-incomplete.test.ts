/**
 * The starter's rows someone started on but did not finish: each named with
 * every variable still unset, so the start-up check can list them all at once
 * (a refusal in production, one warning in development).
 */
import { describe, expect, it } from "vitest"
import { checkAuthConfigAtStartup } from "@/lib/auth/next/startup"
import { incompleteOAuthProviders, oauthProvidersFromEnv } from "@/server/accounts/oauth-providers"

const SECRET = "starter-incomplete-suite-secret-0123456789ab"

describe("incompleteOAuthProviders", () => {
  it("names each started row with every variable it still lacks, and stays silent for untouched or complete rows", () => {
    const env = {
      AUTH_GITHUB_SECRET: "s",
      AUTH_MICROSOFT_ENTRA_ID_ID: "entra",
      AUTH_KEYCLOAK_ISSUER: "https://kc.example.com/realms/main",
      AUTH_GOOGLE_ID: "g",
      AUTH_GOOGLE_SECRET: "gs",
      AUTH_BUNGIE_ID: "b",
      AUTH_BUNGIE_SECRET: "bs",
    }
    expect(incompleteOAuthProviders(env)).toEqual([
      { providerId: "bungie", variables: ["AUTH_BUNGIE_API_KEY"] },
      { providerId: "github", variables: ["AUTH_GITHUB_ID"] },
      { providerId: "keycloak", variables: ["AUTH_KEYCLOAK_ID", "AUTH_KEYCLOAK_SECRET"] },
      { providerId: "microsoft-entra-id", variables: ["AUTH_MICROSOFT_ENTRA_ID_SECRET"] },
    ])
    expect(oauthProvidersFromEnv(env).map((p) => p.id)).toEqual(["google"])
    expect(incompleteOAuthProviders({})).toEqual([])
  })

  it("asks Apple for the rest of the signing key once part of it is set, else for the secret", () => {
    expect(incompleteOAuthProviders({ AUTH_APPLE_ID: "svc", AUTH_APPLE_TEAM_ID: "T" })).toEqual([
      { providerId: "apple", variables: ["AUTH_APPLE_KEY_ID", "AUTH_APPLE_PRIVATE_KEY"] },
    ])
    expect(incompleteOAuthProviders({ AUTH_APPLE_ID: "svc" })).toEqual([{ providerId: "apple", variables: ["AUTH_APPLE_SECRET"] }])
  })

  it("asks the generic OpenID Connect provider for its issuer and client id, never for the optional secret", () => {
    expect(incompleteOAuthProviders({ AUTH_OIDC_ID: "app" })).toEqual([{ providerId: "oidc", variables: ["AUTH_OIDC_ISSUER"] }])
    expect(incompleteOAuthProviders({ AUTH_OIDC_ID: "app", AUTH_OIDC_ISSUER: "https://idp.example.com" })).toEqual([])
  })

  it("goes into the start-up check's one line: production refuses, development warns and starts", () => {
    const env = { AUTH_GITHUB_ID: "a", AUTH_MICROSOFT_ENTRA_ID_ID: "entra", AUTH_SECRET: SECRET, AUTH_URL: "https://app.example.com" }
    const run = (nodeEnv: string) => {
      const lines: string[] = []
      const exits: number[] = []
      checkAuthConfigAtStartup(
        { providers: oauthProvidersFromEnv(env) },
        { env: { ...env, NODE_ENV: nodeEnv }, unconfiguredProviders: incompleteOAuthProviders(env), print: (l) => lines.push(l), exit: (c) => exits.push(c) },
      )
      return { lines, exits }
    }
    const listed = "github: AUTH_GITHUB_SECRET; microsoft-entra-id: AUTH_MICROSOFT_ENTRA_ID_SECRET"
    expect(run("production")).toEqual({
      lines: [`[auth] Refusing to start: sign-in providers are missing environment variables: ${listed}. Set them, or remove those providers from the configuration.`],
      exits: [1],
    })
    expect(run("development")).toEqual({
      lines: [`[auth] Warning: sign-in providers are missing environment variables: ${listed}. They are left off the sign-in page until these are set.`],
      exits: [],
    })
  })
})
