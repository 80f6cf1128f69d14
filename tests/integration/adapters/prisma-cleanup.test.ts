// Expired sessions and verification tokens do not pile up: the Prisma adapter deletes them on
// access (when it writes a new session or token, at most once per interval).
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

const past = () => new Date(Date.now() - 60_000)
const future = () => new Date(Date.now() + 3_600_000)

async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("the condition did not become true within 5 s")
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

for (const provider of ["sqlite", "postgresql"] as const) {
  describe(`expired-row cleanup on ${provider}`, () => {
    let db: TestDatabase
    let userId: string
    beforeAll(async () => {
      db = await createTestDatabase(provider)
      userId = (await db.prisma.user.create({ data: { email: "old@example.com" } })).id
    })
    afterAll(() => db.cleanup())

    async function seedExpired() {
      await db.prisma.session.create({ data: { sessionToken: `expired-${Math.random()}`, userId, expires: past() } })
      await db.prisma.verificationToken.create({ data: { identifier: "old@example.com", token: `t-${Math.random()}`, expires: past() } })
    }
    const expiredCount = async () =>
      (await db.prisma.session.count({ where: { expires: { lt: new Date() } } })) +
      (await db.prisma.verificationToken.count({ where: { expires: { lt: new Date() } } }))

    it("creating a session deletes expired sessions and tokens, and keeps live ones", async () => {
      await seedExpired()
      const adapter = PrismaAdapter(db.prisma)
      await adapter.createSession({ sessionToken: "live", userId, expires: future() })
      await eventually(async () => (await expiredCount()) === 0)
      expect(await db.prisma.session.findUnique({ where: { sessionToken: "live" } })).not.toBeNull()
    })

    it("creating a verification token cleans up too", async () => {
      await seedExpired()
      const adapter = PrismaAdapter(db.prisma)
      await adapter.createVerificationToken({ identifier: "new@example.com", token: "fresh", expires: future() })
      await eventually(async () => (await expiredCount()) === 0)
      expect(await db.prisma.verificationToken.count({ where: { token: "fresh" } })).toBe(1)
    })

    it("runs at most once per interval, and not at all when turned off", async () => {
      const adapter = PrismaAdapter(db.prisma, { pruneExpiredEveryMs: 3_600_000 })
      await adapter.createSession({ sessionToken: "first", userId, expires: future() })
      await eventually(async () => (await expiredCount()) === 0)
      await seedExpired()
      await adapter.createSession({ sessionToken: "second", userId, expires: future() })
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(await expiredCount()).toBe(2)

      const off = PrismaAdapter(db.prisma, { pruneExpiredEveryMs: 0 })
      await off.createSession({ sessionToken: "third", userId, expires: future() })
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(await expiredCount()).toBe(2)
    })
  })
}
