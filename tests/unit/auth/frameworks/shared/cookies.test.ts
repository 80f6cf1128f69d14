import { describe, expect, it } from "vitest"
import { appendSetCookies, cookieStoreOptions } from "@/lib/auth/frameworks/shared/cookies"

function nodeResponse(initial?: string | string[], headersSent = false) {
  const headers: Record<string, string | string[]> = initial === undefined ? {} : { "set-cookie": initial }
  return {
    headers,
    headersSent,
    getHeader: (name: string) => headers[name.toLowerCase()],
    setHeader: (name: string, value: string | string[]) => void (headers[name.toLowerCase()] = value),
  }
}

describe("cookie store options", () => {
  it("passes every option and spells out path, httpOnly and secure", () => {
    const expires = new Date("2030-01-01T00:00:00Z")
    expect(cookieStoreOptions({ sameSite: "lax", expires, domain: "example.test", priority: "high", partitioned: true })).toEqual({
      path: "/",
      domain: "example.test",
      expires,
      maxAge: undefined,
      httpOnly: false,
      secure: false,
      sameSite: "lax",
      priority: "high",
      partitioned: true,
    })
    expect(cookieStoreOptions({ path: "/auth", httpOnly: true, secure: true, maxAge: 0 })).toMatchObject({
      path: "/auth",
      httpOnly: true,
      secure: true,
      maxAge: 0,
    })
  })
})

describe("Set-Cookie on a Node.js response", () => {
  const cookie = { name: "authjs.session-token", value: "a b", options: { path: "/", httpOnly: true } }

  it("adds to the cookies the app already set", () => {
    const res = nodeResponse("app=1")
    appendSetCookies(res, [cookie])
    expect(res.headers["set-cookie"]).toEqual(["app=1", "authjs.session-token=a%20b; Path=/; HttpOnly"])
  })

  it("leaves a response alone when there is nothing to add or its headers are gone", () => {
    const untouched = nodeResponse()
    appendSetCookies(untouched, [])
    expect(untouched.headers).toEqual({})
    const sent = nodeResponse(undefined, true)
    appendSetCookies(sent, [cookie])
    expect(sent.headers).toEqual({})
  })
})
