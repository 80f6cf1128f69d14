/**
 * Property tests of redirect validation: whatever callbackUrl or redirectTo
 * an attacker supplies, the user is only ever sent to this origin.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Auth, type AuthConfig } from "@/lib/auth"
import { toLocationHeader } from "@/lib/auth/http/response"
import { relativeRedirect } from "@/lib/auth/frameworks/shared/server-calls"
import Credentials from "@/lib/auth/providers/credentials"
import { defaultRedirect, isAcceptableCallbackUrl } from "@/lib/auth/redirect"

const BASE_URL = "http://localhost:3000"
const ORIGIN = new URL(BASE_URL).origin

/** Prefixes that have fooled redirect checks somewhere, glued to random tails. */
const trick = fc.constantFrom(
  "//", "/\\", "\\\\", "/\t/", "/\n/", "/\r/", " //", "\u0000//", "/%2f", "/%5c", "https:", "https://", "http:/", "http:\\\\",
  "javascript:", "data:", "//localhost:3000@", "http://localhost:3000@", "http://localhost:3000.", "http://localhost:30000",
  "HTTP://LOCALHOST:3000", "/.", "/..", "?", "#", "\u3002", "\uff0f\uff0f", "%00", "/\u2028",
)
const host = fc.constantFrom("evil.example", "localhost", "localhost:3000", "127.0.0.1", "[::1]", "xn--e1afmkfd.example", "0x7f.1")
const attackUrl = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.tuple(trick, fc.option(host, { nil: "" }), fc.string({ maxLength: 20 })).map(([a, b, c]) => `${a}${b}${c}`),
  fc.tuple(trick, trick, host).map(([a, b, c]) => `${a}${b}${c}`),
)

function originOf(url: string): string {
  return new URL(url).origin
}

describe("redirect validation", () => {
  it("defaultRedirect only ever yields a URL on the base URL's origin", () => {
    fc.assert(
      fc.property(attackUrl, (url) => {
        const target = defaultRedirect({ url, baseUrl: BASE_URL })
        expect(originOf(target)).toBe(ORIGIN)
        // And the browser reads the Location header we would send the same way.
        expect(originOf(new URL(toLocationHeader(target), BASE_URL).href)).toBe(ORIGIN)
      }),
      { numRuns: 3000 },
    )
  })

  it("a server action's redirectTo is always a path on this origin", () => {
    fc.assert(
      fc.property(fc.oneof(attackUrl, fc.anything()), (value) => {
        const target = relativeRedirect(value, ORIGIN)
        expect(target.startsWith("/")).toBe(true)
        expect(new URL(target, BASE_URL).origin).toBe(ORIGIN)
      }),
      { numRuns: 2000 },
    )
  })

  it("isAcceptableCallbackUrl admits only well-formed paths and http(s) URLs", () => {
    fc.assert(
      fc.property(attackUrl, (url) => {
        if (!isAcceptableCallbackUrl(url)) return
        expect(url.isWellFormed()).toBe(true)
        expect(url.startsWith("/") || ["http:", "https:"].includes(new URL(url).protocol)).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it("the sign-in flow, through every way a callbackUrl arrives, redirects only to this origin", async () => {
    const config: AuthConfig = {
      secret: "redirect-property-secret-0123456789abcdef",
      trustHost: true,
      basePath: "/auth",
      session: { strategy: "jwt" },
      providers: [Credentials({ credentials: { email: {} }, authorize: () => ({ id: "u1", email: "jane@example.com" }) })],
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
    }
    const csrf = await Auth(new Request(`${BASE_URL}/auth/csrf`), config)
    const { csrfToken } = (await csrf.json()) as { csrfToken: string }
    const csrfCookie = csrf.headers.getSetCookie()[0]!.split(";")[0]!
    await fc.assert(
      fc.asyncProperty(attackUrl, fc.constantFrom("body-form", "body-json", "query", "cookie"), async (callbackUrl, via) => {
        const json = via === "body-json"
        const fields: Record<string, string> = { csrfToken, email: "jane@example.com" }
        if (via.startsWith("body")) fields.callbackUrl = callbackUrl
        const query = via === "query" ? `?${new URLSearchParams({ callbackUrl })}` : ""
        const cookies = [csrfCookie]
        if (via === "cookie") cookies.push(`authjs.callback-url=${encodeURIComponent(callbackUrl)}`)
        const res = await Auth(
          new Request(`${BASE_URL}/auth/callback/credentials${query}`, {
            method: "POST",
            headers: { cookie: cookies.join("; "), "content-type": json ? "application/json" : "application/x-www-form-urlencoded" },
            body: json ? JSON.stringify(fields) : new URLSearchParams(fields),
          }),
          config,
        )
        if (res.status === 400) {
          // Only a JSON body can carry a lone surrogate; it is refused before anything else.
          expect(json && !callbackUrl.isWellFormed()).toBe(true)
          return
        }
        expect(res.status).toBe(302)
        expect(originOf(new URL(res.headers.get("location")!, BASE_URL).href)).toBe(ORIGIN)
      }),
      { numRuns: 300 },
    )
  })
})
