/**
 * The "known client" cookies: a browser that has proved itself for an
 * identifier gets a keyed hash of that identifier. Its later attempts for it
 * count against a budget of their own, so strangers cannot lock the owner
 * out by spending the budget everyone else shares. Two proofs mark a browser,
 * each in a cookie of its own so that one never overwrites the other:
 *
 * - "password": it signed in to an email (identifier) with the right password;
 * - "second-step": it completed a two-factor sign-in of a user (the user id).
 *
 * A cookie grants nothing by itself: the password or the code is still checked.
 */
import { hashToken, verifyHashedToken } from "../hash"
import type { Cookie } from "../types"

const ONE_YEAR = 365 * 24 * 60 * 60

/** What the browser proved. */
export type KnownClientProof = "password" | "second-step"

const MARKS: Record<KnownClientProof, { name: string; purpose: string }> = {
  password: { name: "authjs.known-client", purpose: "known-client\0" },
  "second-step": { name: "authjs.known-second-step", purpose: "known-second-step\0" },
}

export function knownClientCookieName(secure: boolean, proof: KnownClientProof = "password"): string {
  return `${secure ? "__Secure-" : ""}${MARKS[proof].name}`
}

/** The cookie marking this browser as one that proved `proof` for `identifier`. */
export async function knownClientCookie(
  identifier: string,
  secrets: readonly string[],
  secure: boolean,
  proof: KnownClientProof = "password",
): Promise<Cookie> {
  return {
    name: knownClientCookieName(secure, proof),
    value: await hashToken(MARKS[proof].purpose + identifier, secrets[0]!),
    options: { httpOnly: true, sameSite: "lax", path: "/", secure, maxAge: ONE_YEAR },
  }
}

/** Whether the request's cookie marks a browser that proved `proof` for `identifier` before. */
export async function isKnownClient(
  cookieValue: string | undefined,
  identifier: string,
  secrets: readonly string[],
  proof: KnownClientProof = "password",
): Promise<boolean> {
  if (!cookieValue || cookieValue.length > 128) return false
  return verifyHashedToken({ token: MARKS[proof].purpose + identifier, hash: cookieValue, secrets })
}
