/**
 * Checks a code the user typed as their second factor: a TOTP code (its step
 * then recorded, so it works once) or else a recovery code (consumed). Both
 * writes are the adapter's atomic ones, so of two parallel requests with one
 * code at most one is accepted. Used by the two-factor sign-in step and by
 * re-authentication.
 */
import type { TwoFactorAdapter } from "../adapters/capabilities"
import type { AdapterTwoFactor } from "../adapters/types"
import type { ResolvedConfig } from "../config/resolved"
import { hashRecoveryCode } from "./recovery-codes"
import { verifyTotp } from "./totp"

export type SecondFactorMethod = "totp" | "recovery-code"

/** Six digits, perhaps spaced as apps show them: read as a TOTP code, anything else as a recovery code. */
export function looksLikeTotp(code: string): boolean {
  return /^\s*\d{3}\s*\d{3}\s*$/.test(code)
}

/** Longest input worth looking at: a recovery code with generous separators. */
const MAX_CODE_LENGTH = 64

async function acceptTotp(
  config: ResolvedConfig,
  adapter: TwoFactorAdapter,
  record: AdapterTwoFactor,
  code: string,
  now: Date,
): Promise<boolean> {
  const secret = await config.twoFactor.box.open(record.secret, record.userId)
  const step = verifyTotp(code, secret, now)
  if (step === null || step <= record.lastUsedStep) return false
  return adapter.useTotpStep(record.userId, step)
}

/**
 * The method that accepted `code` for `userId`, or null (wrong, replayed,
 * already used, or the user has no second factor).
 */
export async function verifySecondFactor(
  config: ResolvedConfig,
  userId: string,
  code: string,
  now: Date = new Date(),
): Promise<SecondFactorMethod | null> {
  const adapter = config.twoFactor.adapter
  if (!adapter || typeof code !== "string" || code.length > MAX_CODE_LENGTH) return null
  const record = await adapter.getTwoFactor(userId)
  if (!record) return null
  if (looksLikeTotp(code)) return (await acceptTotp(config, adapter, record, code, now)) ? "totp" : null
  const hash = await hashRecoveryCode(code, userId)
  if (hash === null) return null
  return (await adapter.useRecoveryCode(userId, hash)) ? "recovery-code" : null
}
