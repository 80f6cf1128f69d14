/**
 * The Prisma adapter's security log on SQLite and PostgreSQL: an entry is
 * written and read back as written, a user's list is newest first, limited
 * and only theirs, pruning deletes only what is older than the cutoff, and
 * the device history answers the new-device question.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { adapterOnNewDatabase, type TestDatabase } from "@/tests/helpers/db"

describe.each(["sqlite", "postgresql"] as const)("PrismaAdapter security log on %s", (provider) => {
  let db: TestDatabase
  let adapter: ReturnType<typeof PrismaAdapter>

  beforeAll(async () => ({ db, adapter } = await adapterOnNewDatabase(provider)))
  afterAll(() => db?.cleanup())

  const newUser = async () =>
    (await adapter.createUser({ id: "", email: `log-${crypto.randomUUID()}@example.com`, emailVerified: null })).id

  it("writes an entry and reads it back with every field", async () => {
    const userId = await newUser()
    const at = new Date(Date.now() - 5000)
    await adapter.createSecurityEvent({
      userId,
      type: "sign-in",
      outcome: "success",
      method: "password",
      provider: "credentials",
      ip: "203.0.113.7",
      userAgent: "Mozilla/5.0 (Macintosh) Chrome/131.0 Safari/537.36",
      device: "Chrome|macOS|203.0.113",
      detail: "with an authenticator code",
      createdAt: at,
    })
    const [entry] = await adapter.listSecurityEvents(userId, 50)
    expect(entry).toEqual({
      id: expect.any(String),
      userId,
      type: "sign-in",
      outcome: "success",
      method: "password",
      provider: "credentials",
      ip: "203.0.113.7",
      userAgent: "Mozilla/5.0 (Macintosh) Chrome/131.0 Safari/537.36",
      device: "Chrome|macOS|203.0.113",
      detail: "with an authenticator code",
      // The user's own sign-in: no admin acted.
      actorId: null,
      createdAt: at,
    })
  })

  it("lists a user's own entries newest first, at most `limit`", async () => {
    const userId = await newUser()
    const other = await newUser()
    const base = Date.now() - 60_000
    for (let i = 0; i < 5; i++) {
      await adapter.createSecurityEvent({ userId, type: "sign-out", outcome: "success", detail: `n${i}`, createdAt: new Date(base + i * 1000) })
    }
    await adapter.createSecurityEvent({ userId: other, type: "sign-out", outcome: "success", detail: "theirs" })
    const listed = await adapter.listSecurityEvents(userId, 3)
    expect(listed.map((e) => e.detail)).toEqual(["n4", "n3", "n2"])
    expect((await adapter.listSecurityEvents(userId, 50)).every((e) => e.userId === userId)).toBe(true)
    expect(await adapter.listSecurityEvents(userId, 0)).toEqual([])
    expect(await adapter.listSecurityEvents("nul\u0000id", 10)).toEqual([])
  })

  it("keeps an entry without an owner, and text that PostgreSQL could not store is cleaned", async () => {
    await expect(
      adapter.createSecurityEvent({ userId: null, type: "sign-in", outcome: "failure", method: "password", userAgent: "bad\u0000agent" }),
    ).resolves.toBeUndefined()
  })

  it("deleteSecurityEventsBefore deletes only older entries and says how many", async () => {
    const userId = await newUser()
    const now = Date.now()
    // Far in the past, so no other test's entries are older than the cutoff.
    const old = new Date(now - 400 * 24 * 3600_000)
    const cutoff = new Date(now - 300 * 24 * 3600_000)
    await adapter.createSecurityEvent({ userId, type: "sign-in", outcome: "success", detail: "old", createdAt: old })
    await adapter.createSecurityEvent({ userId, type: "sign-in", outcome: "success", detail: "edge", createdAt: cutoff })
    await adapter.createSecurityEvent({ userId, type: "sign-in", outcome: "success", detail: "new" })
    expect(await adapter.deleteSecurityEventsBefore(cutoff)).toBe(1)
    expect((await adapter.listSecurityEvents(userId, 10)).map((e) => e.detail).sort()).toEqual(["edge", "new"])
  })

  it("getSignInDeviceHistory: no sign-in yet, known device, other device; failures and other types do not count", async () => {
    const userId = await newUser()
    const device = "Chrome|macOS|203.0.113"
    expect(await adapter.getSignInDeviceHistory(userId, device)).toEqual({ signedInBefore: false, fromDevice: false })
    await adapter.createSecurityEvent({ userId, type: "sign-in", outcome: "failure", device })
    await adapter.createSecurityEvent({ userId, type: "sign-out", outcome: "success", device })
    expect(await adapter.getSignInDeviceHistory(userId, device)).toEqual({ signedInBefore: false, fromDevice: false })
    await adapter.createSecurityEvent({ userId, type: "sign-in", outcome: "success", device })
    expect(await adapter.getSignInDeviceHistory(userId, device)).toEqual({ signedInBefore: true, fromDevice: true })
    expect(await adapter.getSignInDeviceHistory(userId, "Firefox|Linux|198.51.100")).toEqual({ signedInBefore: true, fromDevice: false })
  })

  it("an entry outlives its user's deletion without an owner", async () => {
    const userId = await newUser()
    await adapter.createSecurityEvent({ userId, type: "account-deletion-requested", outcome: "success" })
    await adapter.deleteUser(userId)
    expect(await adapter.listSecurityEvents(userId, 10)).toEqual([])
  })
})
