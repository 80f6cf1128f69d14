/**
 * Where a state-changing request came from, by the headers browsers set and
 * pages cannot: `Sec-Fetch-Site` and `Origin`. A second line behind the CSRF
 * double-submit token (see docs/decisions.md, "Origin checks on auth POSTs").
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
 * Either header naming anything but this origin makes it cross-site: a
 * `same-site` fetch (another subdomain of the same site, which can also plant
 * cookies) included, and an opaque `Origin: null` (sandboxed frames,
 * privacy-redirected forms).
 */
export function requestSite(headers: HeaderSource, origin: string): RequestSite {
  const fetchSite = headers.get("sec-fetch-site")?.trim().toLowerCase()
  const originHeader = headers.get("origin")?.trim()
  if (fetchSite !== undefined && fetchSite !== "" && fetchSite !== "same-origin" && fetchSite !== "none") return "cross-site"
  if (originHeader !== undefined && originHeader !== "") {
    const expected = originOf(origin)
    return expected !== undefined && originOf(originHeader) === expected ? "same-origin" : "cross-site"
  }
  return fetchSite === "same-origin" ? "same-origin" : "unknown"
}
