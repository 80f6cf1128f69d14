/**
 * Secret-salted SHA-256 hashes (CSRF cookie, email verification tokens) and a
 * constant-time comparison. WebCrypto only, so it also runs on the edge runtime.
 *
 * The hash is `sha256(value + secret)` rather than an HMAC because that is
 * what Auth.js stores; switching would invalidate every outstanding cookie and
 * email link of a migrated app.
 */

const encoder = new TextEncoder()

export async function sha256Hex(input: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(input)))
  let hex = ""
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0")
  return hex
}

/** The hash issued for `token`: always made with the current (first) secret. */
export function hashToken(token: string, secret: string): Promise<string> {
  return sha256Hex(`${token}${secret}`)
}

/**
 * Every hash a still-valid issuer could have produced for `token`: one per
 * secret (so rotating secrets keeps outstanding hashes valid), plus the
 * comma-joined form Auth.js computes when given an array of secrets.
 */
export async function tokenHashCandidates(token: string, secrets: readonly string[]): Promise<string[]> {
  const inputs = new Set(secrets)
  if (secrets.length > 1) inputs.add(secrets.join(","))
  return Promise.all([...inputs].map((secret) => hashToken(token, secret)))
}

/** Whether `hash` is a hash of `token` under any of `secrets`, compared in constant time. */
export async function verifyHashedToken(params: { token: string; hash: string; secrets: readonly string[] }): Promise<boolean> {
  const candidates = await tokenHashCandidates(params.token, params.secrets)
  // No early exit: which secret matched (if any) should not show in the timing.
  let matched = false
  for (const candidate of candidates) matched = timingSafeEqualString(candidate, params.hash) || matched
  return matched
}

/**
 * Compares two strings without leaking, through timing, where they first
 * differ. Only their (public) lengths decide an early `false`.
 * Written out because node:crypto.timingSafeEqual is unavailable on the edge runtime.
 */
export function timingSafeEqualString(a: string, b: string): boolean {
  const left = encoder.encode(a)
  const right = encoder.encode(b)
  if (left.length !== right.length) return false
  let difference = 0
  for (let i = 0; i < left.length; i++) difference |= left[i]! ^ right[i]!
  return difference === 0
}
