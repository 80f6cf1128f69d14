"use server"

import { revalidatePath } from "next/cache"
import { authConfig, rateLimit, requireRecentAuthentication, sessions } from "@/auth"
import {
  beginTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  getTwoFactorStatus,
  InvalidTwoFactorCode,
  mailLinkOrigin,
  regenerateRecoveryCodes,
} from "@/lib/auth"
import { getPrisma } from "@/lib/db/client"
import { sendTwoFactorNoticeLater } from "@/server/accounts/two-factor-notices"
import { plainQrSvg } from "@/server/accounts/qr-svg"
import { twoFactorEnrolmentRefusal } from "@/server/accounts/two-factor-enrolment"
import { whileDatabaseAnswers } from "@/server/session-state"
import { formInput } from "@/server/form-input"
import { currentRequest } from "@/lib/auth/next"
import { featureOffFor } from "@/server/adapter-features"
import { CONFIRM_ADDRESS_FIRST } from "./two-factor-messages"

/** What the setup form shows while the user adds the account to their authenticator app. */
export interface PendingSetup {
  secret: string
  uri: string
  /** The QR code as SVG markup, or null when it was not the plain QR code expected (then only the text shows). */
  qrSvg: string | null
  sealedSecret: string
}

export interface TwoFactorState {
  ok?: boolean
  message?: string
  setup?: PendingSetup
  /** Shown once, right after they were made. */
  recoveryCodes?: string[]
  /** Refused: the account's address must be confirmed first (the section offers the mail). */
  needsVerifiedAddress?: boolean
}

const ALREADY_ON: TwoFactorState = { ok: false, message: "Two-factor authentication is already on. Reload the page." }
const ALREADY_OFF: TwoFactorState = { ok: false, message: "Two-factor authentication is off. Reload the page." }
const WRONG_CODE = "That code did not work. Enter the 6-digit code your authenticator app shows now; each code works once."

/**
 * Every two-factor change asks for a recent proof of identity first: the
 * guard sends a stale session to the re-authentication page, which comes back
 * to Settings. Turning it on is guarded too, although the issue only names the
 * rest: someone holding a stolen session could otherwise enrol their own app
 * and keep the recovery codes, locking the owner out of the next sign-in.
 */
async function recentUser(): Promise<{ id: string; email: string | null } | null> {
  const session = await requireRecentAuthentication({ callbackUrl: "/settings" })
  const id = session.user?.id
  return id ? { id, email: session.user?.email ?? null } : null
}

const SIGNED_OUT: TwoFactorState = { ok: false, message: "Your session has ended. Sign in again." }
// AUTH_ADAPTER=drizzle: the section shows no form, but an action posted anyway answers, never a 500.
const NOT_AVAILABLE: TwoFactorState = { ok: false, message: "Two-factor authentication is not available on this site." }
const CONFIRM_FIRST: TwoFactorState = { ok: false, message: CONFIRM_ADDRESS_FIRST, needsVerifiedAddress: true }

/**
 * Enrolment on an unproven address is refused here, on the server, whatever
 * the page showed: the owner of the mailbox taking the account back would
 * silently remove it (server/accounts/two-factor-enrolment.ts).
 */
async function enrolmentRefused(userId: string): Promise<TwoFactorState | null> {
  const refusal = await twoFactorEnrolmentRefusal(getPrisma(), userId)
  if (refusal === "no-user") return SIGNED_OUT
  return refusal === "unverified-email" ? CONFIRM_FIRST : null
}

/** "Set up authenticator app": a new secret for the user, nothing stored until it is confirmed. */
export async function beginTwoFactorSetupAction(_previous: TwoFactorState): Promise<TwoFactorState> {
  return whileDatabaseAnswers(async () => {
    const user = await recentUser()
    if (!user) return SIGNED_OUT
    if (featureOffFor("getTwoFactor")) return NOT_AVAILABLE
    if ((await getTwoFactorStatus(authConfig, user.id)).enabled) return ALREADY_ON
    const refused = await enrolmentRefused(user.id)
    if (refused) return refused
    const setup = await beginTwoFactorSetup(authConfig, user)
    return { setup: { ...setup, qrSvg: plainQrSvg(setup.qrSvg) } }
  })
}

/** The code from the app proves it holds the secret: two-factor goes on and the recovery codes are shown once. */
export async function confirmTwoFactorSetupAction(_previous: TwoFactorState, input: FormData): Promise<TwoFactorState> {
  const form = formInput(input)
  return whileDatabaseAnswers(async () => {
    const user = await recentUser()
    if (!user) return SIGNED_OUT
    if (featureOffFor("getTwoFactor")) return NOT_AVAILABLE
    const sealedSecret = String(form.get("sealedSecret") ?? "")
    const code = String(form.get("code") ?? "").replace(/\s+/g, "")
    if (!/^\d{6}$/.test(code)) return { ok: false, message: "Enter the 6-digit code from your authenticator app." }
    if ((await getTwoFactorStatus(authConfig, user.id)).enabled) return ALREADY_ON
    const refused = await enrolmentRefused(user.id)
    if (refused) return refused
    try {
      const { recoveryCodes } = await confirmTwoFactorSetup(authConfig, user.id, sealedSecret, code, await currentRequest())
      // Sessions signed in without the second factor end; this browser, which just proved it, stays.
      await sessions.revokeAll(user.id, { keep: true })
      // The notice mail goes out from the twoFactorEnabled event (auth.ts).
      revalidatePath("/settings")
      return { ok: true, message: "Two-factor authentication is on.", recoveryCodes }
    } catch (error) {
      // A wrong, expired or replayed code, or a setup field changed in the browser: the same answer.
      if (error instanceof InvalidTwoFactorCode) return { ok: false, message: WRONG_CODE }
      throw error
    }
  })
}

/** Ten new recovery codes replace the old ones; the owner is told by mail. */
export async function regenerateRecoveryCodesAction(_previous: TwoFactorState): Promise<TwoFactorState> {
  return whileDatabaseAnswers(async () => {
    const user = await recentUser()
    if (!user) return SIGNED_OUT
    if (!(await getTwoFactorStatus(authConfig, user.id)).enabled) return ALREADY_OFF
    const recoveryCodes = await regenerateRecoveryCodes(authConfig, user.id, await currentRequest())
    // The library has no event for this one, so the action sends the notice itself.
    sendTwoFactorNoticeLater(getPrisma(), { userId: user.id, notice: "recovery-codes-regenerated", origin: mailLinkOrigin(process.env), rateLimit })
    revalidatePath("/settings")
    return { ok: true, message: "New recovery codes made. The old ones no longer work.", recoveryCodes }
  })
}

/** Turns two-factor off: the secret and the recovery codes are deleted. */
export async function disableTwoFactorAction(_previous: TwoFactorState): Promise<TwoFactorState> {
  return whileDatabaseAnswers(async () => {
    const user = await recentUser()
    if (!user) return SIGNED_OUT
    if (!(await getTwoFactorStatus(authConfig, user.id)).enabled) return ALREADY_OFF
    // The notice mail goes out from the twoFactorDisabled event (auth.ts).
    await disableTwoFactor(authConfig, user.id, await currentRequest())
    // Whoever turned it off may not be the owner: every other session ends, this browser stays.
    await sessions.revokeAll(user.id, { keep: true })
    revalidatePath("/settings")
    return { ok: true, message: "Two-factor authentication is off." }
  })
}
