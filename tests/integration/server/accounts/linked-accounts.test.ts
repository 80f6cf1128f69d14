/**
 * Linked accounts on the settings page: listing, unlinking, and the refusal
 * to unlink the last way a user can sign in — on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { listLinkedAccounts, unlinkAccount } from "@/server/accounts/linked-accounts"
import { deletePasskey } from "@/server/accounts/passkeys"
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

    /** A passkey as sign-up stores it: an Authenticator row and its "webauthn" Account row. */
    async function addPasskey(userId: string, credentialID: string) {
      await prisma.account.create({ data: { userId, type: "webauthn", provider: "passkey", providerAccountId: credentialID } })
      await prisma.authenticator.create({
        data: {
          userId, credentialID, providerAccountId: credentialID, credentialPublicKey: "pk", counter: 0,
          credentialDeviceType: "singleDevice", credentialBackedUp: false,
        },
      })
    }

    it("a passkey is one way to sign in, not two: unlink and passkey delete agree", async () => {
      // Provider + passkey: either may go, but not both.
      const id = await userWith(["github"])
      await addPasskey(id, `cred-${id}`)
      expect(await unlinkAccount(prisma, id, { provider: "github", providerAccountId: `github-${id}` })).toEqual({ ok: true })
      expect(await deletePasskey(prisma, id, `cred-${id}`)).toEqual({ ok: false, reason: "last_sign_in_method" })

      const other = await userWith(["github"])
      await addPasskey(other, `cred-${other}`)
      expect(await deletePasskey(prisma, other, `cred-${other}`)).toEqual({ ok: true, name: null })
      expect(await prisma.account.count({ where: { userId: other, type: "webauthn" } })).toBe(0)
      expect(await unlinkAccount(prisma, other, { provider: "github", providerAccountId: `github-${other}` })).toEqual({ ok: false, reason: "last-way" })
    })

    it("a passkey's own account row cannot be unlinked as if it were a provider", async () => {
      const id = await userWith(["github"])
      await addPasskey(id, `cred-${id}`)
      expect(await unlinkAccount(prisma, id, { provider: "passkey", providerAccountId: `cred-${id}` })).toEqual({ ok: false, reason: "not-linked" })
      expect(await prisma.authenticator.count({ where: { userId: id } })).toBe(1)
    })

    it("cannot unlink another user's account", async () => {
      const owner = await userWith(["github", "google"])
      const other = await userWith(["github", "google"])
      expect(await unlinkAccount(prisma, other, { provider: "github", providerAccountId: `github-${owner}` })).toEqual({ ok: false, reason: "not-linked" })
      expect(await listLinkedAccounts(prisma, owner)).toHaveLength(2)
    })
  })
}
