import { describe, expect, it } from "vitest"

import { CHUNK_SIZE, SessionStore, defaultCookies, mergeCookieOptions, parseCookies, serializeCookie } from "@/lib/auth/cookies"
import type { Cookie } from "@/lib/auth/types"

describe("defaultCookies", () => {
  it("uses plain names and insecure cookies over http", () => {
    const base = { httpOnly: true, sameSite: "lax", path: "/", secure: false }
    expect(defaultCookies(false)).toEqual({
      sessionToken: { name: "authjs.session-token", options: base },
      callbackUrl: { name: "authjs.callback-url", options: base },
      csrfToken: { name: "authjs.csrf-token", options: base },
      pkceCodeVerifier: { name: "authjs.pkce.code_verifier", options: { ...base, maxAge: 900 } },
      state: { name: "authjs.state", options: { ...base, maxAge: 900 } },
      nonce: { name: "authjs.nonce", options: base },
      webauthnChallenge: { name: "authjs.challenge", options: { ...base, maxAge: 900 } },
      twoFactorPending: { name: "authjs.two-factor", options: { ...base, maxAge: 300 } },
      ssoRequest: { name: "authjs.sso-request", options: { ...base, maxAge: 900 } },
    })
  })

  it("in secure mode: __Secure- for the session and callback-url (Auth.js names), __Host- for csrf and every check cookie", () => {
    const cookies = defaultCookies(true)
    expect(Object.fromEntries(Object.entries(cookies).map(([key, c]) => [key, c.name]))).toEqual({
      sessionToken: "__Secure-authjs.session-token",
      callbackUrl: "__Secure-authjs.callback-url",
      csrfToken: "__Host-authjs.csrf-token",
      pkceCodeVerifier: "__Host-authjs.pkce.code_verifier",
      state: "__Host-authjs.state",
      nonce: "__Host-authjs.nonce",
      webauthnChallenge: "__Host-authjs.challenge",
      twoFactorPending: "__Host-authjs.two-factor",
      ssoRequest: "__Host-authjs.sso-request",
    })
    // What a browser demands of a __Host- cookie: Secure, Path=/, no Domain.
    for (const cookie of Object.values(cookies).filter((c) => c.name.startsWith("__Host-"))) {
      expect(serializeCookie({ ...cookie, value: "v" })).toMatch(/^__Host-[^;]+; (Max-Age=(900|300); )?Path=\/; HttpOnly; Secure; SameSite=Lax$/)
    }
    for (const cookie of Object.values(cookies)) expect(cookie.options.secure).toBe(true)
    expect(cookies.sessionToken.options.maxAge).toBeUndefined()
    expect(cookies.nonce.options.maxAge).toBeUndefined()
  })

  it("returns independent option objects", () => {
    const cookies = defaultCookies(false)
    cookies.sessionToken.options.domain = "example.com"
    expect(cookies.callbackUrl.options.domain).toBeUndefined()
    expect(defaultCookies(false).sessionToken.options.domain).toBeUndefined()
  })
})

describe("mergeCookieOptions", () => {
  it("deep-merges overrides over the defaults without mutating them", () => {
    const defaults = defaultCookies(true)
    const merged = mergeCookieOptions(defaults, {
      sessionToken: { name: "my-session", options: { domain: "example.com", sameSite: "strict" } },
      state: { options: { maxAge: 60 } },
      nonce: { options: { secure: undefined } },
    })
    expect(merged.sessionToken).toEqual({
      name: "my-session",
      options: { httpOnly: true, sameSite: "strict", path: "/", secure: true, domain: "example.com" },
    })
    expect(merged.state).toEqual({ name: "__Host-authjs.state", options: { httpOnly: true, sameSite: "lax", path: "/", secure: true, maxAge: 60 } })
    expect(merged.nonce.options.secure).toBe(true)
    expect(merged.csrfToken).toEqual(defaults.csrfToken)
    expect(defaults.sessionToken.name).toBe("__Secure-authjs.session-token")
    expect(defaults.sessionToken.options.domain).toBeUndefined()
  })

  it("falls back to __Secure- for a default __Host- cookie given a Domain or another path (browsers would drop it)", () => {
    const merged = mergeCookieOptions(defaultCookies(true), {
      state: { options: { domain: "example.com" } },
      nonce: { options: { path: "/auth" } },
      pkceCodeVerifier: { name: "__Host-mine", options: { domain: "example.com" } },
    })
    expect(merged.state.name).toBe("__Secure-authjs.state")
    expect(merged.nonce.name).toBe("__Secure-authjs.nonce")
    // A name the app chose is its own: kept as given.
    expect(merged.pkceCodeVerifier.name).toBe("__Host-mine")
    expect(merged.webauthnChallenge.name).toBe("__Host-authjs.challenge")
  })

  it("returns the defaults unchanged without overrides", () => {
    expect(mergeCookieOptions(defaultCookies(false))).toEqual(defaultCookies(false))
    expect(mergeCookieOptions(defaultCookies(false), {})).toEqual(defaultCookies(false))
  })
})

describe("parseCookies", () => {
  it("parses names and URI-decoded values", () => {
    expect(parseCookies("a=1; b=hello%20world;c=x%7Cy ; d = spaced ")).toEqual({ a: "1", b: "hello world", c: "x|y", d: "spaced" })
  })

  it("keeps the first occurrence of a name", () => {
    expect(parseCookies("a=first; a=second")).toEqual({ a: "first" })
  })

  it("keeps the raw value when a %-escape is malformed", () => {
    expect(parseCookies("bad=%E0%A4%A; good=%41")).toEqual({ bad: "%E0%A4%A", good: "A" })
    expect(parseCookies("pct=100%")).toEqual({ pct: "100%" })
  })

  it("never throws on malformed headers", () => {
    expect(parseCookies(null)).toEqual({})
    expect(parseCookies("")).toEqual({})
    expect(parseCookies(";;;")).toEqual({})
    expect(parseCookies("novalue; =nameless; ok=1; also=")).toEqual({ ok: "1", also: "" })
    expect(parseCookies("a==b=c")).toEqual({ a: "=b=c" })
    expect(parseCookies('q="quoted%20value"')).toEqual({ q: "quoted value" })
  })

  it("treats __proto__ as an ordinary cookie name", () => {
    const parsed = parseCookies("__proto__=x; constructor=y")
    expect(parsed["__proto__"]).toBe("x")
    expect(parsed["constructor"]).toBe("y")
    expect(Object.keys(parsed)).toEqual(["__proto__", "constructor"])
  })
})

describe("serializeCookie", () => {
  it("writes every attribute in Auth.js order", () => {
    const cookie: Cookie = {
      name: "authjs.session-token",
      value: "a b|c",
      options: {
        sameSite: "lax",
        priority: "high",
        partitioned: true,
        secure: true,
        httpOnly: true,
        expires: new Date(Date.UTC(2030, 0, 2, 3, 4, 5)),
        path: "/",
        domain: "example.com",
        maxAge: 900.7,
      },
    }
    expect(serializeCookie(cookie)).toBe(
      "authjs.session-token=a%20b%7Cc; Max-Age=900; Domain=example.com; Path=/; Expires=Wed, 02 Jan 2030 03:04:05 GMT; HttpOnly; Secure; Partitioned; Priority=High; SameSite=Lax",
    )
  })

  it("writes a deletion and the minimal forms", () => {
    expect(serializeCookie({ name: "a", value: "", options: { maxAge: 0, path: "/" } })).toBe("a=; Max-Age=0; Path=/")
    expect(serializeCookie({ name: "a", value: "v", options: {} })).toBe("a=v")
    expect(serializeCookie({ name: "a", value: "v", options: { sameSite: true } })).toBe("a=v; SameSite=Strict")
    expect(serializeCookie({ name: "a", value: "v", options: { sameSite: "none", secure: true } })).toBe("a=v; Secure; SameSite=None")
    expect(serializeCookie({ name: "a", value: "v", options: { sameSite: false, httpOnly: false } })).toBe("a=v")
  })

  it("rejects invalid names with TypeError", () => {
    for (const name of ["", "a b", "a;b", "a=b", "a,b", "a\nb", "é", 'a"b']) {
      expect(() => serializeCookie({ name, value: "v", options: {} }), name).toThrow(TypeError)
    }
    expect(() => serializeCookie({ name: "__Host-authjs.csrf-token", value: "v", options: {} })).not.toThrow()
  })

  it("rejects attribute values that would inject attributes", () => {
    expect(() => serializeCookie({ name: "a", value: "v", options: { path: "/; Domain=evil.com" } })).toThrow(TypeError)
    expect(() => serializeCookie({ name: "a", value: "v", options: { domain: "a.com\r\nX: y" } })).toThrow(TypeError)
    expect(() => serializeCookie({ name: "a", value: "v", options: { maxAge: Number.NaN } })).toThrow(TypeError)
    expect(() => serializeCookie({ name: "a", value: "v", options: { expires: new Date(Number.NaN) } })).toThrow(TypeError)
  })

  it("round-trips through parseCookies", () => {
    const value = "x|y; z=1 %41 ü"
    const header = serializeCookie({ name: "t", value, options: { path: "/" } }).split(";")[0]!
    expect(parseCookies(header)).toEqual({ t: value })
  })
})

describe("SessionStore", () => {
  const option = { name: "authjs.session-token", options: { httpOnly: true, sameSite: "lax" as const, path: "/", secure: false } }

  /** The Cookie header a browser would send after applying `cookies` to `jar`. */
  function applyToJar(jar: Map<string, string>, cookies: Cookie[]): string {
    for (const cookie of cookies) {
      if (cookie.options.maxAge === 0) jar.delete(cookie.name)
      else jar.set(cookie.name, cookie.value)
    }
    return [...jar].map(([name, value]) => serializeCookie({ name, value, options: {} })).join("; ")
  }

  it("stores a small value under the base name", () => {
    const cookies = new SessionStore(option, {}).chunk("small", { expires: new Date(0) })
    expect(cookies).toEqual([{ name: "authjs.session-token", value: "small", options: { ...option.options, expires: new Date(0) } }])
  })

  it("round-trips a 10 KB value through chunks", () => {
    const value = Array.from({ length: 10_240 }, (_, i) => "abcdefghijklmnopqrstuvwxyz0123456789"[i % 36]).join("")
    const cookies = new SessionStore(option, {}).chunk(value)
    expect(cookies.map((c) => c.name)).toEqual(["authjs.session-token.0", "authjs.session-token.1", "authjs.session-token.2"])
    expect(cookies.map((c) => c.value.length)).toEqual([CHUNK_SIZE, CHUNK_SIZE, 10_240 - 2 * CHUNK_SIZE])
    for (const cookie of cookies) expect(cookie.options).toEqual(option.options)

    const header = applyToJar(new Map([["unrelated", "1"]]), cookies.slice().reverse())
    expect(new SessionStore(option, parseCookies(header)).value).toBe(value)
  })

  it("uses exactly CHUNK_SIZE as the single-cookie limit", () => {
    expect(new SessionStore(option, {}).chunk("x".repeat(CHUNK_SIZE)).map((c) => c.name)).toEqual(["authjs.session-token"])
    expect(new SessionStore(option, {}).chunk("x".repeat(CHUNK_SIZE + 1)).map((c) => c.name)).toEqual([
      "authjs.session-token.0",
      "authjs.session-token.1",
    ])
  })

  it("deletes stale chunks when the value shrinks", () => {
    const jar = new Map<string, string>()
    const big = "b".repeat(3 * CHUNK_SIZE + 10)
    const header = applyToJar(jar, new SessionStore(option, {}).chunk(big))
    expect([...jar.keys()]).toHaveLength(4)

    const twoChunks = "m".repeat(CHUNK_SIZE + 5)
    const shrink = new SessionStore(option, parseCookies(header)).chunk(twoChunks)
    expect(shrink.filter((c) => c.options.maxAge === 0).map((c) => c.name).sort()).toEqual(["authjs.session-token.2", "authjs.session-token.3"])
    for (const deletion of shrink.filter((c) => c.options.maxAge === 0)) expect(deletion.value).toBe("")
    const afterShrink = applyToJar(jar, shrink)
    expect(new SessionStore(option, parseCookies(afterShrink)).value).toBe(twoChunks)

    const single = new SessionStore(option, parseCookies(afterShrink)).chunk("tiny")
    expect(single.map((c) => [c.name, c.value, c.options.maxAge])).toEqual([
      ["authjs.session-token", "tiny", undefined],
      ["authjs.session-token.0", "", 0],
      ["authjs.session-token.1", "", 0],
    ])
    const afterSingle = applyToJar(jar, single)
    expect([...jar.keys()]).toEqual(["authjs.session-token"])
    expect(new SessionStore(option, parseCookies(afterSingle)).value).toBe("tiny")
  })

  it("deletes the unchunked cookie when the value grows into chunks", () => {
    const store = new SessionStore(option, { "authjs.session-token": "old" })
    const cookies = store.chunk("g".repeat(CHUNK_SIZE * 2))
    expect(cookies.map((c) => [c.name, c.options.maxAge])).toEqual([
      ["authjs.session-token.0", undefined],
      ["authjs.session-token.1", undefined],
      ["authjs.session-token", 0],
    ])
  })

  it("orders chunks by integer suffix", () => {
    const cookies: Record<string, string> = {}
    for (let i = 11; i >= 0; i--) cookies[`authjs.session-token.${i}`] = `<${i}>`
    expect(new SessionStore(option, cookies).value).toBe(Array.from({ length: 12 }, (_, i) => `<${i}>`).join(""))
  })

  it("ignores empty chunks and cookies that merely share the prefix", () => {
    const store = new SessionStore(option, {
      "authjs.session-token.0": "a",
      "authjs.session-token.1": "",
      "authjs.session-tokenX": "nope",
      "authjs.session-token.x": "nope",
      "authjs.session-token.2": "b",
    })
    expect(store.value).toBe("ab")
    expect(store.clean().map((c) => c.name)).toEqual(["authjs.session-token.0", "authjs.session-token.2"])
  })

  it("clean() deletes every chunk it saw, once", () => {
    const store = new SessionStore(
      { name: "s", options: { path: "/", secure: true, expires: new Date(Date.UTC(2031, 0, 1)) } },
      { "s.0": "a", "s.1": "b", other: "c" },
    )
    expect(store.clean()).toEqual([
      { name: "s.0", value: "", options: { path: "/", secure: true, maxAge: 0 } },
      { name: "s.1", value: "", options: { path: "/", secure: true, maxAge: 0 } },
    ])
    expect(store.clean()).toEqual([])
    expect(store.value).toBe("")
  })

  it("after chunk(), clean() deletes the chunks just written", () => {
    const store = new SessionStore(option, { "authjs.session-token": "old" })
    store.chunk("v".repeat(CHUNK_SIZE + 1))
    expect(store.clean().map((c) => c.name)).toEqual(["authjs.session-token.0", "authjs.session-token.1"])
  })

  it("has an empty value without cookies", () => {
    expect(new SessionStore(option, {}).value).toBe("")
    expect(new SessionStore(option, {}).clean()).toEqual([])
  })
})
