/**
 * The Prisma side of two-factor sign-in (tables TwoFactor and RecoveryCode,
 * not in Auth.js's schema). What must happen once — a TOTP step, a recovery
 * code — is one conditional UPDATE whose row count says who won: the database
 * re-checks the condition on the row it locks, so of concurrent uses exactly
 * one matches.
 *
 * Writes that span rows run in one transaction on PostgreSQL. On SQLite they
 * run one statement after another (the reason is in createUserAndAccount, in
 * ./index.ts), ordered so that a failure half-way leaves two-factor stricter,
 * never looser: old recovery codes go before new ones come, the record goes
 * before its codes.
 */
import type { AdapterTwoFactor, EnableTwoFactor } from "../types"

const twoFactorSelect = { userId: true, secret: true, enabledAt: true, lastUsedStep: true } as const

interface TwoFactorRow {
  userId: string
  secret: string
  enabledAt: Date
  lastUsedStep: number
}

/** The column is a 32-bit integer; steps reach it around the year 4000. */
const MAX_STEP = 2 ** 31 - 1

/** The slice of a Prisma client these methods call. */
export interface PrismaTwoFactorLike {
  readonly _activeProvider?: string
  $transaction?(operations: PromiseLike<unknown>[]): PromiseLike<unknown>
  twoFactor: {
    findUnique(args: { where: { userId: string }; select: typeof twoFactorSelect }): PromiseLike<TwoFactorRow | null>
    upsert(args: {
      where: { userId: string }
      create: { userId: string; secret: string; enabledAt: Date; lastUsedStep: number }
      update: { secret: string; enabledAt: Date; lastUsedStep: number }
      select: { userId: true }
    }): PromiseLike<{ userId: string }>
    updateMany(args: {
      where: { userId: string; lastUsedStep: { lt: number } }
      data: { lastUsedStep: number }
    }): PromiseLike<{ count: number }>
    deleteMany(args: { where: { userId: string } }): PromiseLike<{ count: number }>
  }
  recoveryCode: {
    count(args: { where: { userId: string; usedAt: null } }): PromiseLike<number>
    createMany(args: { data: { userId: string; codeHash: string }[] }): PromiseLike<{ count: number }>
    updateMany(args: {
      where: { userId: string; codeHash: string; usedAt: null }
      data: { usedAt: Date }
    }): PromiseLike<{ count: number }>
    deleteMany(args: { where: { userId: string } }): PromiseLike<{ count: number }>
  }
}

/** PostgreSQL text cannot hold U+0000 and rejects a query carrying it; nothing stored contains it. */
const unmatchable = (...keys: string[]) => keys.some((key) => key.includes("\u0000"))

function checkStep(step: number): void {
  if (!Number.isSafeInteger(step) || step < 0 || step > MAX_STEP) {
    throw new RangeError(`A TOTP step must be an integer from 0 to ${MAX_STEP}`)
  }
}

/** Runs the writes in order, in one transaction where the database allows it (see the module comment). */
async function writeInOrder(prisma: PrismaTwoFactorLike, writes: (() => PromiseLike<unknown>)[]): Promise<void> {
  if (prisma._activeProvider !== "sqlite" && prisma.$transaction) {
    await prisma.$transaction(writes.map((write) => write()))
    return
  }
  for (const write of writes) await write()
}

export function twoFactorStore(prisma: PrismaTwoFactorLike) {
  const deleteCodes = (userId: string) => () => prisma.recoveryCode.deleteMany({ where: { userId } })
  const createCodes = (userId: string, hashes: readonly string[]) => () =>
    prisma.recoveryCode.createMany({ data: hashes.map((codeHash) => ({ userId, codeHash })) })

  return {
    async getTwoFactor(userId: string): Promise<AdapterTwoFactor | null> {
      if (unmatchable(userId)) return null
      const [row, recoveryCodesLeft] = await Promise.all([
        prisma.twoFactor.findUnique({ where: { userId }, select: twoFactorSelect }),
        prisma.recoveryCode.count({ where: { userId, usedAt: null } }),
      ])
      return row && { ...row, recoveryCodesLeft }
    },

    async enableTwoFactor(userId: string, { secret, recoveryCodeHashes, lastUsedStep = 0 }: EnableTwoFactor): Promise<void> {
      checkStep(lastUsedStep)
      const enabledAt = new Date()
      await writeInOrder(prisma, [
        deleteCodes(userId),
        createCodes(userId, recoveryCodeHashes),
        () =>
          prisma.twoFactor.upsert({
            where: { userId },
            create: { userId, secret, enabledAt, lastUsedStep },
            update: { secret, enabledAt, lastUsedStep },
            select: { userId: true },
          }),
      ])
    },

    async disableTwoFactor(userId: string): Promise<void> {
      await writeInOrder(prisma, [() => prisma.twoFactor.deleteMany({ where: { userId } }), deleteCodes(userId)])
    },

    async useTotpStep(userId: string, step: number): Promise<boolean> {
      checkStep(step)
      if (unmatchable(userId)) return false
      const { count } = await prisma.twoFactor.updateMany({
        where: { userId, lastUsedStep: { lt: step } },
        data: { lastUsedStep: step },
      })
      return count === 1
    },

    async replaceRecoveryCodes(userId: string, codeHashes: readonly string[]): Promise<void> {
      await writeInOrder(prisma, [deleteCodes(userId), createCodes(userId, codeHashes)])
    },

    async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      if (unmatchable(userId, codeHash)) return false
      const { count } = await prisma.recoveryCode.updateMany({
        where: { userId, codeHash, usedAt: null },
        data: { usedAt: new Date() },
      })
      return count === 1
    },
  }
}
