/**
 * A browser-like cookie jar: it sends back what it was given and applies every
 * Set-Cookie, so a library that re-issues the session token on each response
 * is then sent the new token (and pays for decoding a token it has never seen),
 * exactly as it would be by a real browser.
 */
export class CookieJar {
  readonly #cookies = new Map<string, string>()

  /** The Cookie request header, or "" when the jar is empty. */
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ")
  }

  get(name: string): string | undefined {
    return this.#cookies.get(name)
  }

  set(name: string, value: string): void {
    this.#cookies.set(name, value)
  }

  /** Applies a response's Set-Cookie headers; returns how many there were. */
  update(headers: Headers): number {
    const setCookies = headers.getSetCookie()
    for (const line of setCookies) this.#apply(line)
    return setCookies.length
  }

  #apply(line: string): void {
    const [pair = "", ...attributes] = line.split(";")
    const eq = pair.indexOf("=")
    if (eq <= 0) return
    const name = pair.slice(0, eq).trim()
    const value = pair.slice(eq + 1).trim()
    if (value === "" || attributes.some(isExpiry)) this.#cookies.delete(name)
    else this.#cookies.set(name, value)
  }
}

/** Max-Age=0 (or negative) or an Expires in the past deletes the cookie. */
function isExpiry(attribute: string): boolean {
  const [key = "", value = ""] = attribute.split("=", 2).map((part) => part.trim())
  const lower = key.toLowerCase()
  if (lower === "max-age") return Number(value) <= 0
  if (lower === "expires") return Date.parse(value) <= Date.now()
  return false
}
