/**
 * The dashboard's account overview is one SQL statement that SQLite and
 * PostgreSQL both run: what it answers must be what the account is (address,
 * verification, password, passkeys, two-factor, organizations oldest
 * membership first), on both, and nothing for a user that is gone. On SQLite
 * it is read twice over: through Prisma, and on the read-only connection the
 * page uses, which must answer the same and see each write at once.
 */
import { describe, expect, it } from "vitest"
import Database from "better-sqlite3"
import { readAccountOverview } from "@/server/dashboard/account-overview"
import { READ_WAYS, withReadSource } from "@/tests/helpers/read-source"

describe.each(READ_WAYS)("readAccountOverview on $provider, $read", (way) => {
  const { provider, read } = way
  const { db, source } = withReadSource(way)

  it("a new account: unverified, no password, nothing set up, in no organization", async () => {
    const user = await db().prisma.user.create({ data: { email: `new-${provider}-${read}@example.com` } })
    expect(await readAccountOverview(user.id, true, source())).toEqual({
      email: `new-${provider}-${read}@example.com`,
      emailVerified: false,
      hasPassword: false,
      passkeys: 0,
      twoFactorEnabled: false,
      organizations: [],
    })
  })

  it("an account with everything: verified, password, two passkeys, two-factor, two organizations oldest first", async () => {
    const user = await db().prisma.user.create({ data: { email: `full-${provider}-${read}@example.com`, emailVerified: new Date(), passwordHash: "scrypt$x" } })
    for (const n of [1, 2]) {
      await db().prisma.authenticator.create({
        data: { userId: user.id, credentialID: `cred-${provider}-${read}-${n}`, providerAccountId: `p-${n}`, credentialPublicKey: "k", counter: 0, credentialDeviceType: "singleDevice", credentialBackedUp: false },
      })
    }
    await db().prisma.twoFactor.create({ data: { userId: user.id, secret: "sealed" } })
    const newer = await db().prisma.organization.create({ data: { name: "Newer", slug: `newer-${provider}` } })
    const older = await db().prisma.organization.create({ data: { name: "Older", slug: `older-${provider}` } })
    await db().prisma.member.create({ data: { userId: user.id, organizationId: newer.id, roles: "member", createdAt: new Date(Date.now() - 1_000) } })
    await db().prisma.member.create({ data: { userId: user.id, organizationId: older.id, roles: "owner", createdAt: new Date(Date.now() - 60_000) } })

    expect(await readAccountOverview(user.id, true, source())).toEqual({
      email: `full-${provider}-${read}@example.com`,
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
    expect((await readAccountOverview(user.id, false, source()))?.organizations).toBeNull()
  })

  it("a user that is gone reads as null", async () => {
    expect(await readAccountOverview("no-such-user", true, source())).toBeNull()
  })

  it.runIf(provider === "sqlite")("costs one statement", async () => {
    const user = await db().prisma.user.create({ data: { email: "count@example.com" } })
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
      await readAccountOverview(user.id, true, source())
    } finally {
      Object.assign(statement, originals)
    }
    expect(count).toBe(1)
  })

  it.runIf(read === "on the direct connection")("sees a write made through Prisma at once: a passkey added, then removed", async () => {
    const user = await db().prisma.user.create({ data: { email: "writes@example.com" } })
    expect((await readAccountOverview(user.id, true, source()))?.passkeys).toBe(0)
    const passkey = await db().prisma.authenticator.create({
      data: { userId: user.id, credentialID: "cred-writes", providerAccountId: "p", credentialPublicKey: "k", counter: 0, credentialDeviceType: "singleDevice", credentialBackedUp: false },
    })
    expect((await readAccountOverview(user.id, true, source()))?.passkeys).toBe(1)
    await db().prisma.authenticator.delete({ where: { credentialID: passkey.credentialID } })
    expect((await readAccountOverview(user.id, true, source()))?.passkeys).toBe(0)
  })

  it.runIf(read === "on the direct connection")("a file the direct connection cannot open is read through Prisma", async () => {
    const user = await db().prisma.user.create({ data: { email: "fallback@example.com" } })
    const elsewhere = { prisma: db().prisma, sqliteFile: "/nonexistent/dir/none.db" }
    expect((await readAccountOverview(user.id, true, elsewhere))?.email).toBe("fallback@example.com")
  })
})
