/**
 * The starter's generic OpenID Connect row: without AUTH_OIDC_SECRET it is a
 * public client, so the production start-up check does not count the secret
 * as a variable still to set; with it, a confidential client as before.
 */
import { describe, expect, it } from "vitest"
import { checkAuthConfigAtStartup } from "@/lib/auth/next/startup"
import { oauthProvidersFromEnv } from "@/server/accounts/oauth-providers"

const BASE_ENV = { NODE_ENV: "production", AUTH_SECRET: "starter-oidc-suite-secret-0123456789abcdef", AUTH_URL: "https://app.example.com" }

function startWith(env: Record<string, string>) {
  const lines: string[] = []
  const exits: number[] = []
  checkAuthConfigAtStartup({ providers: oauthProvidersFromEnv(env) }, { env: { ...BASE_ENV, ...env }, print: (l) => lines.push(l), exit: (c) => exits.push(c) })
  return { lines, exits }
}

describe("oauthProvidersFromEnv: the generic OpenID Connect provider", () => {
  it("starts in production as a public client with only the issuer and client id", () => {
    const env = { AUTH_OIDC_ISSUER: "https://idp.example.com", AUTH_OIDC_ID: "starter" }
    expect(oauthProvidersFromEnv(env)[0]?.client?.token_endpoint_auth_method).toBe("none")
    expect(startWith(env)).toEqual({ lines: [], exits: [] })
  })

  it("is a confidential client when AUTH_OIDC_SECRET is set", () => {
    const env = { AUTH_OIDC_ISSUER: "https://idp.example.com", AUTH_OIDC_ID: "starter", AUTH_OIDC_SECRET: "s" }
    expect(oauthProvidersFromEnv(env)[0]?.client).toBeUndefined()
    expect(startWith(env)).toEqual({ lines: [], exits: [] })
  })
})
