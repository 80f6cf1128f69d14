/**
 * The JWT claims checks the session token needs, applied to the plaintext of
 * an authenticated JWE: a top-level JSON object in strict UTF-8, numeric
 * iat/nbf/exp, nbf and exp against the clock with a tolerance.
 *
 * These are the checks jose's jwtDecrypt makes with only `clockTolerance`
 * set, with jose's error classes, so a token gets the same verdict and the
 * same kind of error whichever path decoded it. Nothing more (no iss/aud/typ
 * options): the library does not use them.
 */
import { errors } from "jose"

import type { JWT } from "../types"

const strictUtf8 = new TextDecoder("utf-8", { fatal: true })

function numericClaim(claims: JWT, claim: "iat" | "nbf" | "exp"): number | undefined {
  const value = claims[claim]
  if (value === undefined) return undefined
  if (typeof value !== "number") {
    throw new errors.JWTClaimValidationFailed(`"${claim}" claim must be a number`, claims, claim, "invalid")
  }
  return value
}

/** Parses and checks the claims; `now` is in epoch seconds. */
export function validateClaims(plaintext: Uint8Array, now: number, tolerance: number): { claims: JWT; json: string } {
  let claims: unknown
  let json: string
  try {
    json = strictUtf8.decode(plaintext)
    claims = JSON.parse(json)
  } catch (cause) {
    throw new errors.JWTInvalid("JWT Claims Set must be a top-level JSON object", { cause })
  }
  if (typeof claims !== "object" || claims === null || Array.isArray(claims)) {
    throw new errors.JWTInvalid("JWT Claims Set must be a top-level JSON object")
  }
  const set = claims as JWT
  numericClaim(set, "iat")
  const nbf = numericClaim(set, "nbf")
  if (nbf !== undefined && nbf > now + tolerance) {
    throw new errors.JWTClaimValidationFailed('"nbf" claim timestamp check failed', set, "nbf", "check_failed")
  }
  const exp = numericClaim(set, "exp")
  if (exp !== undefined && exp <= now - tolerance) {
    throw new errors.JWTExpired('"exp" claim timestamp check failed', set, "exp", "check_failed")
  }
  return { claims: set, json }
}
