/**
 * Linked accounts on the settings page: listing, unlinking, and the refusal
 * to unlink the last way a user can sign in — on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { listLinkedAccounts, unlinkAccount } from "@/lib/accounts/linked-accounts"
import type { DbClient } from "@/lib/db/client"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"

for (const provider of ["sqlite", "postgresql"] as const) {
  describe(`linked accounts (${provider})`, () => {
    let db: TestDatabase
    let prisma: DbClient
    beforeAll(async () => {
      db = await createTestDatabase(provider)
      prisma = db.prisma as DbClient
    })
    afterAll(() => db.cleanup())

    async function userWith(accounts: string[], passwordHash: string | null = null) {
      const user = await prisma.user.create({ data: { email: null, name: "U", passwordHash } })
      for (const p of accounts) {
        await prisma.account.create({ data: { userId: user.id, type: "oauth", provider: p, providerAccountId: `${p}-${user.id}` } })
      }
      return user.id
    }

    it("lists OAuth accounts and unlinks one while another remains", async () => {
      const id = await userWith(["github", "google"])
      expect((await listLinkedAccounts(prisma, id)).map((a) => a.provider)).toEqual(["github", "google"])
      expect(await unlinkAccount(prisma, id, { provider: "github", providerAccountId: `github-${id}` })).toEqual({ ok: true })
      expect((await listLinkedAccounts(prisma, id)).map((a) => a.provider)).toEqual(["google"])
    })

    it("refuses to unlink the last way to sign in; a password counts as one", async () => {
      const only = await userWith(["github"])
      expect(await unlinkAccount(prisma, only, { provider: "github", providerAccountId: `github-${only}` })).toEqual({ ok: false, reason: "last-way" })
      expect(await listLinkedAccounts(prisma, only)).toHaveLength(1)
      const withPassword = await userWith(["github"], "scrypt$hash")
      expect(await unlinkAccount(prisma, withPassword, { provider: "github", providerAccountId: `github-${withPassword}` })).toEqual({ ok: true })
    })

    it("cannot unlink another user's account", async () => {
      const owner = await userWith(["github", "google"])
      const other = await userWith(["github", "google"])
      expect(await unlinkAccount(prisma, other, { provider: "github", providerAccountId: `github-${owner}` })).toEqual({ ok: false, reason: "not-linked" })
      expect(await listLinkedAccounts(prisma, owner)).toHaveLength(2)
    })
  })
}
