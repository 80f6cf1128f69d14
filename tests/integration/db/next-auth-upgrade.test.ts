// The next-auth upgrade (prisma/next-auth-upgrade/<provider>/migration.sql) on a real database made
// from the schema Auth.js documents, with a user, an account, a session, a verification token and a
// passkey in it: applied as a new folder of the app's own migration history, it keeps every row, our
// Prisma client reads them unchanged, the session is not pruned as expired, and the database then
// matches our schema exactly (`prisma migrate diff` is empty).
import { randomBytes } from "node:crypto"
import Database from "better-sqlite3"
import pg from "pg"
import { afterAll, describe, expect, it, vi } from "vitest"
import { createPrismaClient } from "@/lib/db/client"
import { providerLayout } from "@/lib/db/layout"
import type { DatabaseProvider } from "@/lib/db/url"
import { createNextAuthDatabase } from "@/tests/helpers/next-auth-database"
import { runBin } from "@/tests/helpers/run"

// Three Prisma CLI runs per provider; each start takes 10-40 s on a busy 2-core machine.
vi.setConfig({ testTimeout: 300_000 })

const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

const day = 24 * 60 * 60 * 1000
const at = (ms: number) => new Date(Math.floor(ms))
/** What next-auth wrote, as our client must read it back. */
const rows = {
  user: { id: "cuser0next0auth", name: "Ada Lovelace", email: "ada@example.com", emailVerified: at(Date.now() - 30 * day + 123), image: "https://example.com/ada.png", createdAt: at(Date.now() - 40 * day + 7) },
  account: {
    userId: "cuser0next0auth", type: "oidc", provider: "oidc", providerAccountId: "sub-123", refresh_token: "rt", access_token: "at",
    expires_at: 1_900_000_000, token_type: "bearer", scope: "openid email profile", id_token: "eyJ.id.token", session_state: "state-1",
  },
  session: { sessionToken: randomBytes(32).toString("hex"), userId: "cuser0next0auth", expires: at(Date.now() + 20 * day + 456), createdAt: at(Date.now() - 10 * day + 89) },
  verificationToken: { identifier: "ada@example.com", token: "hashed-token-1", expires: at(Date.now() + day + 1) },
  authenticator: {
    credentialID: "cred-1", userId: "cuser0next0auth", providerAccountId: "cred-1", credentialPublicKey: "pQECAyYgASFYIA", counter: 3,
    credentialDeviceType: "multiDevice", credentialBackedUp: true, transports: "internal,hybrid",
  },
}
/** A second user whose dates are stored the way Prisma 5 and 6 stored them on SQLite: integer milliseconds. */
const legacyUser = { id: "cuser1legacy", email: "grace@example.com", emailVerified: at(Date.now() - 5 * day + 999), createdAt: at(Date.now() - 50 * day) }
const legacySession = { sessionToken: randomBytes(32).toString("hex"), userId: "cuser1legacy", expires: at(Date.now() + 25 * day + 1), createdAt: at(Date.now() - day + 2) }

type Insert = (sql: string, values: unknown[]) => Promise<void>

/** Raw writes into the next-auth schema, as next-auth's Prisma wrote them. */
interface NextAuthDatabase {
  insert: Insert
  /** How a Date was stored by the Prisma that next-auth ran on. */
  date(value: Date, legacy?: boolean): unknown
  bool(value: boolean): unknown
  close(): Promise<void>
}

function sqliteDatabase(url: string): NextAuthDatabase {
  let db: Database.Database | undefined
  return {
    async insert(sql, values) {
      db ??= new Database(url.slice("file:".length))
      db.prepare(sql).run(...(values as unknown[]))
    },
    // Prisma 7's adapter writes ISO 8601 with an explicit offset; Prisma 5/6 wrote epoch milliseconds.
    date: (value, legacy) => (legacy ? value.getTime() : value.toISOString().replace("Z", "+00:00")),
    bool: (value) => (value ? 1 : 0),
    async close() {
      db?.close()
    },
  }
}

async function postgresDatabase(url: string): Promise<NextAuthDatabase> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  return {
    async insert(sql, values) {
      let n = 0
      await client.query(sql.replaceAll("?", () => `$${++n}`), values)
    },
    date: (value) => value,
    bool: (value) => value,
    close: () => client.end(),
  }
}

async function insertNextAuthRows(db: NextAuthDatabase, provider: DatabaseProvider): Promise<void> {
  const { user, account, session, verificationToken: token, authenticator: passkey } = rows
  const d = (value: Date) => db.date(value)
  await db.insert(`INSERT INTO "User" ("id","name","email","emailVerified","image","createdAt","updatedAt") VALUES (?,?,?,?,?,?,?)`, [
    user.id, user.name, user.email, d(user.emailVerified), user.image, d(user.createdAt), d(new Date()),
  ])
  await db.insert(
    `INSERT INTO "Account" ("userId","type","provider","providerAccountId","refresh_token","access_token","expires_at","token_type","scope","id_token","session_state","createdAt","updatedAt") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)`,
    [...Object.values(account), d(new Date()), d(new Date())],
  )
  await db.insert(`INSERT INTO "Session" ("sessionToken","userId","expires","createdAt","updatedAt") VALUES (?,?,?,?,?)`, [
    session.sessionToken, session.userId, d(session.expires), d(session.createdAt), d(new Date()),
  ])
  await db.insert(`INSERT INTO "VerificationToken" ("identifier","token","expires") VALUES (?,?,?)`, [token.identifier, token.token, d(token.expires)])
  await db.insert(
    `INSERT INTO "Authenticator" ("credentialID","userId","providerAccountId","credentialPublicKey","counter","credentialDeviceType","credentialBackedUp","transports") VALUES (?,?,?,?,?,?,?,?)`,
    [passkey.credentialID, passkey.userId, passkey.providerAccountId, passkey.credentialPublicKey, passkey.counter, passkey.credentialDeviceType, db.bool(passkey.credentialBackedUp), passkey.transports],
  )
  if (provider !== "sqlite") return
  const legacy = (value: Date) => db.date(value, true)
  await db.insert(`INSERT INTO "User" ("id","email","emailVerified","createdAt","updatedAt") VALUES (?,?,?,?,?)`, [
    legacyUser.id, legacyUser.email, legacy(legacyUser.emailVerified), legacy(legacyUser.createdAt), legacy(new Date()),
  ])
  await db.insert(`INSERT INTO "Session" ("sessionToken","userId","expires","createdAt","updatedAt") VALUES (?,?,?,?,?)`, [
    legacySession.sessionToken, legacySession.userId, legacy(legacySession.expires), legacy(legacySession.createdAt), legacy(new Date()),
  ])
}

describe.each(["sqlite", "postgresql"] as const)("next-auth upgrade on %s", (provider) => {
  it("keeps every next-auth row, reads it unchanged and leaves the database equal to our schema", async () => {
    const app = await createNextAuthDatabase(provider)
    cleanups.push(() => app.cleanup())
    const ours = providerLayout(provider)
    const db = provider === "sqlite" ? sqliteDatabase(app.url) : await postgresDatabase(app.url)
    await insertNextAuthRows(db, provider)
    await db.close()

    // The upgrade, as the guide says: a new folder in the app's history, then `migrate deploy`.
    expect(await app.upgrade()).toEqual(["20261128000000_next_auth_upgrade"])

    const prisma = createPrismaClient(app.url)
    try {
      const { user, account, session, verificationToken, authenticator } = rows
      expect(await prisma.user.findUnique({ where: { id: user.id }, select: { id: true, name: true, email: true, emailVerified: true, image: true, createdAt: true } })).toEqual(user)
      expect(await prisma.account.findMany()).toEqual([account])
      expect(await prisma.session.findUnique({ where: { sessionToken: session.sessionToken }, select: { sessionToken: true, userId: true, expires: true, createdAt: true } })).toEqual(session)
      expect(await prisma.verificationToken.findMany()).toEqual([verificationToken])
      expect(await prisma.authenticator.findMany({ select: { credentialID: true, userId: true, providerAccountId: true, credentialPublicKey: true, counter: true, credentialDeviceType: true, credentialBackedUp: true, transports: true } })).toEqual([authenticator])
      if (provider === "sqlite") {
        expect(await prisma.user.findUnique({ where: { id: legacyUser.id }, select: { id: true, email: true, emailVerified: true, createdAt: true } })).toEqual(legacyUser)
        expect(await prisma.session.findUnique({ where: { sessionToken: legacySession.sessionToken }, select: { sessionToken: true, userId: true, expires: true, createdAt: true } })).toEqual(legacySession)
      }
      // The adapter's pruning of expired rows (lib/auth/adapters/prisma) must not take live sessions or tokens.
      expect((await prisma.session.deleteMany({ where: { expires: { lt: new Date() } } })).count).toBe(0)
      expect((await prisma.verificationToken.deleteMany({ where: { expires: { lt: new Date() } } })).count).toBe(0)
      // Our columns work on the old rows: a new session for the old user, a password for them.
      await prisma.session.create({ data: { sessionToken: randomBytes(32).toString("hex"), userId: user.id, expires: new Date(Date.now() + day) } })
      await prisma.user.update({ where: { id: user.id }, data: { passwordHash: "scrypt$x", lastSignInAt: new Date() } })
      await prisma.user.create({ data: { email: "new@example.com" } })
    } finally {
      await prisma.$disconnect()
    }

    // Nothing left between the upgraded database and our schema.
    const diff = await runBin(
      "prisma",
      ["migrate", "diff", "--config", ours.configPath, "--from-config-datasource", "--to-schema", ours.schemaPath, "--exit-code"],
      { DATABASE_URL: app.url },
    )
    expect(diff.stdout + diff.stderr).toContain("No difference detected")
    expect(diff.code, diff.stdout + diff.stderr).toBe(0)
  })
})
