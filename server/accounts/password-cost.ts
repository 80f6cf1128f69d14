/**
 * The scrypt cost new password hashes are made with, and the one knob that
 * lowers it: PASSWORD_HASH_COST.
 *
 *   unset (or "production")  N = 2^15, r = 8, p = 1: what every deployment uses
 *   "test"                   N = 2^10, r = 8, p = 1: for the test suites only
 *
 * Why a knob at all: the browser and integration suites sign up and sign in
 * hundreds of accounts, and at the production cost each hash is a quarter of a
 * second of a busy CI core. Lowering it there changes no behaviour a test looks
 * at (the stored form carries its own parameters, so verification is the same
 * code), and one test still proves the production default (docs/decisions/test-speed.md).
 *
 * Why it cannot leak into a deployment: `next start` with "test" is refused
 * at start-up unless AUTH_URL is an origin on this machine (localhost,
 * 127.0.0.1, ::1), which no site serving other people has; and a hash asked
 * for under a refused or unknown value throws instead of quietly using
 * either cost.
 */

type Env = Record<string, string | undefined>

export interface ScryptCost {
  readonly N: number
  readonly r: number
  readonly p: number
}

export const PASSWORD_HASH_COST_VARIABLE = "PASSWORD_HASH_COST"
export const PASSWORD_HASH_COST_REFUSED = "password_hash_cost_refused"

/**
 * PASSWORD_HASH_COST set to what this process may not use. Its own class, not
 * the library's InvalidEnvironmentVariable: the examples load this file
 * through tsx without the app's imports (server/startup-checks.ts turns it
 * into one for start-up).
 */
export class PasswordHashCostRefused extends Error {
  readonly code = PASSWORD_HASH_COST_REFUSED
  readonly variable = PASSWORD_HASH_COST_VARIABLE

  constructor(message: string) {
    super(message)
    this.name = "PasswordHashCostRefused"
  }
}
export const PRODUCTION_SCRYPT_COST: ScryptCost = Object.freeze({ N: 2 ** 15, r: 8, p: 1 })
export const TEST_SCRYPT_COST: ScryptCost = Object.freeze({ N: 2 ** 10, r: 8, p: 1 })

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"])

/** Why `env` may not use its PASSWORD_HASH_COST, or undefined when it may. */
export function passwordHashCostProblem(env: Env): PasswordHashCostRefused | undefined {
  const value = env.PASSWORD_HASH_COST?.trim()
  if (!value || value === "production") return undefined
  if (value !== "test") {
    return new PasswordHashCostRefused(
      `"${value}" is not a password hash cost. Leave ${PASSWORD_HASH_COST_VARIABLE} unset (the production cost); only the test suites set it to "test".`,
    )
  }
  if (env.NODE_ENV === "production" && !isLoopbackOrigin(env.AUTH_URL)) {
    return new PasswordHashCostRefused(
      `${PASSWORD_HASH_COST_VARIABLE}=test makes password hashes cheap to guess and is for test servers only: a production server ` +
        "accepts it only when AUTH_URL is an origin on this machine (e.g. AUTH_URL=http://localhost:3000). Unset it.",
    )
  }
  return undefined
}

/** The cost of a new hash under `env`; throws the problem when the knob is refused (start-up has already said so). */
export function scryptCost(env: Env = process.env): ScryptCost {
  const problem = passwordHashCostProblem(env)
  if (problem) throw problem
  return env.PASSWORD_HASH_COST?.trim() === "test" ? TEST_SCRYPT_COST : PRODUCTION_SCRYPT_COST
}

function isLoopbackOrigin(value: string | undefined): boolean {
  if (!value) return false
  try {
    return LOOPBACK_HOSTS.has(new URL(value).hostname)
  } catch {
    return false
  }
}
