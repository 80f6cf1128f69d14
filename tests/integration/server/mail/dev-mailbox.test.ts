/**
 * The development mailbox keeps its mail in the database: a new server
 * process (a new client on the same database) still sees it, newest first,
 * and only the newest 50 are kept. Real SQLite and PostgreSQL, migrated by the
 * project's own migrations.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { createPrismaClient } from "@/lib/db/client"
import { DEV_MAILBOX_LIMIT, devMails, storeDevMail } from "@/server/mail/dev-mailbox"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

describe.each(["sqlite", "postgresql"] as const)("dev mailbox on %s", (provider) => {
  let db: TestDatabase

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    // The mailbox prints every mail's links; keep the test output readable.
    vi.spyOn(console, "log").mockImplementation(() => {})
  })
  afterAll(async () => {
    vi.restoreAllMocks()
    await db?.cleanup()
  })

  it("keeps a mail across a restart, with its links, and only the newest 50", async () => {
    const link = `http://localhost:3000/api/auth/callback/nodemailer?token=${"a".repeat(64)}&email=ada%40example.com`
    await storeDevMail(db.prisma, { to: "ada@example.com", subject: "Sign in", text: `Open ${link}\n`, html: "<p>Sign in</p>" })

    // What a restarted dev server sees: a fresh client on the same database.
    const restarted = createPrismaClient(db.url)
    try {
      const [mail] = await devMails(restarted)
      expect(mail).toMatchObject({ to: "ada@example.com", subject: "Sign in", links: [link] })
    } finally {
      await restarted.$disconnect()
    }

    for (let i = 1; i <= DEV_MAILBOX_LIMIT + 2; i++) {
      await storeDevMail(db.prisma, { to: `user${i}@example.com`, subject: `Mail ${i}`, text: "no link", html: "" })
    }
    const mails = await devMails(db.prisma)
    expect(mails).toHaveLength(DEV_MAILBOX_LIMIT)
    expect(mails[0]?.subject).toBe(`Mail ${DEV_MAILBOX_LIMIT + 2}`)
    expect(mails.at(-1)?.subject).toBe("Mail 3")
    expect(await db.prisma.devMail.count()).toBe(DEV_MAILBOX_LIMIT)
  })
})
