/**
 * The dashboard's account overview is one SQL statement that SQLite and
 * PostgreSQL both run: what it answers must be what the account is (address,
 * verification, password, passkeys, two-factor, organizations oldest
 * membership first), on both, and nothing for a user that is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import Database from "better-sqlite3"
import { readAccountOverview } from "@/server/dashboard/account-overview"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

describe.each(["sqlite", "postgresql"] as const)("readAccountOverview on %s", (provider) => {
  let db: TestDatabase

  beforeAll(async () => {
    db = await createTestDatabase(provider)
  })
  afterAll(async () => {
    await db?.cleanup()
  })

  it("a new account: unverified, no password, nothing set up, in no organization", async () => {
    const user = await db.prisma.user.create({ data: { email: `new-${provider}@example.com` } })
    expect(await readAccountOverview(user.id, true, db.prisma)).toEqual({
      email: `new-${provider}@example.com`,
      emailVerified: false,
      hasPassword: false,
      passkeys: 0,
      twoFactorEnabled: false,
      organizations: [],
    })
  })

  it("an account with everything: verified, password, two passkeys, two-factor, two organizations oldest first", async () => {
    const user = await db.prisma.user.create({ data: { email: `full-${provider}@example.com`, emailVerified: new Date(), passwordHash: "scrypt$x" } })
    for (const n of [1, 2]) {
      await db.prisma.authenticator.create({
        data: { userId: user.id, credentialID: `cred-${provider}-${n}`, providerAccountId: `p-${n}`, credentialPublicKey: "k", counter: 0, credentialDeviceType: "singleDevice", credentialBackedUp: false },
      })
    }
    await db.prisma.twoFactor.create({ data: { userId: user.id, secret: "sealed" } })
    const newer = await db.prisma.organization.create({ data: { name: "Newer", slug: `newer-${provider}` } })
    const older = await db.prisma.organization.create({ data: { name: "Older", slug: `older-${provider}` } })
    await db.prisma.member.create({ data: { userId: user.id, organizationId: newer.id, roles: "member", createdAt: new Date(Date.now() - 1_000) } })
    await db.prisma.member.create({ data: { userId: user.id, organizationId: older.id, roles: "owner", createdAt: new Date(Date.now() - 60_000) } })

    expect(await readAccountOverview(user.id, true, db.prisma)).toEqual({
      email: `full-${provider}@example.com`,
      emailVerified: true,
      hasPassword: true,
      passkeys: 2,
      twoFactorEnabled: true,
      organizations: [
        { name: "Older", slug: `older-${provider}` },
        { name: "Newer", slug: `newer-${provider}` },
      ],
    })
    // Organizations switched off (an adapter without them): the list is not read at all.
    expect((await readAccountOverview(user.id, false, db.prisma))?.organizations).toBeNull()
  })

  it("a user that is gone reads as null", async () => {
    expect(await readAccountOverview("no-such-user", true, db.prisma)).toBeNull()
  })

  it.runIf(provider === "sqlite")("costs one statement", async () => {
    const user = await db.prisma.user.create({ data: { email: "count@example.com" } })
    const statement = Object.getPrototypeOf(new Database(":memory:").prepare("SELECT 1")) as Record<string, (...args: unknown[]) => unknown>
    let count = 0
    const originals = Object.fromEntries(["run", "get", "all", "iterate"].map((name) => [name, statement[name]!]))
    for (const name of Object.keys(originals)) {
      statement[name] = function (this: unknown, ...args: unknown[]) {
        count++
        return originals[name]!.apply(this, args)
      }
    }
    try {
      await readAccountOverview(user.id, true, db.prisma)
    } finally {
      Object.assign(statement, originals)
    }
    expect(count).toBe(1)
  })
})
