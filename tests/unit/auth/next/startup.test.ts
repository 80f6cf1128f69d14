import { execSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import { GENERATE_SECRET_COMMAND } from "@/lib/auth/constants"
import { InvalidEnvironmentVariable, ProviderUnavailable } from "@/lib/auth/errors"
import { checkAuthConfigAtStartup, checkEnvironmentAtStartup } from "@/lib/auth/next/startup"
import Credentials from "@/lib/auth/providers/credentials"
import GitHub from "@/lib/auth/providers/github"
import MicrosoftEntraID from "@/lib/auth/providers/microsoft-entra-id"
import OIDC from "@/lib/auth/providers/oidc"

const config = { providers: [Credentials({ credentials: { email: {} }, authorize: () => null })] }
const SECRET = "startup-check-suite-secret-0123456789abcdef"

function run(env: Record<string, string>) {
  const lines: string[] = []
  const exits: number[] = []
  const problem = checkAuthConfigAtStartup(config, { env, print: (l) => lines.push(l), exit: (c) => exits.push(c) })
  return { problem, lines, exits }
}

describe("the startup check", () => {
  it("passes a production config with AUTH_SECRET and AUTH_URL, silently", () => {
    expect(run({ NODE_ENV: "production", AUTH_SECRET: SECRET, AUTH_URL: "https://app.example.com" })).toEqual({
      problem: undefined,
      lines: [],
      exits: [],
    })
  })

  it("accepts AUTH_TRUST_HOST=true in place of AUTH_URL", () => {
    expect(run({ NODE_ENV: "production", AUTH_SECRET: SECRET, AUTH_TRUST_HOST: "true" }).exits).toEqual([])
  })

  it("refuses to start in production with one line naming the variable", () => {
    const { lines, exits } = run({ NODE_ENV: "production", AUTH_URL: "https://app.example.com" })
    expect(exits).toEqual([1])
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^\[auth\] Refusing to start: AUTH_SECRET is not set\./)
  })

  it("says how to make a secret, with a command that prints one long enough to use", () => {
    const { lines } = run({ NODE_ENV: "production", AUTH_URL: "https://app.example.com" })
    expect(lines[0]).toContain(GENERATE_SECRET_COMMAND)
    const made = execSync(GENERATE_SECRET_COMMAND, { encoding: "utf8" }).trim()
    expect(made).toMatch(/^[A-Za-z0-9_-]{32,}$/)
    expect(run({ NODE_ENV: "production", AUTH_SECRET: made, AUTH_URL: "https://app.example.com" }).exits).toEqual([])
  })

  it("only warns in development, so a half-configured checkout still starts", () => {
    const { lines, exits } = run({ NODE_ENV: "development", AUTH_TRUST_HOST: "false", AUTH_SECRET: SECRET })
    expect(exits).toEqual([])
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^\[auth\] Warning: AUTH_URL is not set/)
  })
})

describe("the startup check of malformed variables", () => {
  it("AUTH_URL without a scheme stops the server in production, one line naming it with an example", () => {
    const { problem, lines, exits } = run({ NODE_ENV: "production", AUTH_SECRET: SECRET, AUTH_URL: "localhost:4102" })
    expect(problem).toBeInstanceOf(InvalidEnvironmentVariable)
    expect(exits).toEqual([1])
    expect(lines).toEqual([
      '[auth] Refusing to start: AUTH_URL is set to "localhost:4102", which has no scheme. It must be the site\'s public URL, starting with http:// or https://, e.g. AUTH_URL=https://app.example.com (or http://localhost:3000 in development)',
    ])
  })

  it("stops the development server too: a malformed value has no fallback", () => {
    const { lines, exits } = run({ NODE_ENV: "development", AUTH_SECRET: SECRET, AUTH_URL: "localhost:4102" })
    expect(exits).toEqual([1])
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^\[auth\] Refusing to start: AUTH_URL is set to "localhost:4102"/)
  })

  it("prints one line per malformed variable, the app's own checks included", () => {
    const lines: string[] = []
    const exits: number[] = []
    const appCheck = (env: Record<string, string | undefined>) =>
      env.FEED_URL === "bad" ? [new InvalidEnvironmentVariable("FEED_URL", "FEED_URL is bad, e.g. FEED_URL=https://feed.example.com")] : []
    const problems = checkEnvironmentAtStartup({
      env: { NODE_ENV: "production", AUTH_URL: "localhost:4102", AUTH_OIDC_ISSUER: "idp:8443", FEED_URL: "bad" },
      print: (l) => lines.push(l),
      exit: (c) => exits.push(c),
      checks: [appCheck],
    })
    expect(problems.map((p) => p.variable)).toEqual(["AUTH_URL", "AUTH_OIDC_ISSUER", "FEED_URL"])
    expect(lines.map((l) => l.slice(0, 45))).toEqual([
      "[auth] Refusing to start: AUTH_URL is set to ",
      "[auth] Refusing to start: AUTH_OIDC_ISSUER is",
      "[auth] Refusing to start: FEED_URL is bad, e.",
    ])
    expect(exits).toEqual([1])
  })

  it("is silent when every variable is usable", () => {
    const lines: string[] = []
    expect(checkEnvironmentAtStartup({ env: { AUTH_URL: "http://localhost:4102" }, print: (l) => lines.push(l), exit: () => {} })).toEqual([])
    expect(lines).toEqual([])
  })
})

describe("the startup check of providers with unset variables", () => {
  // GitHub with nothing set, Entra with its client id only, and a working password sign-in.
  const providers = {
    providers: [GitHub(), MicrosoftEntraID({ clientId: "entra-client" }), Credentials({ credentials: { email: {} }, authorize: () => null })],
  }
  const ALL_MISSING = "github: AUTH_GITHUB_ID, AUTH_GITHUB_SECRET; microsoft-entra-id: AUTH_MICROSOFT_ENTRA_ID_SECRET"

  function check(config: typeof providers, env: Record<string, string>) {
    const lines: string[] = []
    const exits: number[] = []
    const problem = checkAuthConfigAtStartup(config, { env, print: (l) => lines.push(l), exit: (c) => exits.push(c) })
    return { problem, lines, exits }
  }

  it("production refuses to start, naming every variable of every provider in one line", () => {
    const { problem, lines, exits } = check(providers, { NODE_ENV: "production", AUTH_SECRET: SECRET, AUTH_URL: "https://app.example.com" })
    expect(exits).toEqual([1])
    expect(lines).toEqual([
      `[auth] Refusing to start: sign-in providers are missing environment variables: ${ALL_MISSING}. Set them, or remove those providers from the configuration.`,
    ])
    expect(problem).toBeInstanceOf(ProviderUnavailable)
  })

  it("development starts, with one warning naming them all, and leaves those providers off", () => {
    const { lines, exits } = check(providers, { NODE_ENV: "development", AUTH_SECRET: SECRET, AUTH_TRUST_HOST: "true" })
    expect(exits).toEqual([])
    expect(lines).toEqual([
      `[auth] Warning: sign-in providers are missing environment variables: ${ALL_MISSING}. They are left off the sign-in page until these are set.`,
    ])
  })

  it("a mistake in a provider's options is an error line of its own, and production refuses it too", () => {
    const typo = { providers: [...providers.providers, OIDC({ id: "typo", issuer: "idp.example.com", clientId: "a", clientSecret: "b" })] }
    const dev = check(typo, { NODE_ENV: "development", AUTH_SECRET: SECRET, AUTH_TRUST_HOST: "true" })
    expect(dev.exits).toEqual([])
    expect(dev.lines).toEqual([
      `[auth] Warning: sign-in providers are missing environment variables: ${ALL_MISSING}. They are left off the sign-in page until these are set.`,
      '[auth] Error: The OpenID Connect provider "typo" has an invalid issuer URL: "idp.example.com". Its sign-in is off until this is fixed.',
    ])
    const production = check(typo, { NODE_ENV: "production", AUTH_SECRET: SECRET, AUTH_URL: "https://app.example.com" })
    expect(production.exits).toEqual([1])
    expect(production.lines[1]).toBe('[auth] Refusing to start: The OpenID Connect provider "typo" has an invalid issuer URL: "idp.example.com".')
  })

  it("reports the providers in the same pass as a whole-configuration problem, and exits once", () => {
    const { lines, exits } = check(providers, { NODE_ENV: "production", AUTH_URL: "https://app.example.com" })
    expect(exits).toEqual([1])
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^\[auth\] Refusing to start: AUTH_SECRET is not set\./)
    expect(lines[1]).toContain(ALL_MISSING)
  })

  it("is silent once the variables are set", () => {
    const env = {
      NODE_ENV: "production",
      AUTH_SECRET: SECRET,
      AUTH_URL: "https://app.example.com",
      AUTH_GITHUB_ID: "a",
      AUTH_GITHUB_SECRET: "b",
      AUTH_MICROSOFT_ENTRA_ID_SECRET: "c",
    }
    expect(check(providers, env)).toEqual({ problem: undefined, lines: [], exits: [] })
  })
})
