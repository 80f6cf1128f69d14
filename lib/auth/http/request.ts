/**
 * Turns a standard Request into the parts the actions use (action, provider,
 * query, body, cookies), refusing with BadRequest what is not an auth route or
 * has an oversized or malformed body. It never runs an action.
 */
import { parseCookies } from "../cookies"
import { BadRequest } from "../errors"

export type AuthAction =
  | "providers"
  | "session"
  | "csrf"
  | "signin"
  | "signout"
  | "callback"
  | "verify-request"
  | "error"
  | "webauthn-options"
  | "two-factor"
  | "reauthenticate"
  | "sso"

const actions = new Set<string>([
  "providers",
  "session",
  "csrf",
  "signin",
  "signout",
  "callback",
  "verify-request",
  "error",
  "webauthn-options",
  "two-factor",
  "reauthenticate",
  "sso",
])
const actionsWithProvider = new Set<string>(["signin", "callback", "webauthn-options"])

/** Largest request body we read; sign-in forms are tiny, so anything bigger is refused (413). */
export const MAX_BODY_BYTES = 64 * 1024

export interface RequestInternal {
  url: URL
  method: "GET" | "POST"
  action: AuthAction
  providerId?: string
  /** /sso/… only: the segments after "sso" (kind, connection, endpoint). */
  ssoPath?: string[]
  query: Record<string, string>
  body?: Record<string, unknown>
  cookies: Record<string, string>
  headers: Headers
  /** The caller's original request (its body is consumed). */
  request: Request
}

/** Splits `${basePath}/action[/provider]`; null when the path is not an auth route. */
export function parseActionAndProvider(
  pathname: string,
  basePath: string,
): { action: AuthAction; providerId?: string; ssoPath?: string[] } | null {
  if (!pathname.startsWith(basePath)) return null
  const rest = pathname.slice(basePath.length)
  if (rest !== "" && !rest.startsWith("/")) return null
  const segments = rest.split("/").filter((s) => s !== "")
  // Single sign-on's endpoints name a kind, a connection and an endpoint: /sso/saml/{id}/acs.
  if (segments.length === 4 && segments[0] === "sso") {
    try {
      return { action: "sso", ssoPath: segments.slice(1).map((segment) => decodeURIComponent(segment)) }
    } catch {
      return null
    }
  }
  if (segments.length < 1 || segments.length > 2) return null
  let action: string
  let providerId: string | undefined
  try {
    action = decodeURIComponent(segments[0])
    providerId = segments[1] === undefined ? undefined : decodeURIComponent(segments[1])
  } catch {
    return null
  }
  if (!actions.has(action)) return null
  if (providerId === "undefined") providerId = undefined
  if (providerId !== undefined && !actionsWithProvider.has(action)) return null
  return { action: action as AuthAction, providerId }
}

async function readBody(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0")
  if (declared > MAX_BODY_BYTES) throw new BadRequest(413, "Request body too large.")
  if (!request.body) return ""
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {})
      throw new BadRequest(413, "Request body too large.")
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}

/**
 * Auth bodies are a few flat fields plus a small `data` object. JSON.parse
 * accepts nesting thousands deep, but re-serialising such a value later (the
 * Request handed to authorize(), a session token) overflows the stack, so it
 * is refused here as a bad request.
 */
const MAX_JSON_DEPTH = 32

function nestedDeeperThan(value: object, limit: number): boolean {
  // Iterative, so the check itself cannot overflow the stack.
  const stack: Array<[unknown, number]> = [[value, 1]]
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!
    if (typeof current !== "object" || current === null) continue
    if (depth > limit) return true
    for (const child of Object.values(current)) stack.push([child, depth + 1])
  }
  return false
}

function firstValues(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of params) if (!(key in out)) out[key] = value
  return out
}

async function parseBody(request: Request): Promise<Record<string, unknown> | undefined> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase()
  if (type === "application/json") {
    const text = await readBody(request)
    if (text.trim() === "") return {}
    let parsed: unknown
    // A JSON escape can spell a lone surrogate ("\ud800"), which no form or query string can: such
    // a string cannot be percent-encoded into a cookie or a Location, so the body is refused.
    let wellFormed = true
    try {
      parsed = JSON.parse(text, (key, value: unknown) => {
        if (!key.isWellFormed() || (typeof value === "string" && !value.isWellFormed())) wellFormed = false
        return value
      })
    } catch {
      throw new BadRequest(400, "Malformed JSON body.")
    }
    if (!wellFormed) throw new BadRequest(400, "The JSON body contains an unpaired surrogate.")
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new BadRequest(400, "The JSON body must be an object.")
    }
    if (nestedDeeperThan(parsed, MAX_JSON_DEPTH)) throw new BadRequest(400, "The JSON body is nested too deeply.")
    return parsed as Record<string, unknown>
  }
  if (type === "application/x-www-form-urlencoded") {
    return firstValues(new URLSearchParams(await readBody(request)))
  }
  // Other content types carry no fields we understand; the actions then see
  // no csrfToken and refuse the POST where it matters.
  if (request.body) await request.body.cancel().catch(() => {})
  return undefined
}

/**
 * The parts of a request that need no body: everything but `body`. Throws
 * BadRequest as parseRequest does. Synchronous, so a GET (every session read)
 * costs no promise here: under Next.js each one pays async-hook bookkeeping.
 */
export function parseRequestHead(request: Request, basePath: string): RequestInternal {
  let url: URL
  try {
    url = new URL(request.url)
  } catch {
    throw new BadRequest(400)
  }
  const route = parseActionAndProvider(url.pathname, basePath)
  if (!route) throw new BadRequest(400)
  const method = request.method.toUpperCase()
  if (method !== "GET" && method !== "POST") throw new BadRequest(400)
  return {
    url,
    method,
    action: route.action,
    providerId: route.providerId,
    ...(route.ssoPath && { ssoPath: route.ssoPath }),
    query: firstValues(url.searchParams),
    body: undefined,
    cookies: parseCookies(request.headers.get("cookie")),
    headers: request.headers,
    request,
  }
}

/**
 * Turns a standard Request into the parts the actions use. Throws BadRequest
 * for anything that is not an auth route, a method other than GET/POST, an
 * oversized or malformed body.
 */
export async function parseRequest(request: Request, basePath: string): Promise<RequestInternal> {
  const head = parseRequestHead(request, basePath)
  return head.method === "POST" ? { ...head, body: await parseBody(request) } : head
}
