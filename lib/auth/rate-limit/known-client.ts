/**
 * The "known client" cookie: a browser that has signed in to an identifier
 * with the right password gets a keyed hash of that identifier. Its later
 * attempts for that identifier count against a budget of their own, so
 * strangers guessing passwords for an account cannot lock its owner out.
 * The cookie grants nothing by itself: the password is still checked.
 */
import { hashToken, verifyHashedToken } from "../hash"
import type { Cookie } from "../types"

const ONE_YEAR = 365 * 24 * 60 * 60
const PURPOSE = "known-client\0"

export function knownClientCookieName(secure: boolean): string {
  return `${secure ? "__Secure-" : ""}authjs.known-client`
}

/** The cookie marking this browser as one that signed in to `identifier`. */
export async function knownClientCookie(identifier: string, secrets: readonly string[], secure: boolean): Promise<Cookie> {
  return {
    name: knownClientCookieName(secure),
    value: await hashToken(PURPOSE + identifier, secrets[0]!),
    options: { httpOnly: true, sameSite: "lax", path: "/", secure, maxAge: ONE_YEAR },
  }
}

/** Whether the request's cookie marks a browser that signed in to `identifier` before. */
export async function isKnownClient(
  cookieValue: string | undefined,
  identifier: string,
  secrets: readonly string[],
): Promise<boolean> {
  if (!cookieValue || cookieValue.length > 128) return false
  return verifyHashedToken({ token: PURPOSE + identifier, hash: cookieValue, secrets })
}
