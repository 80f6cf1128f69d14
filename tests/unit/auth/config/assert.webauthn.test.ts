/**
 * Configuration checks for WebAuthn providers: the experimental flag, the
 * adapter methods they need, conditional UI, and the experimental warning
 * printed once per process rather than per request.
 */
import { describe, expect, it, vi } from "vitest"
import { Auth } from "@/lib/auth"
import Passkey from "@/lib/auth/providers/passkey"
import WebAuthn from "@/lib/auth/providers/webauthn"
import { requiredAdapterMethods } from "@/lib/auth/config/assert"
import { relyingPartyFor } from "@/lib/auth/relying-party/relying-party"
import type { Adapter } from "@/lib/auth/adapters/types"
import type { AuthConfig } from "@/lib/auth/config/types"

const methods = [
  "createUser", "getUser", "getUserByEmail", "linkAccount", "getAccount", "getAuthenticator",
  "createAuthenticator", "listAuthenticatorsByUserId", "updateAuthenticatorCounter", "useWebAuthnChallenge",
] as const

function adapterWith(names: readonly string[]): Adapter {
  return Object.fromEntries(names.map((n) => [n, async () => null])) as Adapter
}

function recorder() {
  const errors: Error[] = []
  const warnings: string[] = []
  const error = (_code: string, ...message: unknown[]) => void errors.push(...message.filter((m): m is Error => m instanceof Error))
  return { errors, warnings, logger: { error, warn: (c: string) => void warnings.push(c), debug: () => {} } }
}

function config(extra: Partial<AuthConfig>, log = recorder()): AuthConfig {
  return {
    secret: "webauthn-config-secret-0123456789abcdefghij",
    trustHost: true,
    session: { strategy: "jwt" },
    adapter: adapterWith(methods),
    providers: [Passkey()],
    experimental: { enableWebAuthn: true },
    logger: log.logger,
    ...extra,
  }
}

const providersUrl = "http://localhost:3000/auth/providers"

describe("WebAuthn configuration", () => {
  it("without experimental.enableWebAuthn every request is a configuration error naming the flag", async () => {
    const log = recorder()
    const res = await Auth(new Request(providersUrl), config({ experimental: {} }, log))
    expect(res.status).toBe(500)
    expect(log.errors[0]?.name).toBe("ExperimentalFeatureNotEnabled")
    expect(log.errors[0]?.message).toContain("experimental: { enableWebAuthn: true }")
  })

  it("names every missing adapter method at configuration time", async () => {
    const log = recorder()
    const adapter = adapterWith(methods.filter((m) => m !== "listAuthenticatorsByUserId" && m !== "getAuthenticator"))
    const res = await Auth(new Request(providersUrl), config({ adapter }, log))
    expect(res.status).toBe(500)
    expect(log.errors[0]?.name).toBe("MissingAdapterMethods")
    expect(log.errors[0]?.message).toContain("getAuthenticator, listAuthenticatorsByUserId")
  })

  it("still requires each passkey method other than useWebAuthnChallenge, and names it alone", async () => {
    for (const method of methods.filter((m) => m !== "useWebAuthnChallenge")) {
      const log = recorder()
      const res = await Auth(new Request(providersUrl), config({ adapter: adapterWith(methods.filter((m) => m !== method)) }, log))
      expect(res.status, method).toBe(500)
      expect(log.errors[0]?.name, method).toBe("MissingAdapterMethods")
      expect(log.errors[0]?.message, method).toBe(`The adapter lacks methods this configuration needs: ${method}.`)
    }
    expect(requiredAdapterMethods("jwt", [Passkey()])).not.toContain("useWebAuthnChallenge")
  })

  it("refuses two providers with conditional UI, and conditional UI without a webauthn autocomplete field", async () => {
    const two = recorder()
    await Auth(new Request(providersUrl), config({ providers: [Passkey(), WebAuthn()] }, two))
    expect(two.errors[0]?.name).toBe("DuplicateConditionalUI")
    const noField = recorder()
    await Auth(new Request(providersUrl), config({ providers: [Passkey({ formFields: { email: { label: "Email" } } })] }, noField))
    expect(noField.errors[0]?.name).toBe("MissingWebAuthnAutocomplete")
  })

  it("does not warn that WebAuthn is experimental when no passkey provider is configured, flag or not", async () => {
    // Runs first: the warning is once per process, and this test must see the first chance to print it.
    const log = recorder()
    const credentials = { id: "credentials", name: "Password", type: "credentials" as const, credentials: {}, authorize: () => null }
    const res = await Auth(new Request(providersUrl), config({ providers: [credentials] }, log))
    expect(res.status).toBe(200)
    expect(log.errors).toEqual([])
    expect(log.warnings).not.toContain("experimental-webauthn")
  })

  it("warns that WebAuthn is experimental once per process, not per request or per configuration", async () => {
    const first = recorder()
    const second = recorder()
    for (let i = 0; i < 3; i++) await Auth(new Request(providersUrl), config({}, first))
    await Auth(new Request(providersUrl), config({}, second))
    // Earlier tests in this file only built failing configurations, which do not warn.
    expect(first.warnings.filter((w) => w === "experimental-webauthn")).toHaveLength(1)
    expect(second.warnings).not.toContain("experimental-webauthn")
  })

  it("a second copy of the library in the same process (Next.js loads one per bundle) does not warn again", async () => {
    vi.resetModules()
    const copy = await import("@/lib/auth")
    expect(copy.Auth).not.toBe(Auth)
    const log = recorder()
    await copy.Auth(new Request(providersUrl), config({}, log))
    expect(log.errors).toEqual([])
    expect(log.warnings).not.toContain("experimental-webauthn")
  })

  // After the experimental-warning tests: a working passkey configuration is the first chance to print it.
  it("does not require useWebAuthnChallenge: an Auth.js adapter's passkey methods are a working configuration", async () => {
    const log = recorder()
    const adapter = adapterWith(methods.filter((m) => m !== "useWebAuthnChallenge"))
    const res = await Auth(new Request(providersUrl), config({ adapter }, log))
    expect(res.status).toBe(200)
    expect(log.errors).toEqual([])
    expect(await res.json()).toMatchObject({ passkey: { id: "passkey", type: "webauthn" } })
  })

  it("the relying party comes from the public origin unless the provider overrides it", () => {
    expect(relyingPartyFor("https://app.example.com:8443", Passkey())).toEqual({
      id: "app.example.com",
      name: "app.example.com:8443",
      origins: ["https://app.example.com:8443"],
    })
    // The product's name (theme.name) is what the browser's passkey prompt shows, before the host.
    expect(relyingPartyFor("https://app.example.com:8443", Passkey(), "Acme Books").name).toBe("Acme Books")
    expect(relyingPartyFor("https://app.example.com:8443", Passkey({ relyingParty: { name: "Acme" } }), "Acme Books").name).toBe("Acme")
    expect(relyingPartyFor("https://app.example.com:8443", Passkey(), "  ").name).toBe("app.example.com:8443")
    const custom = Passkey({ relyingParty: { id: "example.com", origin: ["https://a.example.com", "https://b.example.com"] } })
    expect(relyingPartyFor("https://a.example.com", custom)).toMatchObject({
      id: "example.com",
      origins: ["https://a.example.com", "https://b.example.com"],
    })
  })

  it("Passkey requires a discoverable credential and user verification, whatever the options say", () => {
    const provider = Passkey({ userVerification: "discouraged", residentKey: "discouraged" } as never)
    expect(provider).toMatchObject({ id: "passkey", type: "webauthn", userVerification: "required", residentKey: "required" })
    expect(provider.formFields.email.autocomplete).toBe("username webauthn")
  })
})
