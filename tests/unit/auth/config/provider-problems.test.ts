/**
 * Which providers are left off, and why: unset credentials (named by the
 * variable to set, every one of them) versus another mistake in a provider's
 * options; and that neither becomes a whole-configuration error.
 */
import { describe, expect, it } from "vitest"
import { createConfigResolver } from "@/lib/auth/config/resolve"
import { missingVariablesSummary, providerProblem } from "@/lib/auth/config/provider-problems"
import Credentials from "@/lib/auth/providers/credentials"
import GitHub from "@/lib/auth/providers/github"
import Keycloak from "@/lib/auth/providers/keycloak"
import MicrosoftEntraID from "@/lib/auth/providers/microsoft-entra-id"
import OIDC from "@/lib/auth/providers/oidc"
import type { AuthConfig } from "@/lib/auth/config/types"
import type { CredentialsConfig } from "@/lib/auth/providers/types"

const SECRET = "provider-problems-suite-secret-0123456789ab"
const quiet = { error: () => {}, warn: () => {}, debug: () => {} }

function resolveWith(providers: AuthConfig["providers"], env: Record<string, string> = {}) {
  return createConfigResolver({ env })({ secret: SECRET, trustHost: true, logger: quiet, providers })
}

describe("providers with unset variables", () => {
  it("are left off one by one, each naming every variable it lacks, and the configuration stays usable", () => {
    const resolved = resolveWith([GitHub(), MicrosoftEntraID(), Keycloak(), Credentials({ credentials: {}, authorize: () => null })], {
      AUTH_MICROSOFT_ENTRA_ID_ID: "entra-client",
    })
    expect(resolved.error).toBeUndefined()
    expect(resolved.providers.map((p) => p.id)).toEqual(["credentials"])
    expect([...resolved.providerById.keys()]).toEqual(["credentials"])
    expect(
      [...resolved.providerProblems.values()].map((p) => ({ id: p.providerId, code: p.code, variables: p.variables })),
    ).toEqual([
      { id: "github", code: "provider_credentials_missing", variables: ["AUTH_GITHUB_ID", "AUTH_GITHUB_SECRET"] },
      { id: "microsoft-entra-id", code: "provider_credentials_missing", variables: ["AUTH_MICROSOFT_ENTRA_ID_SECRET"] },
      { id: "keycloak", code: "provider_credentials_missing", variables: ["AUTH_KEYCLOAK_ID", "AUTH_KEYCLOAK_SECRET", "AUTH_KEYCLOAK_ISSUER"] },
    ])
  })

  it("sums them up in one sentence, provider by provider", () => {
    const resolved = resolveWith([GitHub(), MicrosoftEntraID()], { AUTH_MICROSOFT_ENTRA_ID_ID: "entra-client" })
    expect(missingVariablesSummary(resolved.providerProblems.values())).toBe(
      "github: AUTH_GITHUB_ID, AUTH_GITHUB_SECRET; microsoft-entra-id: AUTH_MICROSOFT_ENTRA_ID_SECRET",
    )
  })

  it("count as set when they come from the environment (legacy names too) or from the options", () => {
    expect(resolveWith([GitHub()], { AUTH_GITHUB_ID: "a", AUTH_GITHUB_SECRET: "b" }).providerProblems.size).toBe(0)
    expect(resolveWith([GitHub()], { GITHUB_ID: "a", GITHUB_SECRET: "b" }).providerProblems.size).toBe(0)
    expect(resolveWith([GitHub({ clientId: "a", clientSecret: "b" })]).providerProblems.size).toBe(0)
    // An empty value is unset, as everywhere in the library.
    expect(resolveWith([GitHub()], { AUTH_GITHUB_ID: "a", AUTH_GITHUB_SECRET: "" }).providerProblems.get("github")?.variables).toEqual([
      "AUTH_GITHUB_SECRET",
    ])
  })

  it("do not include the secret of a public client that says so, nor of one that makes its secret", () => {
    const publicClient = OIDC({ issuer: "https://idp.example.com", clientId: "a", client: { token_endpoint_auth_method: "none" } })
    expect(providerProblem(publicClient)).toBeUndefined()
    const signsItsOwn = GitHub({ clientId: "a", createClientSecret: () => "made" })
    expect(providerProblem(signsItsOwn)).toBeUndefined()
    expect(providerProblem(OIDC({ issuer: "https://idp.example.com", clientId: "a" }))?.variables).toEqual(["AUTH_OIDC_SECRET"])
  })
})

describe("a provider with a mistake in its options", () => {
  it("is left off with its own code and the message of the mistake, not as missing variables", () => {
    const resolved = resolveWith([OIDC({ issuer: "idp.example.com", clientId: "a", clientSecret: "b" }), GitHub()])
    expect(resolved.error).toBeUndefined()
    const typo = resolved.providerProblems.get("oidc")
    expect(typo?.code).toBe("provider_misconfigured")
    expect(typo?.message).toBe('The OpenID Connect provider "oidc" has an invalid issuer URL: "idp.example.com".')
    expect(missingVariablesSummary(resolved.providerProblems.values())).toBe("github: AUTH_GITHUB_ID, AUTH_GITHUB_SECRET")
  })

  it("includes a credentials provider without authorize", () => {
    // As a plain-JS configuration can pass it: the type would not allow it.
    const broken = { ...Credentials({ credentials: {}, authorize: () => null }), authorize: undefined } as unknown as CredentialsConfig
    expect(providerProblem(broken)?.code).toBe("provider_misconfigured")
    expect(providerProblem(broken)?.message).toContain("needs an `authorize` function")
  })

  it("leaves whole-configuration errors as they were: two providers with one id still fail the configuration", () => {
    const resolved = resolveWith([GitHub({ clientId: "a", clientSecret: "b" }), GitHub({ clientId: "c", clientSecret: "d" })])
    expect(resolved.error?.message).toBe('Two providers share the id "github"; give each a unique id.')
  })
})
