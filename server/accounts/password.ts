import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto"
import { passwordHashGate } from "./hash-gate"
import { normalizePassword } from "./password-policy"

/**
 * Password hashing with node's scrypt (memory-hard). Stored as
 * `scrypt$<N>$<r>$<p>$<salt b64url>$<hash b64url>` so the cost can be raised
 * later without breaking existing hashes. Every hash goes through the
 * process's hash gate, which may refuse with PasswordHasherBusy.
 */

const KEY_LENGTH = 64
const COST = { N: 2 ** 15, r: 8, p: 1 }
// scrypt needs 128 * N * r bytes; leave headroom above node's 32 MiB default.
const MAX_MEMORY = 128 * COST.N * COST.r * 2

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return passwordHashGate().run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(normalizePassword(password), salt, keyLength, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  )
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, KEY_LENGTH, { ...COST, maxmem: MAX_MEMORY })
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64url"), key.toString("base64url")].join("$")
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, key] = stored.split("$")
  const N = Number(n)
  const cost = { N, r: Number(r), p: Number(p) }
  if (scheme !== "scrypt" || !salt || !key || ![N, cost.r, cost.p].every((v) => Number.isInteger(v) && v > 0)) {
    return null
  }
  return { cost, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") }
}

// A hash of a random password, verified against when the account does not
// exist, so that an unknown email costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined

/**
 * Made only when first needed: started eagerly, a refusal by a busy hash gate
 * would be a rejected promise that nobody awaits.
 */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex")).catch((error: unknown) => {
    dummyHash = undefined // refused by a busy gate: try again next time
    throw error
  })
  return dummyHash
}

/**
 * Verifies in constant time. `stored` null/undefined (no such account, or an
 * account without a password) still runs one scrypt and returns false.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parse(stored ?? "") ?? parse(await dummyPasswordHash())!
  const key = await scrypt(password, parsed.salt, parsed.key.length, {
    ...parsed.cost,
    maxmem: 128 * parsed.cost.N * parsed.cost.r * 2,
  })
  const match = timingSafeEqual(key, parsed.key)
  return match && stored !== null && stored !== undefined && parse(stored) !== null
}
