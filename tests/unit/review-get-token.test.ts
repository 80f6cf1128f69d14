/**
 * getToken's `secureCookie` default (spec §2.6, GetTokenParams): "use the
 * secure-prefixed cookie name unless the base URL is http:// or unset". On an
 * https deployment (AUTH_URL https://…) the session cookie is
 * `__Secure-authjs.session-token`; a getToken({ req, secret }) there must find it.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { encode, getToken } from "@/lib/auth/jwt"

const secret = "review-get-token-secret-0123456789abcdef"
const saved = { AUTH_URL: process.env.AUTH_URL, NEXTAUTH_URL: process.env.NEXTAUTH_URL }

beforeEach(() => {
  delete process.env.AUTH_URL
  delete process.env.NEXTAUTH_URL
})
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
})

async function requestWith(cookieName: string): Promise<Request> {
  const token = await encode({ token: { sub: "user-1" }, secret, salt: cookieName })
  return new Request("https://app.example.com/api/x", { headers: { cookie: `${cookieName}=${token}` } })
}

describe("getToken secureCookie default", () => {
  it("an https AUTH_URL selects the __Secure- cookie (and its salt)", async () => {
    process.env.AUTH_URL = "https://app.example.com"
    expect(await getToken({ req: await requestWith("__Secure-authjs.session-token"), secret })).toMatchObject({ sub: "user-1" })
    expect(await getToken({ req: await requestWith("authjs.session-token"), secret })).toBeNull()
  })

  it("the legacy NEXTAUTH_URL counts too", async () => {
    process.env.NEXTAUTH_URL = "https://app.example.com/api/auth"
    expect(await getToken({ req: await requestWith("__Secure-authjs.session-token"), secret })).toMatchObject({ sub: "user-1" })
  })

  it("an http or unset base URL selects the unprefixed cookie", async () => {
    expect(await getToken({ req: await requestWith("authjs.session-token"), secret })).toMatchObject({ sub: "user-1" })
    process.env.AUTH_URL = "http://localhost:3000"
    expect(await getToken({ req: await requestWith("authjs.session-token"), secret })).toMatchObject({ sub: "user-1" })
    expect(await getToken({ req: await requestWith("__Secure-authjs.session-token"), secret })).toBeNull()
  })

  it("an explicit secureCookie still wins", async () => {
    process.env.AUTH_URL = "https://app.example.com"
    expect(await getToken({ req: await requestWith("authjs.session-token"), secret, secureCookie: false })).toMatchObject({
      sub: "user-1",
    })
  })
})
