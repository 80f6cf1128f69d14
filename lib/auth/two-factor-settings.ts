/**
 * The app's calls to turn two-factor on and off, with its configuration
 * object: resolved here once per object, as Auth() does, so the flows
 * (two-factor/enrolment.ts) only see the resolved config. The optional
 * `request` (one carrying the caller's headers) gives the security log entry
 * its address and device; without it the entry is written without them.
 */
import { resolveAuthConfig } from "./auth"
import type { AuthConfig } from "./config/types"
import { beginSetup, confirmSetup, disable, regenerateCodes, status, type TwoFactorSetup, type TwoFactorStatus } from "./two-factor/enrolment"

export type { TwoFactorSetup, TwoFactorStatus } from "./two-factor/enrolment"

/**
 * A new authenticator secret for the user, as a QR code, text and URI, and
 * sealed for them. Nothing is stored until confirmTwoFactorSetup.
 */
export function beginTwoFactorSetup(config: AuthConfig, user: { id: string; email?: string | null }): Promise<TwoFactorSetup> {
  return beginSetup(resolveAuthConfig(config), user)
}

/**
 * Turns two-factor on once `code` matches the sealed secret; resolves to the
 * ten recovery codes, to show once. Throws InvalidTwoFactorCode on a wrong code.
 */
export function confirmTwoFactorSetup(
  config: AuthConfig,
  userId: string,
  sealedSecret: string,
  code: string,
  request?: Request | null,
): Promise<{ recoveryCodes: string[] }> {
  return confirmSetup(resolveAuthConfig(config), userId, sealedSecret, code, request ?? null)
}

/** Replaces the user's recovery codes with ten new ones, to show once. */
export function regenerateRecoveryCodes(config: AuthConfig, userId: string, request?: Request | null): Promise<string[]> {
  return regenerateCodes(resolveAuthConfig(config), userId, request ?? null)
}

/** Turns two-factor off: the secret and every recovery code are deleted. */
export async function disableTwoFactor(config: AuthConfig, userId: string, request?: Request | null): Promise<void> {
  await disable(resolveAuthConfig(config), userId, request ?? null)
}

export function getTwoFactorStatus(config: AuthConfig, userId: string): Promise<TwoFactorStatus> {
  return status(resolveAuthConfig(config), userId)
}
