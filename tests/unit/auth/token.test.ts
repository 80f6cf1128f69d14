import { afterEach, beforeEach, describe, expect, it } from "vitest"

import { SessionStore } from "@/lib/auth/cookies"
import { MissingSecretError } from "@/lib/auth/errors"
import { encode } from "@/lib/auth/jwt"
import { getToken } from "@/lib/auth/token"
import { envFor } from "@/tests/helpers/env"

const SALT = "authjs.session-token"
const SECURE_SALT = "__Secure-authjs.session-token"
const env = envFor(["AUTH_URL", "NEXTAUTH_URL", "AUTH_SECRET", "AUTH_SECRET_1", "AUTH_SECRET_2", "AUTH_SECRET_3", "NEXTAUTH_SECRET"])

beforeEach(() => {
  env.set({ AUTH_URL: undefined, NEXTAUTH_URL: undefined, AUTH_SECRET: undefined, AUTH_SECRET_1: undefined, AUTH_SECRET_2: undefined, AUTH_SECRET_3: undefined, NEXTAUTH_SECRET: undefined })
})
afterEach(() => env.restore())

/** Flips one character in the given compact-JWE segment (0..4). */
function tamper(jwe: string, segment: number): string {
  const parts = jwe.split(".")
  const part = parts[segment]!
  const index = Math.floor(part.length / 2)
  parts[segment] = part.slice(0, index) + (part[index] === "A" ? "B" : "A") + part.slice(index + 1)
  return parts.join(".")
}

describe("getToken", () => {
  const secret = "getToken-secret"

  async function sessionToken(salt = SALT, claims = { sub: "user-1" }) {
    return encode({ token: claims, secret, salt })
  }

  it("reads the session cookie", async () => {
    const token = await sessionToken()
    const req = new Request("http://localhost/", { headers: { cookie: `other=1; authjs.session-token=${token}` } })
    expect(await getToken({ req, secret })).toMatchObject({ sub: "user-1" })
    expect(await getToken({ req, secret, raw: true })).toBe(token)
  })

  it("reads the __Secure- cookie with the matching salt when secureCookie is set", async () => {
    const token = await sessionToken(SECURE_SALT)
    const req = new Request("https://localhost/", { headers: { cookie: `__Secure-authjs.session-token=${token}` } })
    expect(await getToken({ req, secret, secureCookie: true })).toMatchObject({ sub: "user-1" })
    expect(await getToken({ req, secret })).toBeNull()
  })

  it("honours cookieName and salt", async () => {
    const token = await encode({ token: { sub: "x" }, secret, salt: "custom-salt" })
    const req = { headers: { Cookie: `my-session=${token}` } }
    expect(await getToken({ req, secret, cookieName: "my-session", salt: "custom-salt" })).toMatchObject({ sub: "x" })
    // The salt defaults to the cookie name, which does not match here.
    expect(await getToken({ req, secret, cookieName: "my-session" })).toBeNull()
  })

  it("reassembles a chunked cookie", async () => {
    const token = await sessionToken(SALT, { sub: "big", blob: "x".repeat(9000) } as { sub: string })
    const chunks = new SessionStore({ name: SALT, options: {} }, {}).chunk(token)
    expect(chunks.length).toBeGreaterThan(2)
    const cookie = chunks.reverse().map((c) => `${c.name}=${c.value}`).join("; ")
    expect(await getToken({ req: new Request("http://localhost/", { headers: { cookie } }), secret })).toMatchObject({ sub: "big" })
  })

  it("falls back to Authorization: Bearer, URI-decoded", async () => {
    const token = await sessionToken()
    const bearer = (value: string) => new Request("http://localhost/", { headers: { authorization: value } })
    expect(await getToken({ req: bearer(`Bearer ${token}`), secret })).toMatchObject({ sub: "user-1" })
    expect(await getToken({ req: bearer(`Bearer ${encodeURIComponent(token).replace(/\./g, "%2E")}`), secret })).toMatchObject({ sub: "user-1" })
    expect(await getToken({ req: bearer(`Bearer ${token}`), secret, raw: true })).toBe(token)
    expect(await getToken({ req: bearer("Bearer %E0%A4%A"), secret })).toBeNull()
    expect(await getToken({ req: bearer("Bearer %E0%A4%A"), secret, raw: true })).toBeNull()
    expect(await getToken({ req: bearer(`Basic ${token}`), secret })).toBeNull()
    expect(await getToken({ req: { headers: { Authorization: `Bearer ${token}` } }, secret })).toMatchObject({ sub: "user-1" })
  })

  it("prefers the cookie over the Authorization header", async () => {
    const cookieToken = await sessionToken(SALT, { sub: "from-cookie" })
    const headerToken = await sessionToken(SALT, { sub: "from-header" })
    const req = new Request("http://localhost/", {
      headers: { cookie: `authjs.session-token=${cookieToken}`, authorization: `Bearer ${headerToken}` },
    })
    expect(await getToken({ req, secret })).toMatchObject({ sub: "from-cookie" })
  })

  it("returns null for missing, tampered and expired tokens", async () => {
    const cookieReq = (token: string) => new Request("http://localhost/", { headers: { cookie: `authjs.session-token=${token}` } })
    expect(await getToken({ req: new Request("http://localhost/"), secret })).toBeNull()
    expect(await getToken({ req: cookieReq(tamper(await sessionToken(), 3)), secret })).toBeNull()
    expect(await getToken({ req: cookieReq((await sessionToken()).slice(0, 40)), secret })).toBeNull()
    expect(await getToken({ req: cookieReq(await encode({ token: {}, secret, salt: SALT, maxAge: -60 })), secret })).toBeNull()
    expect(await getToken({ req: cookieReq(await sessionToken()), secret: "wrong" })).toBeNull()
  })

  it("logs decode failures at debug level when given a logger", async () => {
    const messages: string[] = []
    const logger = { debug: (code: string) => void messages.push(code) }
    const req = new Request("http://localhost/", { headers: { cookie: "authjs.session-token=garbage" } })
    expect(await getToken({ req, secret, logger })).toBeNull()
    expect(messages).toEqual(["get-token-decode"])
  })

  it("uses a custom decode function", async () => {
    const req = new Request("http://localhost/", { headers: { cookie: "authjs.session-token=opaque" } })
    const seen: unknown[] = []
    const result = await getToken({
      req,
      secret: ["a", "b"],
      decode: (params) => {
        seen.push(params)
        return { sub: "custom" }
      },
    })
    expect(result).toEqual({ sub: "custom" })
    expect(seen).toEqual([{ token: "opaque", secret: ["a", "b"], salt: SALT }])
  })

  it("throws MissingSecretError without a secret, given or in the environment", async () => {
    const req = new Request("http://localhost/")
    await expect(getToken({ req })).rejects.toBeInstanceOf(MissingSecretError)
    await expect(getToken({ req, secret: [] })).rejects.toBeInstanceOf(MissingSecretError)
  })

  it("falls back to the environment's secrets, rotated ones included", async () => {
    const req = new Request("http://localhost/", { headers: { cookie: `authjs.session-token=${await sessionToken()}` } })
    env.set({ AUTH_SECRET: secret })
    expect(await getToken({ req })).toMatchObject({ sub: "user-1" })
    env.set({ AUTH_SECRET: "newer-secret", AUTH_SECRET_1: secret })
    expect(await getToken({ req })).toMatchObject({ sub: "user-1" })
    env.set({ AUTH_SECRET: "unrelated", AUTH_SECRET_1: undefined })
    expect(await getToken({ req })).toBeNull()
  })

  describe("secureCookie default", () => {
    const secret = "get-token-secure-secret-0123456789abcdef"
    async function requestWith(cookieName: string): Promise<Request> {
      const token = await encode({ token: { sub: "user-1" }, secret, salt: cookieName })
      return new Request("https://app.example.com/api/x", { headers: { cookie: `${cookieName}=${token}` } })
    }

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
})
