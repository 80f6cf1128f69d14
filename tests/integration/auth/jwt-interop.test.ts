/**
 * Wire compatibility with Auth.js v5: @auth/core 0.41.3 is the oracle. Tokens
 * and cookies must move both ways so an app can switch libraries without
 * signing its users out.
 */
import { Auth } from "@auth/core"
import { decode as authDecode, encode as authEncode, getToken as authGetToken } from "@auth/core/jwt"
import { EncryptJWT, decodeProtectedHeader } from "jose"
import { describe, expect, it } from "vitest"

import { SessionStore, parseCookies, serializeCookie } from "@/lib/auth/cookies"
import { createCSRFToken } from "@/lib/auth/csrf"
import { KeyRing, decode, deriveKey, encode } from "@/lib/auth/jwt"
import { getToken } from "@/lib/auth/token"

const SALTS = ["authjs.session-token", "__Secure-authjs.session-token"] as const
const claims = { name: "Ada", email: "ada@example.com", picture: "https://example.com/a.png", sub: "user-1" }

describe.each(SALTS)("session token, salt %s", (salt) => {
  it("decodes a token issued by @auth/core", async () => {
    const token = await authEncode({ token: claims, secret: "interop-secret", salt, maxAge: 3600 })
    const ours = await decode({ token, secret: "interop-secret", salt })
    const theirs = await authDecode({ token, secret: "interop-secret", salt })
    expect(ours).toEqual(theirs)
    expect(ours).toMatchObject(claims)
    expect(await new KeyRing("interop-secret").decode(token, salt)).toEqual(theirs)
  })

  it("issues tokens @auth/core decodes, with the same header", async () => {
    const token = await encode({ token: claims, secret: "interop-secret", salt, maxAge: 3600 })
    const theirs = await authDecode({ token, secret: "interop-secret", salt })
    expect(theirs).toMatchObject(claims)
    expect(theirs!.exp).toBe(theirs!.iat! + 3600)
    expect(typeof theirs!.jti).toBe("string")

    const reference = await authEncode({ token: claims, secret: "interop-secret", salt })
    expect(decodeProtectedHeader(token)).toEqual(decodeProtectedHeader(reference))

    const fromRing = await new KeyRing("interop-secret").encode(claims, salt)
    expect(await authDecode({ token: fromRing, secret: "interop-secret", salt })).toMatchObject(claims)
  })

  it("does not accept a token across salts, like @auth/core", async () => {
    const other = SALTS.find((s) => s !== salt)!
    const token = await authEncode({ token: claims, secret: "interop-secret", salt })
    expect(await decode({ token, secret: "interop-secret", salt: other })).toBeNull()
    await expect(authDecode({ token, secret: "interop-secret", salt: other })).rejects.toThrow()
  })
})

describe("rotated secrets", () => {
  const salt = "authjs.session-token"

  it("our token made with [new, old] decodes in @auth/core with [new, old]", async () => {
    const token = await encode({ token: claims, secret: ["new", "old"], salt })
    expect(await authDecode({ token, secret: ["new", "old"], salt })).toMatchObject(claims)
    expect(await authDecode({ token, secret: "new", salt })).toMatchObject(claims)
  })

  it("@auth/core's token made with old decodes in ours with [new, old]", async () => {
    const token = await authEncode({ token: claims, secret: "old", salt })
    expect(await decode({ token, secret: ["new", "old"], salt })).toMatchObject(claims)
    expect(await new KeyRing(["new", "old"]).decode(token, salt)).toMatchObject(claims)
  })

  it("@auth/core's token made with [new, old] decodes in ours", async () => {
    const token = await authEncode({ token: claims, secret: ["new", "old"], salt })
    expect(await decode({ token, secret: ["new", "old"], salt })).toMatchObject(claims)
  })

  it("a kid-less token from the old secret: @auth/core fails, ours succeeds", async () => {
    const { key } = await deriveKey("old", salt)
    const token = await new EncryptJWT({ sub: "no-kid" }).setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512" }).encrypt(key)
    await expect(authDecode({ token, secret: ["new", "old"], salt })).rejects.toThrow()
    expect(await decode({ token, secret: ["new", "old"], salt })).toEqual({ sub: "no-kid" })
    // Both agree when the secret is first.
    expect(await authDecode({ token, secret: ["old", "new"], salt })).toEqual({ sub: "no-kid" })
  })
})

describe("getToken", () => {
  it("both read each other's chunked session cookie", async () => {
    const big = { ...claims, blob: "z".repeat(7000) }
    const ourToken = await encode({ token: big, secret: "s", salt: "authjs.session-token" })
    const cookie = new SessionStore({ name: "authjs.session-token", options: {} }, {})
      .chunk(ourToken)
      .map((c) => serializeCookie(c))
      .join("; ")
    expect(cookie).toContain("authjs.session-token.1=")
    const req = new Request("http://localhost/", { headers: { cookie } })
    expect(await authGetToken({ req, secret: "s" })).toMatchObject({ sub: "user-1" })
    expect(await getToken({ req, secret: "s" })).toMatchObject({ sub: "user-1" })
    expect(await getToken({ req, secret: "s", raw: true })).toBe(await authGetToken({ req, secret: "s", raw: true }))
  })

  it("agree on Bearer tokens, including malformed ones", async () => {
    const token = await authEncode({ token: claims, secret: "s", salt: "authjs.session-token" })
    for (const authorization of [`Bearer ${token}`, "Bearer %E0%A4%A", `Basic ${token}`]) {
      const req = new Request("http://localhost/", { headers: { authorization } })
      const theirs = await authGetToken({ req, secret: "s" })
      const ours = await getToken({ req, secret: "s" })
      expect(ours === null, authorization).toBe(theirs === null)
      if (theirs) expect(ours).toEqual(theirs)
    }
  })
})

describe("CSRF cookie", () => {
  /** GET /csrf on a real @auth/core handler: its token and the Set-Cookie it sends. */
  async function authCoreCsrf(secret: string | string[]) {
    const response = await Auth(new Request("http://localhost:3000/auth/csrf"), {
      providers: [],
      secret,
      trustHost: true,
      basePath: "/auth",
    })
    const { csrfToken } = (await response.json()) as { csrfToken: string }
    const setCookie = response.headers.getSetCookie().find((header) => header.startsWith("authjs.csrf-token="))!
    return { csrfToken, setCookie }
  }

  it("a cookie issued by @auth/core verifies in ours", async () => {
    const { csrfToken, setCookie } = await authCoreCsrf("secret")
    expect(setCookie).toContain("%7C")
    const cookieValue = parseCookies(setCookie.split(";")[0]!)["authjs.csrf-token"]
    const result = await createCSRFToken({ secrets: ["secret"], cookieValue, isPost: true, bodyValue: csrfToken })
    expect(result).toEqual({ csrfToken, csrfTokenVerified: true })
  })

  it("a cookie @auth/core issued with [new, old] verifies in ours with [new, old]", async () => {
    const { csrfToken, setCookie } = await authCoreCsrf(["new", "old"])
    const cookieValue = parseCookies(setCookie.split(";")[0]!)["authjs.csrf-token"]
    expect(await createCSRFToken({ secrets: ["new", "old"], cookieValue, isPost: true, bodyValue: csrfToken })).toEqual({
      csrfToken,
      csrfTokenVerified: true,
    })
  })

  it("our cookie passes @auth/core's CSRF check, serialized like @auth/core", async () => {
    const ours = await createCSRFToken({ secrets: ["secret"], isPost: false })
    const setCookie = serializeCookie({
      name: "authjs.csrf-token",
      value: ours.cookie!,
      options: { path: "/", httpOnly: true, sameSite: "lax", secure: false },
    })
    const reference = await authCoreCsrf("secret")
    expect(setCookie.replace(/=[^;]*/, "=")).toBe(reference.setCookie.replace(/=[^;]*/, "="))

    const signOut = (csrfToken: string) =>
      Auth(
        new Request("http://localhost:3000/auth/signout", {
          method: "POST",
          headers: { cookie: setCookie.split(";")[0]!, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ csrfToken }),
        }),
        // The rejected case is expected: keep @auth/core from printing it.
        { providers: [], secret: "secret", trustHost: true, basePath: "/auth", logger: { error: () => {} } },
      )
    const accepted = await signOut(ours.csrfToken)
    expect(accepted.headers.get("location")).toBe("http://localhost:3000")
    const rejected = await signOut("f".repeat(64))
    expect(rejected.headers.get("location")).toContain("MissingCSRF")
  })
})
