/**
 * The Prisma adapter's two-factor storage on SQLite and PostgreSQL: a TOTP
 * step and a recovery code are each accepted once, also when many requests
 * race with them; regenerating codes voids the old ones; the stored secret is
 * sealed; the records go with their user.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { hashRecoveryCode, newRecoveryCodes } from "@/lib/auth/two-factor/recovery-codes"
import { SecretBox } from "@/lib/auth/two-factor/secret-box"
import { newTotpSecret, totpStep } from "@/lib/auth/two-factor/totp"
import { adapterOnNewDatabase, type TestDatabase } from "@/tests/helpers/db"

const PARALLEL = 20
const box = new SecretBox("test-secret-for-two-factor-0123456789")

describe.each(["sqlite", "postgresql"] as const)("PrismaAdapter two-factor storage on %s", (provider) => {
  let db: TestDatabase
  let adapter: ReturnType<typeof PrismaAdapter>

  beforeAll(async () => ({ db, adapter } = await adapterOnNewDatabase(provider)))
  afterAll(() => db?.cleanup())

  const newUser = async () =>
    (await adapter.createUser({ id: "", email: `2fa-${crypto.randomUUID()}@example.com`, emailVerified: null })).id

  /** A user with two-factor on; returns what the user was shown. */
  async function enrolled(lastUsedStep?: number) {
    const userId = await newUser()
    const secret = newTotpSecret()
    const { codes, hashes } = await newRecoveryCodes(userId)
    await adapter.enableTwoFactor(userId, { secret: await box.seal(secret, userId), recoveryCodeHashes: hashes, lastUsedStep })
    return { userId, secret, codes, hashes }
  }

  it("getTwoFactor is null until enabled, then holds the sealed secret, the last step and the codes left", async () => {
    const userId = await newUser()
    expect(await adapter.getTwoFactor(userId)).toBeNull()
    expect(await adapter.getTwoFactor("no-such-user")).toBeNull()
    expect(await adapter.getTwoFactor("nul\u0000id")).toBeNull()

    const before = Date.now() - 1000
    const secret = newTotpSecret()
    const { hashes } = await newRecoveryCodes(userId)
    const sealed = await box.seal(secret, userId)
    await adapter.enableTwoFactor(userId, { secret: sealed, recoveryCodeHashes: hashes, lastUsedStep: 1234 })
    const record = await adapter.getTwoFactor(userId)
    expect(record).toMatchObject({ userId, secret: sealed, lastUsedStep: 1234, recoveryCodesLeft: 10 })
    expect(record!.enabledAt.getTime()).toBeGreaterThanOrEqual(before)
    expect(await box.open(record!.secret, userId)).toBe(secret)
  })

  it("useTotpStep accepts only a step later than the last one used", async () => {
    const step = totpStep(Date.now())
    const { userId } = await enrolled(step - 1)
    expect(await adapter.useTotpStep(userId, step - 1)).toBe(false) // the step that confirmed the setup
    expect(await adapter.useTotpStep(userId, step)).toBe(true)
    expect(await adapter.useTotpStep(userId, step)).toBe(false) // the same code again
    expect(await adapter.useTotpStep(userId, step - 1)).toBe(false) // an earlier code still in the window
    expect(await adapter.useTotpStep(userId, step + 1)).toBe(true)
    expect((await adapter.getTwoFactor(userId))!.lastUsedStep).toBe(step + 1)
  })

  it("useTotpStep is false for a user without two-factor, and refuses a step that is not one", async () => {
    const userId = await newUser()
    expect(await adapter.useTotpStep(userId, totpStep(Date.now()))).toBe(false)
    expect(await adapter.useTotpStep("nul\u0000id", 1)).toBe(false)
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 31]) await expect(adapter.useTotpStep(userId, bad)).rejects.toThrow(RangeError)
  })

  it(`${PARALLEL} parallel useTotpStep with one step: exactly one succeeds`, async () => {
    const { userId } = await enrolled()
    const step = totpStep(Date.now())
    const results = await Promise.all(Array.from({ length: PARALLEL }, () => adapter.useTotpStep(userId, step)))
    expect(results.filter(Boolean)).toHaveLength(1)
  })

  it("useRecoveryCode accepts each code once, and only the user's own", async () => {
    const { userId, codes } = await enrolled()
    const other = await enrolled()
    const hash = (await hashRecoveryCode(codes[0]!, userId))!
    expect(await adapter.useRecoveryCode(other.userId, hash)).toBe(false)
    expect(await adapter.useRecoveryCode(userId, hash)).toBe(true)
    expect(await adapter.useRecoveryCode(userId, hash)).toBe(false)
    expect(await adapter.useRecoveryCode(userId, "0".repeat(64))).toBe(false)
    expect(await adapter.useRecoveryCode(userId, "nul\u0000hash")).toBe(false)
    expect((await adapter.getTwoFactor(userId))!.recoveryCodesLeft).toBe(9)
    expect((await adapter.getTwoFactor(other.userId))!.recoveryCodesLeft).toBe(10)
  })

  it(`${PARALLEL} parallel useRecoveryCode with one hash: exactly one succeeds`, async () => {
    const { userId, hashes } = await enrolled()
    const results = await Promise.all(Array.from({ length: PARALLEL }, () => adapter.useRecoveryCode(userId, hashes[3]!)))
    expect(results.filter(Boolean)).toHaveLength(1)
    expect((await adapter.getTwoFactor(userId))!.recoveryCodesLeft).toBe(9)
  })

  it("replaceRecoveryCodes voids every old code, used or not", async () => {
    const { userId, hashes: old } = await enrolled()
    expect(await adapter.useRecoveryCode(userId, old[0]!)).toBe(true)
    const fresh = await newRecoveryCodes(userId)
    await adapter.replaceRecoveryCodes(userId, fresh.hashes)
    for (const hash of old) expect(await adapter.useRecoveryCode(userId, hash)).toBe(false)
    expect((await adapter.getTwoFactor(userId))!.recoveryCodesLeft).toBe(10)
    expect(await adapter.useRecoveryCode(userId, fresh.hashes[0]!)).toBe(true)
    expect(await db.prisma.recoveryCode.count({ where: { userId } })).toBe(10)
  })

  it("enabling again replaces the secret and the codes", async () => {
    const { userId, hashes: old } = await enrolled(500)
    const fresh = await newRecoveryCodes(userId)
    const sealed = await box.seal(newTotpSecret(), userId)
    await adapter.enableTwoFactor(userId, { secret: sealed, recoveryCodeHashes: fresh.hashes })
    expect(await adapter.getTwoFactor(userId)).toMatchObject({ secret: sealed, lastUsedStep: 0, recoveryCodesLeft: 10 })
    expect(await adapter.useRecoveryCode(userId, old[0]!)).toBe(false)
  })

  it("disableTwoFactor removes the record and every recovery code", async () => {
    const { userId, hashes } = await enrolled()
    const other = await enrolled()
    await adapter.disableTwoFactor(userId)
    expect(await adapter.getTwoFactor(userId)).toBeNull()
    expect(await db.prisma.recoveryCode.count({ where: { userId } })).toBe(0)
    expect(await adapter.useRecoveryCode(userId, hashes[0]!)).toBe(false)
    expect(await adapter.useTotpStep(userId, totpStep(Date.now()))).toBe(false)
    // Idempotent, and nobody else's records move.
    await adapter.disableTwoFactor(userId)
    expect((await adapter.getTwoFactor(other.userId))!.recoveryCodesLeft).toBe(10)
  })

  it("the database holds neither the TOTP secret nor any recovery code", async () => {
    const { userId, secret, codes } = await enrolled()
    const row = await db.prisma.twoFactor.findUniqueOrThrow({ where: { userId } })
    expect(row.secret).not.toContain(secret)
    expect(row.secret.toUpperCase()).not.toContain(secret)
    const stored = JSON.stringify(await db.prisma.recoveryCode.findMany({ where: { userId } }))
    for (const code of codes) {
      expect(stored).not.toContain(code)
      expect(stored).not.toContain(code.replaceAll("-", ""))
    }
  })

  it("deleting the user deletes its two-factor record and recovery codes", async () => {
    const { userId } = await enrolled()
    await adapter.deleteUser(userId)
    expect(await db.prisma.twoFactor.count({ where: { userId } })).toBe(0)
    expect(await db.prisma.recoveryCode.count({ where: { userId } })).toBe(0)
  })
})
