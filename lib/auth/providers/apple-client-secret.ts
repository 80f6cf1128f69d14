/**
 * Apple's client secret: not a fixed string but a JWT the app signs with its
 * Sign in with Apple key (ES256; iss = team id, sub = client id, aud =
 * https://appleid.apple.com, kid header = key id), valid for at most six
 * months. One is made when first needed and reused until it nears its end,
 * so a sign-in never sends an expired one and the key signs rarely.
 */
import { importPKCS8, SignJWT, type CryptoKey } from "jose"

const APPLE_AUDIENCE = "https://appleid.apple.com"
/** Apple's limit on exp - iat: 15777000 seconds (six months). */
export const APPLE_MAX_SECRET_AGE = 15_777_000
/** Ours by default: a secret that leaks is good for a day, and signing once a day costs nothing. */
const DEFAULT_SECRET_AGE = 24 * 60 * 60
/** A secret is replaced this long before it ends, so one sent to Apple is never about to expire. */
const RENEW_MARGIN = 5 * 60

export interface AppleSigningKey {
  /** The 10-character Team ID (AUTH_APPLE_TEAM_ID). */
  teamId: string
  /** The Key ID of the Sign in with Apple private key (AUTH_APPLE_KEY_ID). */
  keyId: string
  /** The private key as PEM (PKCS #8, the .p8 file); literal "\n" escapes are accepted (AUTH_APPLE_PRIVATE_KEY). */
  privateKey: string
  /** Seconds each secret is valid, at most six months; default one day. */
  maxAge?: number
}

/** A PEM from an environment variable often arrives on one line, with "\n" written out. */
export function pemFromEnv(value: string): string {
  return value.replace(/\\n/g, "\n").trim()
}

/** Makes the secret for a client id, reusing the last one until RENEW_MARGIN before it expires. */
export function appleClientSecretMaker(key: AppleSigningKey, now: () => number = Date.now): (client: { clientId: string }) => Promise<string> {
  const maxAge = key.maxAge ?? DEFAULT_SECRET_AGE
  if (!Number.isInteger(maxAge) || maxAge <= RENEW_MARGIN || maxAge > APPLE_MAX_SECRET_AGE) {
    throw new RangeError(`The Apple client secret's maxAge must be a whole number of seconds above ${RENEW_MARGIN} and at most ${APPLE_MAX_SECRET_AGE}`)
  }
  let signingKey: Promise<CryptoKey> | undefined
  const cache = new Map<string, { secret: string; expiresAt: number }>()
  return async ({ clientId }) => {
    const seconds = Math.floor(now() / 1000)
    const cached = cache.get(clientId)
    if (cached && cached.expiresAt - RENEW_MARGIN > seconds) return cached.secret
    signingKey ??= importPKCS8(pemFromEnv(key.privateKey), "ES256")
    // A key that does not import is a configuration mistake: every attempt says so, none is cached.
    const privateKey = await signingKey.catch((error: unknown) => {
      signingKey = undefined
      throw error
    })
    const expiresAt = seconds + maxAge
    const secret = await new SignJWT({})
      .setProtectedHeader({ alg: "ES256", kid: key.keyId })
      .setIssuer(key.teamId)
      .setSubject(clientId)
      .setAudience(APPLE_AUDIENCE)
      .setIssuedAt(seconds)
      .setExpirationTime(expiresAt)
      .sign(privateKey)
    cache.set(clientId, { secret, expiresAt })
    return secret
  }
}
