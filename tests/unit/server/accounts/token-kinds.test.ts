/**
 * The registry of account token kinds (server/accounts/token-kinds.ts) is
 * only worth something if nothing writes a token outside it: a kind written
 * elsewhere is one a take-back does not know to void. So the app and the
 * library are scanned for every way a VerificationToken row can be written,
 * and each writer must be a module the registry names as a kind's issuer (or
 * the adapter method that stores the library's magic links for it). A new
 * token kind therefore fails here until it is registered, and once it is
 * registered the integration test (take-back-voids-tokens.test.ts) fails
 * until a take-back voids it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import {
  ACCOUNT_TOKEN_KINDS,
  accountTokenFilter,
  accountTokenKinds,
  addressIdentifier,
  addressTokenKinds,
  userIdentifierPrefix,
  userTokenKinds,
} from "@/server/accounts/token-kinds"

const ROOT = path.resolve(__dirname, "../../../..")
/** Where code that runs in the app lives; tests and generated clients are not writers. */
const SCANNED = ["app", "server", "lib", "components", "auth.ts", "middleware.ts", "instrumentation.ts"]
const SKIPPED = new Set(["lib/generated", "node_modules"])

/**
 * The adapter's createVerificationToken is the storage the library's magic-link
 * issuer (lib/auth/email/verification-token.ts) writes through; it is no issuer
 * of its own, which the call-site check below holds it to.
 */
const STORAGE = new Set(["lib/auth/adapters/prisma/index.ts"])

/** Every way to write a VerificationToken row: the Prisma delegate, raw SQL, and the adapter contract's method. */
const WRITES: readonly RegExp[] = [
  /verificationToken\s*\.\s*(create|createMany|createManyAndReturn|upsert|update|updateMany|updateManyAndReturn)\s*\(/g,
  /insert\s+(or\s+\w+\s+)?into\s+["'`]?verificationtoken\b/gi,
  /\bcreateVerificationToken\s*\(/g,
]

function sourceFiles(relative: string): string[] {
  if (SKIPPED.has(relative)) return []
  const full = path.join(ROOT, relative)
  if (statSync(full).isFile()) return /\.(ts|tsx|mts|js|mjs)$/.test(relative) ? [relative] : []
  return readdirSync(full).flatMap((name) => sourceFiles(path.posix.join(relative, name)))
}

/** Writes found in `text`, as "file: matched text". */
function writesIn(file: string, text: string): string[] {
  return WRITES.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => `${file}: ${match[0]}`))
}

const files = SCANNED.flatMap(sourceFiles)
const issuers = new Set<string>(Object.values(ACCOUNT_TOKEN_KINDS).map((kind) => kind.issuedBy))

describe("account token kinds", () => {
  it("the scan recognises each way of writing a token row (so the checks below can fail)", () => {
    expect(writesIn("x.ts", "await tx.verificationToken.create({ data })")).toHaveLength(1)
    expect(writesIn("x.ts", "prisma.verificationToken .upsert({")).toHaveLength(1)
    expect(writesIn("x.ts", `await db.$executeRaw\`INSERT INTO "VerificationToken" (identifier) VALUES (1)\``)).toHaveLength(1)
    expect(writesIn("x.ts", "await adapter.createVerificationToken(hashed)")).toHaveLength(1)
    expect(writesIn("x.ts", "await tx.verificationToken.deleteMany({ where })")).toHaveLength(0)
    expect(files.length).toBeGreaterThan(100)
  })

  it("only the modules the registry names as issuers write VerificationToken rows", () => {
    const strays = files
      .filter((file) => !issuers.has(file) && !STORAGE.has(file))
      .flatMap((file) => writesIn(file, readFileSync(path.join(ROOT, file), "utf8")))
    expect(strays).toEqual([])
  })

  it("every row kind's issuer really writes rows, and the adapter's storage is called by the magic-link issuer alone", () => {
    for (const kind of [...addressTokenKinds, ...userTokenKinds]) {
      const file = ACCOUNT_TOKEN_KINDS[kind].issuedBy
      expect(writesIn(file, readFileSync(path.join(ROOT, file), "utf8")), kind).not.toEqual([])
    }
    const callers = files.filter((file) => /\.\s*createVerificationToken\s*\(/.test(readFileSync(path.join(ROOT, file), "utf8")))
    expect(callers).toEqual([ACCOUNT_TOKEN_KINDS["magic-link"].issuedBy])
  })

  it("each kind is found by the user's id or the account's address, or voided by the take-back's instant", () => {
    for (const kind of accountTokenKinds) {
      const spec = ACCOUNT_TOKEN_KINDS[kind]
      if (spec.storage === "cookie") expect(spec.voidedBy).toBe("sessions-valid-since")
      else expect([...addressTokenKinds, ...userTokenKinds]).toContain(kind)
    }
    const filter = accountTokenFilter({ id: "user-1", email: "ada@example.com" })
    expect(filter.OR).toContainEqual({ identifier: { in: addressTokenKinds.map((kind) => addressIdentifier(kind, "ada@example.com")) } })
    for (const kind of userTokenKinds) expect(filter.OR).toContainEqual({ identifier: { startsWith: userIdentifierPrefix(kind, "user-1") } })
    // A magic link's identifier is the bare address; the app's kinds are prefixed, so none passes for another.
    expect(addressIdentifier("magic-link", "ada@example.com")).toBe("ada@example.com")
    expect(addressIdentifier("password-reset", "ada@example.com")).toBe("password-reset:ada@example.com")
    // An account without an address has only its user-keyed tokens.
    expect(accountTokenFilter({ id: "user-1", email: null }).OR).toHaveLength(userTokenKinds.length)
  })
})
