/**
 * SvelteKit-shaped request events built from real Requests: the fields of
 * RequestEvent the layer uses (request, url, getClientAddress, locals, and
 * cookies.get/getAll/set) behaving as SvelteKit's do, and the way SvelteKit
 * finishes a response (cookies set on the event become Set-Cookie headers).
 */
import type { SvelteKitEvent } from "@/lib/auth/sveltekit"

interface SetEntry {
  name: string
  value: string
  options: {
    path: string
    domain?: string
    expires?: Date
    maxAge?: number
    httpOnly?: boolean
    secure?: boolean
    sameSite?: boolean | "lax" | "strict" | "none"
  }
}

function parseCookieHeader(header: string | null): Map<string, string> {
  const jar = new Map<string, string>()
  for (const pair of (header ?? "").split(";")) {
    const eq = pair.indexOf("=")
    if (eq === -1) continue
    const name = pair.slice(0, eq).trim()
    if (!name || jar.has(name)) continue
    try {
      jar.set(name, decodeURIComponent(pair.slice(eq + 1).trim()))
    } catch {
      jar.set(name, pair.slice(eq + 1).trim())
    }
  }
  return jar
}

/** Set-Cookie as SvelteKit writes it (the `cookie` package with encodeURIComponent). */
function serialize({ name, value, options }: SetEntry): string {
  let header = `${name}=${encodeURIComponent(value)}`
  if (options.maxAge !== undefined) header += `; Max-Age=${Math.floor(options.maxAge)}`
  if (options.domain) header += `; Domain=${options.domain}`
  if (options.path) header += `; Path=${options.path}`
  if (options.expires) header += `; Expires=${options.expires.toUTCString()}`
  if (options.httpOnly) header += "; HttpOnly"
  if (options.secure) header += "; Secure"
  if (options.sameSite) {
    const sameSite = options.sameSite === true ? "Strict" : options.sameSite[0].toUpperCase() + options.sameSite.slice(1)
    header += `; SameSite=${sameSite}`
  }
  return header
}

export interface TestEvent extends SvelteKitEvent {
  locals: { auth?: () => Promise<unknown> }
  /** What SvelteKit would add to the response for cookies set on this event. */
  setCookieHeaders(): string[]
}

export function requestEvent(request: Request, clientAddress = "127.0.0.1"): TestEvent {
  const fromRequest = parseCookieHeader(request.headers.get("cookie"))
  const set = new Map<string, SetEntry>()
  const current = () => {
    const jar = new Map(fromRequest)
    for (const [name, entry] of set) {
      const deleted = entry.options.maxAge === 0 || (entry.options.expires && entry.options.expires.valueOf() <= Date.now())
      if (deleted) jar.delete(name)
      else jar.set(name, entry.value)
    }
    return jar
  }
  const cookies = {
    get: (name: string) => current().get(name),
    getAll: () => [...current()].map(([name, value]) => ({ name, value })),
    set: (name: string, value: string, options: SetEntry["options"]) => void set.set(name, { name, value, options }),
  } as unknown as SvelteKitEvent["cookies"]
  return {
    request,
    url: new URL(request.url),
    getClientAddress: () => clientAddress,
    locals: {},
    cookies,
    setCookieHeaders: () => [...set.values()].map(serialize),
  }
}

/** A response as SvelteKit sends it: the handler's, plus the event's cookies. */
export function finish(response: Response, event: TestEvent): Response {
  const headers = new Headers(response.headers)
  for (const value of event.setCookieHeaders()) headers.append("set-cookie", value)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}
