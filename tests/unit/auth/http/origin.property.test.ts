/**
 * Property tests of the public-origin resolution from Host and forwarded
 * headers: it never throws, always yields a plain http(s) origin, and no
 * header can move it when AUTH_URL is set or trustHost is off.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { originResolver, resolveOrigin } from "@/lib/auth/http/origin"

const hostish = fc.oneof(
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.domain(),
  fc.tuple(fc.domain(), fc.integer({ min: -1, max: 100_000 })).map(([d, p]) => `${d}:${p}`),
  fc.constantFrom("[::1]:3000", "[zz]", "a..b", "evil.example, good.example", "", " ", "x".repeat(300), "host:99999", "%65vil", "a b"),
)
const proto = fc.oneof(fc.constantFrom("http", "https", "HTTPS", "https, http", "javascript", "ftp", ""), fc.string({ maxLength: 10 }))
const headerSet = fc.record(
  { host: hostish, "x-forwarded-host": hostish, "x-forwarded-proto": proto },
  { requiredKeys: [] },
)

function headers(values: Partial<Record<string, string>>) {
  return { get: (name: string) => values[name.toLowerCase()] ?? null }
}

describe("forwarded-header origin resolution", () => {
  it("never throws and always yields an http(s) origin that round-trips through the URL parser", () => {
    fc.assert(
      fc.property(headerSet, fc.boolean(), fc.option(fc.constantFrom("http://localhost:3000/x", "not a url"), { nil: undefined }), (values, trustHost, fallback) => {
        const origin = resolveOrigin(headers(values), { trustHost, fallback })
        const url = new URL(origin)
        expect(["http:", "https:"]).toContain(url.protocol)
        expect(url.origin).toBe(origin)
      }),
      { numRuns: 3000 },
    )
  })

  it("AUTH_URL fixes the origin whatever the headers say", () => {
    fc.assert(
      fc.property(headerSet, fc.boolean(), (values, trustHost) => {
        expect(resolveOrigin(headers(values), { authUrl: "https://app.example.com/api/auth", trustHost })).toBe("https://app.example.com")
      }),
      { numRuns: 1000 },
    )
  })

  it("without trustHost, X-Forwarded-* cannot change the origin", () => {
    fc.assert(
      fc.property(headerSet, (values) => {
        const withForwarded = resolveOrigin(headers(values), { trustHost: false, fallback: "http://127.0.0.1:3000/" })
        const without = resolveOrigin(headers({ host: values.host }), { trustHost: false, fallback: "http://127.0.0.1:3000/" })
        expect(withForwarded).toBe(without)
      }),
      { numRuns: 1000 },
    )
  })
})

describe("originResolver (resolveOrigin remembered per deployment)", () => {
  const fallbacks = fc.option(
    fc.constantFrom("http://localhost:3000/x", "https://localhost:3000/y?z=1", "http://internal:3000/", "not a url", "https://[::1]:8443/a"),
    { nil: undefined },
  )

  it("answers exactly what resolveOrigin answers, for every request in any order, past its bound", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(headerSet, fallbacks), { minLength: 1, maxLength: 400 }),
        fc.boolean(),
        fc.option(fc.constantFrom("https://app.example.com/api/auth", "not a url"), { nil: undefined }),
        (requests, trustHost, authUrl) => {
          const resolve = originResolver({ trustHost, authUrl })
          // Each request twice: the second answer comes from the memo.
          for (const [values, fallback] of [...requests, ...requests]) {
            expect(resolve(headers(values), fallback)).toBe(resolveOrigin(headers(values), { trustHost, authUrl, fallback }))
          }
        },
      ),
      { numRuns: 60 },
    )
  })
})
