/**
 * Where a state-changing request came from, by the headers browsers set and
 * pages cannot: `Sec-Fetch-Site` and `Origin`. A second line behind the CSRF
 * double-submit token (see docs/decisions/request-security.md, "Origin checks on auth POSTs").
 */

type HeaderSource = { get(name: string): string | null }

/**
 * "same-origin": the browser says so. "cross-site": the browser says it came
 * from another origin (a sibling subdomain included). "unknown": neither
 * header, as from curl or a server-side client, which only the CSRF token
 * then protects.
 */
export type RequestSite = "same-origin" | "cross-site" | "unknown"

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * Classifies a request against `origin`, the deployment's public origin.
 * Sec-Fetch-Site decides when present: anything but `same-origin` (or `none`,
 * a user-typed navigation) is cross-site, a `same-site` fetch from another
 * subdomain (which can also plant cookies) included. Without it (older
 * browsers), an Origin naming another origin is cross-site. `Origin: null`
 * says nothing: browsers send it for their own same-origin form posts from a
 * page with `Referrer-Policy: no-referrer`, which the built-in pages are.
 */
export function requestSite(headers: HeaderSource, origin: string): RequestSite {
  const fetchSite = headers.get("sec-fetch-site")?.trim().toLowerCase()
  const originHeader = headers.get("origin")?.trim()
  if (fetchSite !== undefined && fetchSite !== "") {
    if (fetchSite !== "same-origin" && fetchSite !== "none") return "cross-site"
    // A browser that says same-origin but names another Origin is lying to one of us: refuse.
    if (originHeader && originHeader !== "null" && originOf(originHeader) !== originOf(origin)) return "cross-site"
    return fetchSite === "same-origin" ? "same-origin" : "unknown"
  }
  if (originHeader !== undefined && originHeader !== "" && originHeader !== "null") {
    const expected = originOf(origin)
    return expected !== undefined && originOf(originHeader) === expected ? "same-origin" : "cross-site"
  }
  return "unknown"
}
