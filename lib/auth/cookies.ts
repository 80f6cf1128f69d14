/**
 * Cookie names and attributes (Auth.js v5 compatible), Cookie header parsing,
 * Set-Cookie serialization, and splitting of large session cookies into
 * chunks that stay under browsers' ~4 KB per-cookie limit.
 */
import type { Cookie, CookieKey, CookieOption, CookieSerializeOptions, CookiesOptions, CookiesOverrides } from "./types"

/** 4096 bytes minus room for the name and attributes. */
export const CHUNK_SIZE = 4096 - 160

const FIFTEEN_MINUTES = 15 * 60
/**
 * How long a first factor waits for the second: five minutes at most, since the pending cookie
 * carries the first factor's proof and the provider's tokens.
 */
export const TWO_FACTOR_PENDING_SECONDS = 5 * 60

/**
 * The session and callback-url cookies keep Auth.js's `__Secure-` names, so
 * apps and tools that read them keep working. The CSRF token and the
 * short-lived check cookies of a sign-in in progress (OAuth state, PKCE
 * verifier, nonce, WebAuthn challenge) use `__Host-`: the browser then refuses
 * any such cookie that names a Domain or another path, so a sibling subdomain
 * cannot plant its own check values for a login CSRF. (Auth.js uses
 * `__Secure-` for the check cookies; see docs/decisions/request-security.md.)
 */
export function defaultCookies(useSecureCookies: boolean): CookiesOptions {
  const prefix = useSecureCookies ? "__Secure-" : ""
  const hostOnly = useSecureCookies ? "__Host-" : ""
  // A fresh object per cookie so callers can mutate one without touching the others.
  const base = (): CookieSerializeOptions => ({ httpOnly: true, sameSite: "lax", path: "/", secure: useSecureCookies })
  return {
    sessionToken: { name: `${prefix}authjs.session-token`, options: base() },
    callbackUrl: { name: `${prefix}authjs.callback-url`, options: base() },
    csrfToken: { name: `${hostOnly}authjs.csrf-token`, options: base() },
    pkceCodeVerifier: { name: `${hostOnly}authjs.pkce.code_verifier`, options: { ...base(), maxAge: FIFTEEN_MINUTES } },
    state: { name: `${hostOnly}authjs.state`, options: { ...base(), maxAge: FIFTEEN_MINUTES } },
    nonce: { name: `${hostOnly}authjs.nonce`, options: base() },
    webauthnChallenge: { name: `${hostOnly}authjs.challenge`, options: { ...base(), maxAge: FIFTEEN_MINUTES } },
    twoFactorPending: { name: `${hostOnly}authjs.two-factor`, options: { ...base(), maxAge: TWO_FACTOR_PENDING_SECONDS } },
    ssoRequest: { name: `${hostOnly}authjs.sso-request`, options: { ...base(), maxAge: FIFTEEN_MINUTES } },
  }
}

/**
 * Whether a cookie can carry the `__Host-` prefix: browsers drop such a cookie
 * unless it is Secure, has Path=/ and no Domain.
 */
function fitsHostPrefix(options: CookieSerializeOptions): boolean {
  return options.secure === true && !options.domain && (options.path ?? "/") === "/"
}

function definedEntries<T extends object>(value: T | undefined): Partial<T> {
  const result: Partial<T> = {}
  if (!value) return result
  for (const [key, entry] of Object.entries(value)) {
    if (entry !== undefined) (result as Record<string, unknown>)[key] = entry
  }
  return result
}

/**
 * `config.cookies` over the defaults: each given name or option replaces the
 * default one; anything not given (or given as undefined) keeps its default.
 */
export function mergeCookieOptions(defaults: CookiesOptions, overrides: CookiesOverrides = {}): CookiesOptions {
  const merged = {} as CookiesOptions
  for (const key of Object.keys(defaults) as CookieKey[]) {
    const base = defaults[key]
    const override = overrides[key]
    const options = { ...base.options, ...definedEntries(override?.options) }
    // A default __Host- name whose options were given a Domain or a path would be dropped by
    // every browser: it falls back to __Secure-, which allows them.
    const name =
      override?.name ?? (base.name.startsWith("__Host-") && !fitsHostPrefix(options) ? `__Secure-${base.name.slice(7)}` : base.name)
    merged[key] = { name, options }
  }
  return merged
}

function decodeValue(raw: string): string {
  const unquoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw
  if (!unquoted.includes("%")) return unquoted
  try {
    return decodeURIComponent(unquoted)
  } catch {
    return unquoted
  }
}

/**
 * Parses a Cookie request header. The first occurrence of a name wins (it is
 * the most specific path per RFC 6265 §5.4). Never throws.
 */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  // No prototype: a cookie named "__proto__" must stay a plain entry.
  const cookies = Object.create(null) as Record<string, string>
  if (!header) return cookies
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=")
    if (eq === -1) continue
    const name = pair.slice(0, eq).trim()
    if (!name || Object.hasOwn(cookies, name)) continue
    cookies[name] = decodeValue(pair.slice(eq + 1).trim())
  }
  return cookies
}

/** RFC 6265 cookie-name: an RFC 7230 token. */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
/** Attribute values must not end the attribute early or carry control characters. */
const ATTRIBUTE_VALUE = /^[^\u0000-\u001f\u007f;]*$/

const PRIORITY = { low: "Low", medium: "Medium", high: "High" } as const
const SAME_SITE = { lax: "Lax", strict: "Strict", none: "None" } as const

/**
 * One Set-Cookie header value. The value is percent-encoded; attributes are
 * written in Auth.js's order so the headers are byte-identical.
 */
export function serializeCookie(cookie: Cookie): string {
  const { name, value, options } = cookie
  if (!COOKIE_NAME.test(name)) throw new TypeError(`Invalid cookie name: ${JSON.stringify(name)}`)
  let header = `${name}=${encodeURIComponent(value)}`

  if (options.maxAge !== undefined) {
    if (!Number.isFinite(options.maxAge)) throw new TypeError(`Invalid cookie maxAge: ${options.maxAge}`)
    header += `; Max-Age=${Math.floor(options.maxAge)}`
  }
  if (options.domain) {
    if (!ATTRIBUTE_VALUE.test(options.domain)) throw new TypeError(`Invalid cookie domain: ${JSON.stringify(options.domain)}`)
    header += `; Domain=${options.domain}`
  }
  if (options.path) {
    if (!ATTRIBUTE_VALUE.test(options.path)) throw new TypeError(`Invalid cookie path: ${JSON.stringify(options.path)}`)
    header += `; Path=${options.path}`
  }
  if (options.expires) {
    if (!(options.expires instanceof Date) || Number.isNaN(options.expires.getTime())) {
      throw new TypeError("Invalid cookie expires: not a valid Date")
    }
    header += `; Expires=${options.expires.toUTCString()}`
  }
  if (options.httpOnly) header += "; HttpOnly"
  if (options.secure) header += "; Secure"
  if (options.partitioned) header += "; Partitioned"
  if (options.priority) {
    const priority = PRIORITY[options.priority]
    if (!priority) throw new TypeError(`Invalid cookie priority: ${String(options.priority)}`)
    header += `; Priority=${priority}`
  }
  if (options.sameSite) {
    // `true` means the strictest policy.
    const sameSite = options.sameSite === true ? "Strict" : SAME_SITE[options.sameSite]
    if (!sameSite) throw new TypeError(`Invalid cookie sameSite: ${String(options.sameSite)}`)
    header += `; SameSite=${sameSite}`
  }
  return header
}

/**
 * Most chunks a session cookie may have. A session is a few kilobytes; a
 * request claiming hundreds of chunks is junk, and answering each with a
 * deletion would make one request produce a response header too large for
 * proxies. Chunks beyond the cap are neither read nor cleared.
 */
export const MAX_CHUNKS = 16

/** Index of a chunk named `base` (-1: the unchunked cookie) or `base.N` with N below MAX_CHUNKS; undefined if not ours. */
function chunkIndex(base: string, name: string): number | undefined {
  if (name === base) return -1
  if (!name.startsWith(`${base}.`)) return undefined
  const suffix = name.slice(base.length + 1)
  return /^(?:0|[1-9]\d?)$/.test(suffix) && Number(suffix) < MAX_CHUNKS ? Number(suffix) : undefined
}

/**
 * The session cookie, possibly split over `name.0`, `name.1`, …. It remembers
 * which chunk cookies the browser sent so that writes can delete the ones a
 * shorter value no longer needs.
 */
export class SessionStore {
  readonly #option: CookieOption
  /** Chunk names the browser currently holds (as far as this request knows), with values. */
  #chunks = new Map<string, string>()

  constructor(option: CookieOption, requestCookies: Record<string, string>) {
    this.#option = option
    for (const [name, value] of Object.entries(requestCookies)) {
      if (value !== "" && chunkIndex(option.name, name) !== undefined) this.#chunks.set(name, value)
    }
  }

  /** The whole value, chunks joined in index order; "" when there is none. */
  get value(): string {
    const base = this.#option.name
    return [...this.#chunks]
      .map(([name, value]) => ({ index: chunkIndex(base, name) ?? 0, value }))
      .sort((a, b) => a.index - b.index)
      .map((chunk) => chunk.value)
      .join("")
  }

  /**
   * Cookies that store `value`: one cookie under the base name when it fits,
   * otherwise `name.0`, `name.1`, …, plus deletions for chunks the browser
   * holds that the new value does not overwrite.
   */
  chunk(value: string, options: CookieSerializeOptions = {}): Cookie[] {
    const base = this.#option.name
    const cookieOptions = { ...this.#option.options, ...options }
    const written: Cookie[] = []
    if (value.length <= CHUNK_SIZE) {
      written.push({ name: base, value, options: cookieOptions })
    } else {
      for (let i = 0, offset = 0; offset < value.length; i++, offset += CHUNK_SIZE) {
        written.push({ name: `${base}.${i}`, value: value.slice(offset, offset + CHUNK_SIZE), options: { ...cookieOptions } })
      }
    }
    const writtenNames = new Set(written.map((cookie) => cookie.name))
    const stale = [...this.#chunks.keys()].filter((name) => !writtenNames.has(name)).map((name) => this.#deletion(name))

    this.#chunks = new Map(written.map((cookie) => [cookie.name, cookie.value]))
    return [...written, ...stale]
  }

  /** Deletions for every chunk the browser holds. */
  clean(): Cookie[] {
    const deletions = [...this.#chunks.keys()].map((name) => this.#deletion(name))
    this.#chunks.clear()
    return deletions
  }

  #deletion(name: string): Cookie {
    const options: CookieSerializeOptions = { ...this.#option.options, maxAge: 0 }
    // Max-Age=0 already expires it; a leftover future Expires would only confuse readers.
    delete options.expires
    return { name, value: "", options }
  }
}
