/**
 * Property tests of the Cookie header parser and session-cookie chunking:
 * whatever a client sends never throws, and what we write reads back as written.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { CHUNK_SIZE, defaultCookies, MAX_CHUNKS, parseCookies, serializeCookie, SessionStore } from "@/lib/auth/cookies"

const option = defaultCookies(false).sessionToken
const tokenChar = fc.constantFrom(..."!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".split(""))
const cookieName = fc.string({ unit: tokenChar, minLength: 1, maxLength: 20 })
/** Any text, including lone surrogates and control characters, as a hostile header could carry. */
const anyText = fc.string({ unit: "binary", maxLength: 400 })

/** The Cookie header a browser sends back for these Set-Cookie values. */
function cookieHeaderFor(setCookies: string[]): string {
  return setCookies.map((header) => header.split(";")[0]).join("; ")
}

describe("Cookie header parsing and session chunks", () => {
  it("never throws on any header, and every value it returns is an own string entry", () => {
    const pieces = fc.oneof(anyText, fc.constantFrom(";", "=", "%", "%E0%A4%A", '"', "__proto__=1", "constructor=x", "\u0000"))
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const cookies = parseCookies(parts.join(""))
        expect(Object.getPrototypeOf(cookies)).toBeNull()
        for (const [name, value] of Object.entries(cookies)) {
          expect(typeof name).toBe("string")
          expect(typeof value).toBe("string")
        }
      }),
      { numRuns: 500 },
    )
  })

  it("reads back every cookie we serialise, first occurrence winning", () => {
    const wellFormed = fc.string({ unit: "grapheme", maxLength: 200 })
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(cookieName, wellFormed), { selector: ([n]) => n, maxLength: 10 }), wellFormed, (pairs, shadow) => {
        const headers = pairs.map(([name, value]) => serializeCookie({ name, value, options: { path: "/" } }))
        // A second cookie of the same name (e.g. a less specific path) comes later and must not win.
        const extra = pairs.length > 0 ? [serializeCookie({ name: pairs[0]![0], value: shadow, options: {} })] : []
        const parsed = parseCookies(cookieHeaderFor([...headers, ...extra]))
        for (const [name, value] of pairs) expect(parsed[name]).toBe(value)
      }),
      { numRuns: 300 },
    )
  })

  it("reassembles a chunked session value exactly, whatever its size and content, in any cookie order", () => {
    const value = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 200 }),
      fc.string({ unit: fc.constantFrom("a", "Z", "-", "_", "."), minLength: CHUNK_SIZE - 2, maxLength: CHUNK_SIZE * 5 }),
    )
    fc.assert(
      fc.property(value, fc.infiniteStream(fc.nat()), (text, order) => {
        const written = new SessionStore(option, {}).chunk(text)
        expect(written.length).toBeLessThanOrEqual(MAX_CHUNKS)
        for (const cookie of written) expect(cookie.value.length).toBeLessThanOrEqual(CHUNK_SIZE)
        const headers = written.map(serializeCookie)
        // Browsers send cookies in no order we may rely on.
        const shuffled = [...headers].sort(() => (order.next().value % 3) - 1)
        const store = new SessionStore(option, parseCookies(cookieHeaderFor(shuffled)))
        expect(store.value).toBe(text)
      }),
      { numRuns: 200 },
    )
  })

  it("writing a shorter value deletes every chunk the longer one left, and only those", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 5 }), (longChunks, shortChunks) => {
        const long = "x".repeat(CHUNK_SIZE * longChunks + 1)
        const first = new SessionStore(option, {}).chunk(long)
        const store = new SessionStore(option, parseCookies(cookieHeaderFor(first.map(serializeCookie))))
        const short = shortChunks === 0 ? "short" : "y".repeat(CHUNK_SIZE * shortChunks + 1)
        const second = store.chunk(short)
        const live = second.filter((c) => c.options.maxAge !== 0).map((c) => c.name)
        const deleted = second.filter((c) => c.options.maxAge === 0).map((c) => c.name)
        const previous = first.map((c) => c.name)
        expect(new Set([...live, ...deleted])).toEqual(new Set([...live, ...previous]))
        for (const name of deleted) expect(live).not.toContain(name)
        const after = new SessionStore(option, parseCookies(cookieHeaderFor(second.filter((c) => c.options.maxAge !== 0).map(serializeCookie))))
        expect(after.value).toBe(short)
      }),
    )
  })

  it("ignores chunk names that are not ours, and chunk numbers past the cap", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.oneof(cookieName, fc.constantFrom(`${option.name}.16`, `${option.name}.01`, `${option.name}.-1`, `${option.name}x`)), anyText), (cookies) => {
        const store = new SessionStore(option, cookies)
        expect(store.value).toBe("")
      }),
      { numRuns: 200 },
    )
  })
})
