/**
 * "Sessions valid since" has one writer: the library's revocation call
 * (revokeUserSessions), through the adapter. A module that writes the column
 * itself (say inside a transaction of its own) leaves every process's cache
 * with the old instant for up to AUTH_REVOCATION_DELAY, which is how a
 * take-back once let a revoked jwt keep working. This
 * scans the source tree: outside the adapter (lib/auth/adapters/) and the
 * generated Prisma client, no module may name the column at all.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { describe, expect, it } from "vitest"

const ROOT = join(__dirname, "..", "..", "..")
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|svelte)$/
// test-results holds copies of the library that tests make (the moved apps of migrate:next-auth).
const SKIPPED_DIRS = new Set(["node_modules", ".next", ".next-bench", ".git", "tests", "test-results", "generated", "dist", "build", ".svelte-kit"])
/** Where the column may be named: the adapter that stores it for the library. */
const ALLOWED = /^lib\/auth\/adapters\//

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) out.push(...sourceFiles(join(dir, entry.name)))
    } else if (SOURCE.test(entry.name)) {
      out.push(join(dir, entry.name))
    }
  }
  return out
}

function modulesNaming(column: string): string[] {
  return sourceFiles(ROOT)
    .filter((file) => readFileSync(file, "utf8").includes(column))
    .map((file) => relative(ROOT, file).split("\\").join("/"))
}

describe("who writes \"sessions valid since\"", () => {
  it("no module outside the library's adapter names sessionsValidSince", () => {
    const naming = modulesNaming("sessionsValidSince")
    // The scan sees the tree: the adapter's own module is found (else this test could never fail).
    expect(naming).toContain("lib/auth/adapters/prisma/sessions-valid-since.ts")
    expect(naming.filter((file) => !ALLOWED.test(file))).toEqual([])
  })
})
