/**
 * "Download my data" on real SQLite and PostgreSQL: the document holds the
 * user's own records (profile, linked provider, passkey, two-factor status,
 * sessions with device, security log) and no secret of any kind, nor
 * anything of another user. The sessions and the log come through the
 * library as the route handler gets them (listUserSessions with the user's
 * session cookie, listSecurityEvents).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { resolveAuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { listSecurityEvents } from "@/lib/auth/security-log/list"
import { listUserSessions } from "@/lib/auth/session/user-sessions"
import { buildDataExport, dataExportFileName } from "@/server/accounts/data-export"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { type SeededAccount, seedAccount } from "./account-fixture"

describe.each(["sqlite", "postgresql"] as const)("the data export on %s", (provider) => {
  let db: TestDatabase
  let me: SeededAccount
  let other: SeededAccount
  beforeAll(async () => {
    db = await createTestDatabase(provider)
    me = await seedAccount(db.prisma, "me")
    other = await seedAccount(db.prisma, "other")
  })
  afterAll(() => db.cleanup())

  async function exportOf(account: SeededAccount) {
    const config = resolveAuthConfig({
      secret: "data-export-suite-secret-0123456789abcdef",
      trustHost: true,
      adapter: PrismaAdapter(db.prisma),
      session: { strategy: "database" },
      providers: [],
    })
    const request = new Request("http://localhost/api/auth/session", { headers: { cookie: `authjs.session-token=${account.secrets.sessionToken}` } })
    const listing = await listUserSessions(config, request)
    expect(listing.status).toBe("ok")
    const data = await buildDataExport(db.prisma, account.userId, {
      sessions: listing.status === "ok" ? listing.sessions : null,
      securityEvents: await listSecurityEvents(config, account.userId, 500),
    })
    if (!data) throw new Error("no export")
    return { data, text: JSON.stringify(data, null, 2) }
  }

  it("holds the user's own records", async () => {
    const { data } = await exportOf(me)
    expect(data.profile).toMatchObject({ id: me.userId, email: me.email, hasPassword: true })
    expect(data.linkedAccounts).toEqual([{ provider: "oidc", type: "oidc", providerAccountId: expect.stringMatching(/^sub-me-/) }])
    expect(data.passkeys).toEqual([
      expect.objectContaining({ name: expect.stringMatching(/^Key of me-/), deviceType: "multiDevice", backedUp: true, transports: ["internal", "hybrid"] }),
    ])
    expect(data.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 2 })
    expect(data.sessions).toEqual([expect.objectContaining({ browser: "Chrome 130", os: "macOS", current: true })])
    expect(data.securityActivity.map((e) => `${e.type}/${e.outcome}/${e.method}`).sort()).toEqual(["sign-in/failure/password", "sign-in/success/password"])
  })

  it("holds no secret: no password or its hash, provider token, public key, credential id, TOTP secret, code hash or session token", async () => {
    const { text } = await exportOf(me)
    for (const [name, value] of Object.entries(me.secrets)) {
      expect(text.includes(value), `${name} is in the export`).toBe(false)
    }
    // Nor the words of fields that hold them, whatever their values.
    for (const field of ["passwordHash", "access_token", "refresh_token", "id_token", "credentialPublicKey", "codeHash", "sessionToken", "sessionsValidSince", "secret"]) {
      expect(text.includes(`"${field}"`), field).toBe(false)
    }
  })

  it("holds nothing of another user", async () => {
    const { text } = await exportOf(me)
    expect(text.includes(other.email)).toBe(false)
    expect(text.includes(other.userId)).toBe(false)
    for (const value of Object.values(other.secrets)) expect(text.includes(value)).toBe(false)
  })

  it("a deleted user has nothing to export", async () => {
    const gone = await db.prisma.user.create({ data: { email: "gone-export@example.test" } })
    await db.prisma.user.delete({ where: { id: gone.id } })
    expect(await buildDataExport(db.prisma, gone.id, { sessions: null, securityEvents: [] })).toBeNull()
  })
})

describe("the file name", () => {
  it("is my-data-<date>.json", () => {
    expect(dataExportFileName(new Date("2026-11-26T23:59:00Z"))).toBe("my-data-2026-11-26.json")
  })
})
