/**
 * Double-submit CSRF protection. The cookie holds `token|hash(token + secret)`
 * so the server can tell a token it issued from one an attacker planted (a
 * sibling subdomain can set cookies but cannot compute the hash); a state
 * changing POST must echo the token in its body.
 */
import { hashToken, timingSafeEqualString, verifyHashedToken } from "./hash"

export interface CreateCSRFTokenParams {
  /** Current secret first; older ones only verify. */
  secrets: readonly string[]
  /** The CSRF cookie as sent by the browser, already URI-decoded. */
  cookieValue?: string
  isPost: boolean
  /** `csrfToken` from the request body. */
  bodyValue?: unknown
}

export interface CSRFTokenResult {
  csrfToken: string
  /** A new cookie value to set; present when the request's cookie was missing or invalid. */
  cookie?: string
  /** True only for a POST whose body token equals the verified cookie token. */
  csrfTokenVerified: boolean
}

/** 32 random bytes as 64 hex characters, the shape Auth.js issues. */
const TOKEN_FORMAT = /^[0-9a-f]{64}$/
const HASH_FORMAT = /^[0-9a-f]{64}$/

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  let hex = ""
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0")
  return hex
}

/** The token from a cookie value, or undefined when it was not issued with one of `secrets`. */
async function verifiedCookieToken(cookieValue: string | undefined, secrets: readonly string[]): Promise<string | undefined> {
  if (!cookieValue) return undefined
  const separator = cookieValue.indexOf("|")
  if (separator === -1) return undefined
  const token = cookieValue.slice(0, separator)
  const hash = cookieValue.slice(separator + 1)
  if (!TOKEN_FORMAT.test(token) || !HASH_FORMAT.test(hash)) return undefined
  return (await verifyHashedToken({ token, hash, secrets })) ? token : undefined
}

export async function createCSRFToken(params: CreateCSRFTokenParams): Promise<CSRFTokenResult> {
  const { secrets, cookieValue, isPost, bodyValue } = params
  const [current] = secrets
  if (!current) throw new TypeError("createCSRFToken needs at least one secret")

  const trusted = await verifiedCookieToken(cookieValue, secrets)
  if (trusted !== undefined) {
    const csrfTokenVerified = isPost && typeof bodyValue === "string" && timingSafeEqualString(bodyValue, trusted)
    return { csrfToken: trusted, csrfTokenVerified }
  }

  const csrfToken = randomToken()
  return { csrfToken, cookie: `${csrfToken}|${await hashToken(csrfToken, current)}`, csrfTokenVerified: false }
}
