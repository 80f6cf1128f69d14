/**
 * Retrying a test that signs up a fixed address (the visual baselines show the
 * address, so it cannot be unique per attempt): the first attempt's account is
 * still in the server's database, and signing up again would stop on /signup
 * ("already registered"). Before each attempt, the account and the
 * organizations it belongs to are removed, so every attempt starts as the
 * first one did on a fresh database. Tests with their own unique address
 * (fixtures.ts `newUser`, made again on every attempt) need none of this.
 */
import Database from "better-sqlite3"
import path from "node:path"

export function forgetEarlierAttempt(databaseFile: string, email: string): void {
  const db = new Database(path.resolve(databaseFile), { fileMustExist: true })
  try {
    // The relations cascade from User and Organization (prisma/schema.prisma).
    db.pragma("foreign_keys = ON")
    db.transaction(() => {
      db.prepare(
        'DELETE FROM "Organization" WHERE id IN (SELECT m."organizationId" FROM "Member" m JOIN "User" u ON u.id = m."userId" WHERE u.email = ?)',
      ).run(email)
      db.prepare('DELETE FROM "User" WHERE email = ?').run(email)
    })()
  } finally {
    db.close()
  }
}
