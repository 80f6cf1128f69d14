/**
 * Asks a k-anonymity range API whether a password appears in known breaches
 * (the SHA-1 prefix scheme of Have I Been Pwned's Pwned Passwords, which
 * mirrors and self-hosted copies also speak). Only the first five hex digits
 * of the password's SHA-1 leave the process; the service answers with every
 * suffix it knows under that prefix, and the match is made here. The request
 * asks for padding (`Add-Padding: true`) so the answer's size does not tell an
 * observer how many suffixes matched; padded lines carry the count 0 and are
 * not breaches.
 *
 * A toolkit module: it takes the URL, timeout and fetch as arguments and
 * never reads the configuration; what to do when the service fails is the
 * caller's policy.
 */

export type BreachedPasswordFailure =
  /** No answer within the timeout. */
  | "timeout"
  /** The request did not complete: DNS, connection refused, TLS, an aborted body. */
  | "network"
  /** An answer other than 200 (a 5xx, a 429 rate limit, a redirect). */
  | "http-status"
  /** A 200 whose body is not `SUFFIX:COUNT` lines, or is far too large. */
  | "malformed"

export type BreachedPasswordVerdict =
  | { status: "breached"; count: number }
  | { status: "clean" }
  | { status: "failed"; failure: BreachedPasswordFailure; httpStatus?: number }

export interface BreachedPasswordOptions {
  /** The range endpoint without the prefix, e.g. https://api.pwnedpasswords.com/range */
  url: string
  /** Milliseconds before the check gives up; default 2000. */
  timeoutMs?: number
  fetch?: typeof globalThis.fetch
}

export const DEFAULT_BREACHED_PASSWORD_TIMEOUT_MS = 2000
/** A padded answer is 800–1,000 lines of 40 bytes; anything far larger is not a range answer. */
const MAX_BODY_BYTES = 1024 * 1024
const LINE = /^([0-9A-F]{35}):(\d{1,12})$/i

const encoder = new TextEncoder()

/** The password's SHA-1 as 40 upper-case hex digits (the form range APIs index by). */
export async function passwordSha1Hex(password: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", encoder.encode(password)))
  let hex = ""
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0")
  return hex.toUpperCase()
}

/** The range URL for a prefix: `<url>/<PREFIX>`, whatever trailing slashes the setting has. */
export function rangeUrl(url: string, prefix: string): string {
  return `${url.replace(/\/+$/, "")}/${prefix}`
}

async function readCapped(response: Response): Promise<string | null> {
  if (!response.body) return ""
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ""
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return text + decoder.decode()
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    text += decoder.decode(value, { stream: true })
  }
}

/** The count for `suffix` in a range answer; 0 when absent or only a padding line; null when the body is not a range answer. */
export function countInRange(body: string, suffix: string): number | null {
  let count = 0
  for (const raw of body.split("\n")) {
    const line = raw.trim()
    if (line === "") continue
    const match = LINE.exec(line)
    if (!match) return null
    if (match[1]!.toUpperCase() === suffix) count = Math.max(count, Number(match[2]))
  }
  return count
}

/**
 * Whether `password` (as it will be stored: normalise it first) is a known
 * breached password. Never throws: every way the service can fail is a
 * `failed` verdict with its kind.
 */
export async function checkBreachedPassword(password: string, options: BreachedPasswordOptions): Promise<BreachedPasswordVerdict> {
  const hash = await passwordSha1Hex(password)
  const prefix = hash.slice(0, 5)
  const suffix = hash.slice(5)
  const timeoutMs = options.timeoutMs ?? DEFAULT_BREACHED_PASSWORD_TIMEOUT_MS
  const signal = AbortSignal.timeout(timeoutMs)
  const doFetch = options.fetch ?? globalThis.fetch
  try {
    const response = await doFetch(rangeUrl(options.url, prefix), {
      method: "GET",
      headers: { "Add-Padding": "true", Accept: "text/plain" },
      // A range API answers in place; a redirect is a misconfiguration, not something to follow.
      redirect: "manual",
      cache: "no-store",
      signal,
    })
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined)
      return { status: "failed", failure: "http-status", httpStatus: response.status }
    }
    const body = await readCapped(response)
    const count = body === null ? null : countInRange(body, suffix)
    if (count === null) return { status: "failed", failure: "malformed" }
    return count > 0 ? { status: "breached", count } : { status: "clean" }
  } catch {
    // The abort of our own timeout, or anything else that stopped the request or its body.
    return { status: "failed", failure: signal.aborted ? "timeout" : "network" }
  }
}
