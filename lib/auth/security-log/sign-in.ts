/**
 * The security log's entries for sign-ins, and the new-device check that
 * comes with a successful one. Every path that ends a sign-in (two-factor/
 * second-step.ts) or refuses one (wrong password, wrong second-step code,
 * refused passkey) writes through here, so method, provider and device are
 * named the same way for all of them. Nothing here throws.
 */
import type { ResolvedConfig } from "../config/resolved"
import type { AuthContext } from "../context"
import { emitEvent } from "../events"
import type { ProviderType } from "../types"
import { reportSecurityLogFailure } from "./failures"
import { isReauthentication } from "./reauthentication"
import { recordSecurityEvent, requestOrigin } from "./record"
import type { SecurityEventMethod } from "./types"

/** How a first factor is named in the log, by what gave it. */
const methodOfFirstFactor: Record<ProviderType, SecurityEventMethod> = {
  credentials: "password",
  email: "email",
  webauthn: "passkey",
  oauth: "oauth",
  oidc: "oauth",
}

/** The log's method for a provider type (credentials → "password", oidc → "oauth", ...). */
export function signInMethod(type: ProviderType): SecurityEventMethod {
  return methodOfFirstFactor[type]
}

/** How the second step of a two-factor sign-in was passed, as the entry's detail says it. */
export type SecondStep = "totp" | "recovery-code" | "passkey" | "enrolment"

/** The entry's detail for a second step: "with an authenticator code", ... */
export function secondStepDetail(step: SecondStep): string {
  return secondStepDetails[step]
}

const secondStepDetails: Record<SecondStep, string> = {
  totp: "with an authenticator code",
  "recovery-code": "with a recovery code",
  passkey: "with a passkey as second step",
  enrolment: "after setting up two-factor",
}

export interface SignInSucceeded {
  userId: string | undefined | null
  method: SecurityEventMethod
  provider?: string | null
  /** A first sign-in (sign-up) is never "a new device": there is nothing to compare with. */
  isNewUser?: boolean
  secondStep?: SecondStep
  /**
   * The browser was signed in as this user already (a passkey or an email
   * link used to confirm who they are): written as a re-authentication, and
   * no new-device check, since this browser holds the user's session.
   */
  reauthentication?: boolean
}

/**
 * A sign-in succeeded: checks whether it comes from a device none of the
 * user's earlier sign-ins came from (and fires newDeviceSignIn if so), then
 * writes its entry. The check runs before the write, so the entry itself is
 * never taken for an earlier sign-in from the device.
 */
export async function recordSignIn(ctx: AuthContext, signIn: SignInSucceeded): Promise<void> {
  const { config } = ctx
  const userId = signIn.userId
  if (!config.securityLog.store || typeof userId !== "string" || userId === "") return
  const origin = requestOrigin(config, ctx.request.request)
  const newDevice = signIn.isNewUser || signIn.reauthentication ? false : await isNewDevice(config, userId, origin.device)
  await recordSecurityEvent(
    config,
    ctx.request.request,
    {
      userId,
      type: signIn.reauthentication ? "reauthenticated" : "sign-in",
      method: signIn.method,
      provider: signIn.provider ?? null,
      detail: signIn.secondStep ? secondStepDetails[signIn.secondStep] : null,
    },
    origin,
  )
  if (newDevice) {
    await emitEvent(config, "newDeviceSignIn", {
      userId,
      method: signIn.method,
      provider: signIn.provider ?? null,
      ip: origin.ip,
      userAgent: origin.userAgent,
      device: origin.device,
    })
  }
}

/** Whether the user signed in successfully before, and never from `device`; false when unknown. */
async function isNewDevice(config: ResolvedConfig, userId: string, device: string): Promise<boolean> {
  const history = config.securityLog.store?.getSignInDeviceHistory
  if (!history) return false
  try {
    const { signedInBefore, fromDevice } = await history.call(config.securityLog.store, userId, device)
    return signedInBefore && !fromDevice
  } catch (error) {
    // Unknown is not new: a log outage must not mail every user who signs in meanwhile.
    reportSecurityLogFailure(config.logger, "device-check", error)
    return false
  }
}

export interface SignInFailed {
  /** The account the attempt was on, when one is known; null: written without an owner. */
  userId: string | null
  method: SecurityEventMethod
  provider?: string | null
  /** Why, in plain words; never what was typed. */
  detail?: string | null
}

/**
 * A sign-in attempt was refused. A passkey, or the second step after a
 * passkey or an email link, refused on a browser signed in as the same user
 * is a failed re-authentication (reauthentication.ts).
 */
export async function recordSignInFailure(ctx: AuthContext, failure: SignInFailed): Promise<void> {
  if (!ctx.config.securityLog.store) return
  const reauthentication = await isReauthentication(ctx, failure.userId, failure.provider)
  await recordSecurityEvent(ctx.config, ctx.request.request, {
    userId: failure.userId,
    type: reauthentication ? "reauthenticated" : "sign-in",
    outcome: "failure",
    method: failure.method,
    provider: failure.provider ?? null,
    detail: failure.detail ?? null,
  })
}
