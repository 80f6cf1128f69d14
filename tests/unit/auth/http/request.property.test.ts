/**
 * Property tests of request parsing and of the whole pipeline: any method,
 * path, content type, body, cookie and header either parses or is refused with
 * the typed BadRequest; and Auth() answers every such request below 500, with
 * no stack trace or source path in the body.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Auth, type AuthConfig } from "@/lib/auth"
import { BadRequest } from "@/lib/auth/errors"
import { MAX_BODY_BYTES, parseRequest } from "@/lib/auth/http/request"
import { encode } from "@/lib/auth/jwt"
import Credentials from "@/lib/auth/providers/credentials"

const ORIGIN = "http://localhost:3000"
const SECRET = "request-property-secret-0123456789abcdefgh"

const segment = fc.oneof(
  fc.constantFrom("providers", "session", "csrf", "signin", "signout", "callback", "verify-request", "error", "webauthn-options"),
  fc.constantFrom("credentials", "passkey", "nope", "%", "%zz", "%00", "..", "undefined", "__proto__", "%2F", "call%62ack"),
  fc.string({ unit: fc.constantFrom(..."abc%/.-_~!$&'()*+,;=:@09".split("")), maxLength: 12 }),
)
const path = fc.array(segment, { minLength: 0, maxLength: 3 }).map((parts) => `/auth/${parts.join("/")}`)
const query = fc.oneof(
  fc.constant(""),
  fc.dictionary(fc.constantFrom("callbackUrl", "error", "code", "token", "email", "csrf", "x"), fc.string({ maxLength: 40 })).map((d) => `?${new URLSearchParams(d)}`),
  fc.constantFrom("?callbackUrl=%", "?%zz=1", "?a=%E0%A4", "?callbackUrl=javascript:alert(1)", "?error=<script>"),
)
const method = fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "get", "post")
const contentType = fc.constantFrom(
  "application/x-www-form-urlencoded", "application/json", "application/json; charset=utf-16", "text/plain", "multipart/form-data; boundary=x",
  "APPLICATION/JSON", "application/x-www-form-urlencoded;;", "", "application/json\t",
)
const body = fc.oneof(
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.json({ maxDepth: 4 }),
  fc.constantFrom("{", "[]", "null", "1", '"x"', '{"csrfToken":{"a":1}}', '{"__proto__":{"x":1}}', '{"callbackUrl":"\\ud800"}', `${"[".repeat(5000)}${"]".repeat(5000)}`, `${'{"a":'.repeat(40)}1${"}".repeat(40)}`),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 40 })).map((d) => new URLSearchParams(d).toString()),
  fc.constantFrom("email=%&password=%zz", "csrfToken=%00&email=a%00b", "a=1&a=2&a=3"),
)
const cookie = fc.oneof(
  fc.constant(""),
  fc.string({ unit: "binary-ascii", maxLength: 200 }),
  fc.constantFrom(
    "authjs.session-token=garbage",
    "authjs.session-token=a.b.c.d.e",
    "authjs.session-token.0=abc; authjs.session-token.1=def",
    "authjs.csrf-token=%zz",
    "authjs.csrf-token=abc|def",
    "authjs.callback-url=javascript%3Aalert(1)",
    `authjs.session-token=${"A".repeat(9000)}`,
  ),
)
const extraHeaders = fc.dictionary(
  fc.constantFrom("accept", "x-auth-return-redirect", "origin", "sec-fetch-site", "x-forwarded-host", "x-forwarded-proto", "host", "content-length", "user-agent"),
  fc.string({ unit: "binary-ascii", maxLength: 60 }).map((v) => v.replace(/[\r\n\0]/g, "")),
)

function buildRequest(m: string, p: string, q: string, type: string, b: string, c: string, extra: Record<string, string>): Request | undefined {
  const headers = new Headers()
  try {
    for (const [name, value] of Object.entries(extra)) if (name !== "content-length") headers.set(name, value)
    if (c !== "") headers.set("cookie", c.replace(/[\r\n\0]/g, ""))
    if (type !== "") headers.set("content-type", type)
  } catch {
    return undefined // a header value no HTTP client could send
  }
  const upper = m.toUpperCase()
  const hasBody = upper !== "GET" && upper !== "HEAD"
  try {
    return new Request(`${ORIGIN}${p}${q}`, { method: m, headers, body: hasBody ? b : undefined })
  } catch {
    return undefined
  }
}

describe("request parsing and the pipeline", () => {
  it("parseRequest either parses or throws BadRequest with a 4xx, nothing else", async () => {
    await fc.assert(
      fc.asyncProperty(method, path, query, contentType, body, cookie, extraHeaders, async (m, p, q, t, b, c, h) => {
        const request = buildRequest(m, p, q, t, b, c, h)
        if (!request) return
        try {
          const parsed = await parseRequest(request, "/auth")
          expect(["GET", "POST"]).toContain(parsed.method)
          if (parsed.body !== undefined) expect(typeof parsed.body).toBe("object")
        } catch (error) {
          expect(error).toBeInstanceOf(BadRequest)
          expect((error as BadRequest).status).toBeGreaterThanOrEqual(400)
          expect((error as BadRequest).status).toBeLessThan(500)
        }
      }),
      { numRuns: 1500 },
    )
  })

  it("refuses a JSON body holding a lone surrogate with 400 (it once made every POST a 500)", async () => {
    for (const text of ['{"callbackUrl":"/\\ud800"}', '{"\\udfff":"x"}', '{"data":{"name":"a\\ud83d"}}']) {
      const request = new Request(`${ORIGIN}/auth/callback/credentials`, { method: "POST", headers: { "content-type": "application/json" }, body: text })
      await expect(parseRequest(request, "/auth"), text).rejects.toMatchObject({ status: 400 })
    }
    const paired = new Request(`${ORIGIN}/auth/callback/credentials`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"name":"\\ud83d\\ude00"}' })
    expect((await parseRequest(paired, "/auth")).body).toEqual({ name: "\u{1F600}" })
  })

  it("refuses bodies over the limit with 413, declared or streamed", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: MAX_BODY_BYTES + 1, max: MAX_BODY_BYTES * 4 }), fc.boolean(), async (size, declare) => {
        const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" }
        if (declare) headers["content-length"] = String(size)
        const request = new Request(`${ORIGIN}/auth/callback/credentials`, { method: "POST", headers, body: "a".repeat(size) })
        await expect(parseRequest(request, "/auth")).rejects.toMatchObject({ status: 413 })
      }),
      { numRuns: 20 },
    )
  })

  it("Auth() answers every generated request below 500 and never shows internals", async () => {
    const validSession = await encode({ token: { sub: "u1", email: "jane@example.com" }, secret: SECRET, salt: "authjs.session-token" })
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      basePath: "/auth",
      session: { strategy: "jwt" },
      providers: [
        Credentials({
          credentials: { email: { type: "email" }, password: { type: "password" } },
          authorize: (c) => (c.email === "jane@example.com" && c.password === "right" ? { id: "u1", email: "jane@example.com" } : null),
        }),
      ],
      logger: { error: () => {}, warn: () => {}, debug: () => {} },
    }
    const withSession = fc.oneof(cookie, fc.constant(`authjs.session-token=${validSession}`))
    await fc.assert(
      fc.asyncProperty(method, path, query, contentType, body, withSession, extraHeaders, async (m, p, q, t, b, c, h) => {
        const request = buildRequest(m, p, q, t, b, c, h)
        if (!request) return
        const res = await Auth(request, config)
        expect(res.status).toBeLessThan(500)
        const text = await res.text()
        expect(text).not.toMatch(/\n\s+at\s|\/work\/|node_modules|\.ts:\d+|file:\/\//)
      }),
      { numRuns: 800 },
    )
  })
})
