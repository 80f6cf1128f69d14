/**
 * The form checks of the URL variables the library reads (AUTH_URL, the
 * providers' AUTH_{ID}_ISSUER): a set but unusable value gives one message
 * that names the variable and shows a correct example; unset or usable values
 * give none. And a malformed AUTH_URL is a configuration error of its own,
 * never a base path or an origin of "null".
 */
import { describe, expect, it } from "vitest"
import { authUrlProblem, environmentProblems, issuerProblems, urlVariableProblem } from "@/lib/auth/config/env-check"
import { basePathFromEnv } from "@/lib/auth/env"
import { createConfigResolver } from "@/lib/auth/config/resolve"
import { InvalidEnvironmentVariable } from "@/lib/auth/errors"
import { resolveOrigin } from "@/lib/auth/http/origin"
import Credentials from "@/lib/auth/providers/credentials"

const AUTH_URL_EXAMPLE = "e.g. AUTH_URL=https://app.example.com (or http://localhost:3000 in development)"

describe("AUTH_URL", () => {
  it("without a scheme: names the variable, the value and a correct example", () => {
    const problem = authUrlProblem({ AUTH_URL: "localhost:4102" })
    expect(problem).toBeInstanceOf(InvalidEnvironmentVariable)
    expect(problem?.variable).toBe("AUTH_URL")
    expect(problem?.message).toBe(
      `AUTH_URL is set to "localhost:4102", which has no scheme. It must be the site's public URL, starting with http:// or https://, ${AUTH_URL_EXAMPLE}`,
    )
  })

  it("a bare host name, another scheme, no host, a query: each says what is wrong", () => {
    expect(authUrlProblem({ AUTH_URL: "app.example.com" })?.message).toContain("which has no scheme")
    expect(authUrlProblem({ AUTH_URL: "ftp://app.example.com" })?.message).toContain('which has the scheme "ftp://"')
    expect(authUrlProblem({ AUTH_URL: "https://" })?.message).toContain("which is not a valid URL")
    expect(authUrlProblem({ AUTH_URL: "https://app.example.com/?x=1" })?.message).toContain("which has a query string or fragment")
  })

  it("the legacy NEXTAUTH_URL is named when it is the one read", () => {
    expect(authUrlProblem({ NEXTAUTH_URL: "localhost:3000" })?.message).toMatch(/^NEXTAUTH_URL is set to "localhost:3000"/)
  })

  it("accepts http(s) URLs, with a path, and an unset value", () => {
    for (const AUTH_URL of ["https://app.example.com", "http://localhost:3000", "https://example.com/custom/auth", "", undefined]) {
      expect(authUrlProblem({ AUTH_URL })).toBeUndefined()
    }
  })

  it("never shows a password written into the URL", () => {
    expect(authUrlProblem({ AUTH_URL: "ftp://admin:hunter2@app.example.com" })?.message).not.toContain("hunter2")
  })

  it("is neither the base path nor the origin (Auth.js also falls back to the default base path)", () => {
    expect(basePathFromEnv({ AUTH_URL: "localhost:4102" })).toBeUndefined()
    const origin = resolveOrigin(new Headers({ host: "localhost:4102" }), { authUrl: "localhost:4102", trustHost: true })
    expect(origin).toBe("http://localhost:4102")
  })

  it("is the configuration's error, so every auth route reports it instead of failing", () => {
    const resolve = createConfigResolver({ env: { AUTH_URL: "localhost:4102" } })
    const config = { secret: "env-check-suite-secret-0123456789abcdef", providers: [Credentials({ authorize: () => null })] }
    expect(resolve(config).error).toBeInstanceOf(InvalidEnvironmentVariable)
    expect(resolve(config).basePath).toBe("/auth")
  })
})

describe("AUTH_{ID}_ISSUER", () => {
  it("names the provider's variable and shows an issuer URL", () => {
    const [problem] = issuerProblems({ AUTH_OIDC_ISSUER: "idp.example.com/realms/main" })
    expect(problem?.variable).toBe("AUTH_OIDC_ISSUER")
    expect(problem?.message).toBe(
      `AUTH_OIDC_ISSUER is set to "idp.example.com/realms/main", which has no scheme. It must be the identity provider's issuer URL, starting with https:// or http://, e.g. AUTH_OIDC_ISSUER=https://idp.example.com/realms/main`,
    )
  })

  it("checks every provider's issuer variable, and only those", () => {
    const env = { AUTH_KEYCLOAK_ISSUER: "keycloak:8080", AUTH_OIDC_ISSUER: "https://idp.example.com", AUTH_OIDC_ID: "not-a-url" }
    expect(issuerProblems(env).map((p) => p.variable)).toEqual(["AUTH_KEYCLOAK_ISSUER"])
    expect(issuerProblems({ AUTH_OIDC_ISSUER: "https://idp.example.com/#frag" })[0]?.message).toContain("query string or fragment")
  })
})

describe("the mechanism an app uses for its own variables", () => {
  it("reports the library's problems first, then the app's, one per variable", () => {
    const appCheck = (env: Record<string, string | undefined>) =>
      [urlVariableProblem("EMAIL_SERVER", env.EMAIL_SERVER, { protocols: ["smtp"], example: "smtp://mail.example.com", what: "an SMTP URL" })].filter(
        (p) => p !== undefined,
      )
    const env = { AUTH_URL: "localhost:4102", AUTH_OIDC_ISSUER: "idp", EMAIL_SERVER: "mail.example.com:25" }
    expect(environmentProblems(env, [appCheck, appCheck]).map((p) => p.variable)).toEqual(["AUTH_URL", "AUTH_OIDC_ISSUER", "EMAIL_SERVER"])
    expect(environmentProblems({ AUTH_URL: "https://app.example.com" }, [appCheck])).toEqual([])
  })
})
