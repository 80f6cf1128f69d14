/**
 * The sign-in page's passkey form and script: the script is served inline by
 * the app (no CDN), its CSP allows exactly that script by hash (no
 * 'unsafe-inline'), and the committed bundle matches a fresh build.
 */
import { ENHANCE_SCRIPT_HASH } from "@/lib/auth/pages/enhance-script"
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { Auth } from "@/lib/auth"
import Credentials from "@/lib/auth/providers/credentials"
import Passkey from "@/lib/auth/providers/passkey"
import type { Adapter } from "@/lib/auth/adapters/types"
import type { AuthConfig } from "@/lib/auth/config/types"
// @ts-expect-error: a plain .mjs build script without type declarations
import { bundleWebAuthnScript } from "@/scripts/build-webauthn-script.mjs"

const methods = [
  "createUser", "getUser", "getUserByEmail", "linkAccount", "getAccount", "getAuthenticator",
  "createAuthenticator", "listAuthenticatorsByUserId", "updateAuthenticatorCounter", "useWebAuthnChallenge",
]

function config(providers: AuthConfig["providers"]): AuthConfig {
  return {
    secret: "pages-webauthn-secret-0123456789abcdefghij",
    trustHost: true,
    session: { strategy: "jwt" },
    adapter: Object.fromEntries(methods.map((m) => [m, async () => null])) as Adapter,
    experimental: { enableWebAuthn: true },
    logger: { warn: () => {} },
    providers,
  }
}

async function signInPage(providers: AuthConfig["providers"]) {
  const res = await Auth(new Request("http://localhost:3000/auth/signin"), config(providers))
  return { res, html: await res.text(), csp: res.headers.get("content-security-policy") ?? "" }
}

describe("sign-in page with a passkey provider", () => {
  it("has an email field for passkey autofill and a form the script finds", async () => {
    const { html } = await signInPage([Passkey()])
    expect(html).toMatch(/<input[^>]+name="email"[^>]+autocomplete="username webauthn"/)
    expect(html).toContain('data-webauthn-provider="passkey"')
    expect(html).toContain("data-conditional-ui")
    expect(html).toContain("Sign in with a passkey")
  })

  it("inlines its script and allows it by hash only: no CDN, no unsafe-inline", async () => {
    const { html, csp } = await signInPage([Passkey()])
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts).toHaveLength(1)
    const [, attributes, body] = scripts[0]
    expect(attributes).toBe("")
    const hash = createHash("sha256").update(body, "utf8").digest("base64")
    const scriptSrc = csp.split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src"))
    // Its hash, and the pages' enhancement script's (show password): hashes only.
    expect(scriptSrc).toBe(`script-src ${ENHANCE_SCRIPT_HASH} 'sha256-${hash}'`)
    expect(csp).toContain("connect-src 'self'")
    expect(csp).not.toContain("unsafe-inline'; script")
    expect(html).not.toMatch(/unpkg|jsdelivr|cdn\./i)
  })

  it("a page without a passkey provider carries no script and allows none", async () => {
    const { html, csp } = await signInPage([Credentials({ credentials: { email: { label: "Email" } }, authorize: () => null })])
    expect(html).not.toContain("<script")
    expect(csp).not.toContain("script-src")
  })

  it("the committed bundle is what the build script makes from the sources today", async () => {
    const committed = readFileSync("lib/auth/pages/webauthn-script.generated.ts", "utf8")
    expect(committed).toBe(await bundleWebAuthnScript())
  })
})
