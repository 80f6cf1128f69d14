/**
 * The two session lifetimes (OWASP ASVS 5.0 7.3.1 and 7.3.2): `maxAge`, the
 * inactivity lifetime that each refresh slides, and `absoluteMaxAge`, counted
 * from sign-in, that no refresh extends. Both strategies ask here when a
 * session must end; pure arithmetic on epoch milliseconds.
 */

/** When a session signed in at `signedInAtMs` ends however active it is. */
export function absoluteEndMs(signedInAtMs: number, absoluteMaxAgeSeconds: number): number {
  return signedInAtMs + absoluteMaxAgeSeconds * 1000
}

/** The expiry a refresh at `nowMs` gives: `maxAge` from now, never past the absolute end (when known). */
export function cappedExpiryMs(nowMs: number, maxAgeSeconds: number, absoluteEnd: number | undefined): number {
  const sliding = nowMs + maxAgeSeconds * 1000
  return absoluteEnd === undefined ? sliding : Math.min(sliding, absoluteEnd)
}
