/**
 * Turning two-factor on and off for a user, on the resolved configuration:
 * a new TOTP secret (handed back sealed, so the app can carry it in a form
 * until the user confirms it with a code), the confirmation that stores it
 * with ten recovery codes, regenerating those codes, turning it off, and the
 * user's status. The app reaches these through the core's
 * two-factor-settings.ts, which resolves its configuration.
 */
import { renderSVG } from "uqr"

import type { TwoFactorAdapter } from "../adapters/capabilities"
import type { ResolvedConfig } from "../config/resolved"
import { AccessDenied, InvalidTwoFactorCode, TwoFactorUnsupported } from "../errors"
import { emitEvent } from "../events"
import { recordSecurityEvent } from "../security-log/record"
import { newRecoveryCodes } from "./recovery-codes"
import { SealedSecretUnreadable } from "./secret-box"
import { newTotpSecret, totpUri, verifyTotp } from "./totp"

export interface TwoFactorSetup {
  /** The base32 secret, for people who type it into their app. */
  secret: string
  /** The `otpauth://totp/…` URI the QR code holds. */
  uri: string
  /** The QR code of `uri`, as an SVG document made on the server. */
  qrSvg: string
  /** The secret sealed for this user: carry it to confirmTwoFactorSetup (it opens for no one else). */
  sealedSecret: string
}

export interface TwoFactorStatus {
  enabled: boolean
  enabledAt: Date | null
  recoveryCodesLeft: number
}

function twoFactorAdapter(config: ResolvedConfig): TwoFactorAdapter {
  const adapter = config.twoFactor.adapter
  if (!adapter) throw new TwoFactorUnsupported("Two-factor needs an adapter that stores second factors.")
  return adapter
}

/** The name authenticator apps show: the configured issuer, else the product's name, else the host links in mail point to. */
function issuerName(config: ResolvedConfig): string {
  if (config.twoFactor.issuer) return config.twoFactor.issuer
  const name = config.theme.name?.trim()
  if (name) return name
  try {
    return new URL(config.mailOrigin).host || "Sign-in"
  } catch {
    return "Sign-in"
  }
}

type SetupUser = { id: string; email?: string | null }

function presented(config: ResolvedConfig, user: SetupUser, secret: string, sealedSecret: string): TwoFactorSetup {
  const uri = totpUri({ secret, issuer: issuerName(config), accountName: user.email || user.id })
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }), sealedSecret }
}

export async function beginSetup(config: ResolvedConfig, user: SetupUser): Promise<TwoFactorSetup> {
  twoFactorAdapter(config)
  const secret = newTotpSecret()
  return presented(config, user, secret, await config.twoFactor.box.seal(secret, user.id))
}

/** The setup a sealed secret stands for (shown again after a wrong code); a new one if it does not open. */
export async function setupFromSealed(config: ResolvedConfig, user: SetupUser, sealedSecret: string): Promise<TwoFactorSetup> {
  let secret: string
  try {
    secret = await config.twoFactor.box.open(sealedSecret, user.id)
  } catch (error) {
    if (error instanceof SealedSecretUnreadable) return beginSetup(config, user)
    throw error
  }
  return presented(config, user, secret, sealedSecret)
}

export async function confirmSetup(
  config: ResolvedConfig,
  userId: string,
  sealedSecret: string,
  code: string,
  /** The request that asked, for the security log's address and device; null: logged without them. */
  request: Request | null = null,
  now: Date = new Date(),
): Promise<{ recoveryCodes: string[] }> {
  const adapter = twoFactorAdapter(config)
  let secret: string
  try {
    secret = await config.twoFactor.box.open(sealedSecret, userId)
  } catch (cause) {
    // A field edited in the browser, or sealed for someone else: the same answer as a wrong code.
    if (cause instanceof SealedSecretUnreadable) throw new InvalidTwoFactorCode("The setup does not belong to this user", { cause })
    throw cause
  }
  const step = verifyTotp(code, secret, now)
  if (step === null) throw new InvalidTwoFactorCode("The authentication code is wrong or expired")
  const { codes, hashes } = await newRecoveryCodes(userId)
  // Sealed again: the form may have carried it across a rotation of the auth secret.
  await adapter.enableTwoFactor(userId, {
    secret: await config.twoFactor.box.seal(secret, userId),
    recoveryCodeHashes: hashes,
    lastUsedStep: step,
  })
  await recordSecurityEvent(config, request, { userId, type: "two-factor-enabled", method: "totp" })
  await emitEvent(config, "twoFactorEnabled", { userId })
  return { recoveryCodes: codes }
}

export async function regenerateCodes(config: ResolvedConfig, userId: string, request: Request | null = null): Promise<string[]> {
  const adapter = twoFactorAdapter(config)
  if (!(await adapter.getTwoFactor(userId))) throw new AccessDenied("Two-factor is off for this user")
  const { codes, hashes } = await newRecoveryCodes(userId)
  await adapter.replaceRecoveryCodes(userId, hashes)
  await recordSecurityEvent(config, request, { userId, type: "recovery-codes-regenerated", method: "recovery-code" })
  return codes
}

/** Turns two-factor off; true when it was on. `actorId`: the admin who turned it off, for the event. */
export async function disable(config: ResolvedConfig, userId: string, request: Request | null = null, actorId: string | null = null): Promise<boolean> {
  const adapter = twoFactorAdapter(config)
  const had = await adapter.getTwoFactor(userId)
  await adapter.disableTwoFactor(userId)
  if (!had) return false
  await recordSecurityEvent(config, request, { userId, type: "two-factor-disabled", method: "totp" })
  await emitEvent(config, "twoFactorDisabled", { userId, actorId })
  return true
}

export async function status(config: ResolvedConfig, userId: string): Promise<TwoFactorStatus> {
  const record = await config.twoFactor.adapter?.getTwoFactor(userId)
  if (!record) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 }
  return { enabled: true, enabledAt: record.enabledAt, recoveryCodesLeft: record.recoveryCodesLeft }
}
