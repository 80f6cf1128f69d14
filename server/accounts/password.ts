import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto"
import { passwordHashGate } from "./hash-gate"
import { scryptCost } from "./password-cost"
import { normalizePassword } from "./password-policy"

/**
 * Password hashing with node's scrypt (memory-hard). Stored as
 * `scrypt$<N>$<r>$<p>$<salt b64url>$<hash b64url>` so the cost can be raised
 * later without breaking existing hashes. Every hash goes through the
 * process's hash gate, which may refuse with PasswordHasherBusy.
 */

const KEY_LENGTH = 64

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
  // Read per hash: the cost is production's unless the test suites lowered it (./password-cost.ts).
  const cost = scryptCost()
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: maxMemory(cost) })
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$")
}

// scrypt needs 128 * N * r bytes; leave headroom above node's 32 MiB default.
function maxMemory(cost: { N: number; r: number }): number {
  return 128 * cost.N * cost.r * 2
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
// One per cost, so that it always costs what a real hash made now costs.
const dummyHashes = new Map<string, Promise<string>>()

/**
 * Made only when first needed: started eagerly, a refusal by a busy hash gate
 * would be a rejected promise that nobody awaits.
 */
function dummyPasswordHash(): Promise<string> {
  const { N, r, p } = scryptCost()
  const key = `${N}$${r}$${p}`
  let hash = dummyHashes.get(key)
  if (!hash) {
    hash = hashPassword(randomBytes(16).toString("hex")).catch((error: unknown) => {
      dummyHashes.delete(key) // refused by a busy gate: try again next time
      throw error
    })
    dummyHashes.set(key, hash)
  }
  return hash
}

/**
 * Verifies in constant time. `stored` null/undefined (no such account, or an
 * account without a password) still runs one scrypt and returns false.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parse(stored ?? "") ?? parse(await dummyPasswordHash())!
  const key = await scrypt(password, parsed.salt, parsed.key.length, {
    ...parsed.cost,
    maxmem: maxMemory(parsed.cost),
  })
  const match = timingSafeEqual(key, parsed.key)
  return match && stored !== null && stored !== undefined && parse(stored) !== null
}
