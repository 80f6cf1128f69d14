/**
 * Where the app is reached from the outside. Route handlers, server
 * components and middleware all derive it the same way, so the cookie names
 * (which depend on http vs https) agree across them.
 */

export type HeaderSource = { get(name: string): string | null }

/** First value of a possibly comma-joined header ("a, b" from chained proxies), or undefined. */
function firstValue(value: string | null): string | undefined {
  const first = value?.split(",")[0]?.trim()
  return first ? first : undefined
}

const hostShape = /^(?:[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i

/** A DNS name is at most 253 characters; with a port and IPv6 brackets, 261 is the longest real host. */
const MAX_HOST_LENGTH = 261

/**
 * A host[:port] we can build an origin from. The shape test alone lets a port
 * above 65535 or an IPv6 literal the URL parser rejects through, and `new URL`
 * would then throw far from here; anything not accepted is ignored like an
 * absent header.
 */
function isUsableHost(host: string): boolean {
  if (host.length > MAX_HOST_LENGTH) return false
  const match = hostShape.exec(host)
  if (!match) return false
  if (match[1] !== undefined && Number(match[1]) > 65535) return false
  try {
    return new URL(`http://${host}`).host !== ""
  } catch {
    return false
  }
}

function isLocalHost(host: string): boolean {
  const name = host.replace(/:\d+$/, "").toLowerCase()
  return name === "localhost" || name === "127.0.0.1" || name === "[::1]" || name.endsWith(".localhost")
}

export interface OriginOptions {
  /** AUTH_URL (or NEXTAUTH_URL): when set, it is the origin, whatever the headers say. */
  authUrl?: string
  trustHost: boolean
  /** Origin of the URL the framework built for the request, used when the headers say nothing usable. */
  fallback?: string
}

/**
 * The deployment origin. With AUTH_URL it is fixed. Otherwise, with trustHost,
 * X-Forwarded-Host/-Proto are honoured (first value of a list; a malformed
 * value is ignored, never an error); then the Host header.
 */
export function resolveOrigin(headers: HeaderSource, options: OriginOptions): string {
  if (options.authUrl) {
    try {
      const url = new URL(options.authUrl)
      // A value without an http(s) scheme has the origin "null"; it falls through like an unparsable one.
      if (url.protocol === "http:" || url.protocol === "https:") return url.origin
    } catch {
      // An unusable AUTH_URL falls through to the headers (the start-up check names it).
    }
  }
  const fallback = options.fallback ? safeUrl(options.fallback) : undefined
  const forwardedHost = options.trustHost ? firstValue(headers.get("x-forwarded-host")) : undefined
  const forwardedProto = options.trustHost ? firstValue(headers.get("x-forwarded-proto"))?.toLowerCase() : undefined
  const host = [forwardedHost, firstValue(headers.get("host")), fallback?.host].find(
    (h): h is string => h !== undefined && isUsableHost(h),
  )
  if (!host) return fallback?.origin ?? "http://localhost"
  const proto =
    forwardedProto === "http" || forwardedProto === "https"
      ? forwardedProto
      : fallback && fallback.host === host
        ? fallback.protocol.replace(":", "")
        : isLocalHost(host)
          ? "http"
          : "https"
  // Through the URL parser, so "HOST:443" and "host" give one origin: it is compared with
  // URL.origin values elsewhere (redirect targets, Origin headers).
  return new URL(`${proto}://${host}`).origin
}

/** Most distinct header combinations remembered per resolver; past it the memo starts over. */
const ORIGIN_MEMO_ENTRIES = 256

/** "scheme://authority" of an absolute URL string: all of a fallback URL that resolveOrigin reads. */
function originPrefix(url: string): string {
  const start = url.indexOf("//")
  const end = start === -1 ? -1 : url.indexOf("/", start + 2)
  return end === -1 ? url : url.slice(0, end)
}

/**
 * resolveOrigin for one deployment's options, remembering its answers: it
 * runs for every request (route handlers, middleware, server components), and
 * the same few hosts give the same origin every time, each answer costing
 * three URL parses. The memo's key is every input the answer depends on.
 * Header values are the client's, so the memo is bounded.
 */
export function originResolver(options: Omit<OriginOptions, "fallback">): (headers: HeaderSource, fallback?: string) => string {
  const memo = new Map<string, string>()
  return (headers, fallback) => {
    // JSON, not a separator: a HeaderSource need not refuse any character in a value.
    const key = JSON.stringify([
      options.trustHost ? headers.get("x-forwarded-host") : null,
      options.trustHost ? headers.get("x-forwarded-proto") : null,
      headers.get("host"),
      fallback === undefined ? null : originPrefix(fallback),
    ])
    const known = memo.get(key)
    if (known !== undefined) return known
    const origin = resolveOrigin(headers, { ...options, fallback })
    if (memo.size >= ORIGIN_MEMO_ENTRIES) memo.clear()
    memo.set(key, origin)
    return origin
  }
}

function safeUrl(value: string): URL | undefined {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

/** The same request with its origin replaced (path, query, method, headers and body kept). */
export function withOrigin(request: Request, origin: string): Request {
  const url = new URL(request.url)
  const target = new URL(`${url.pathname}${url.search}`, origin)
  if (target.href === url.href) return request
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.body !== null
  return new Request(target, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : undefined,
    // Node's fetch needs this to forward a streamed body.
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit)
}
