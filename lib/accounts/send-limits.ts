/**
 * Limits on mails the app sends on request (magic links, password resets,
 * verification mails): 3 per address and 20 per client in 10 minutes. A
 * refused send is silent: callers show the same answer as for a sent mail,
 * so the limit reveals nothing about an address.
 *
 * In-process counters (one server). Several instances need a shared store
 * behind the same `allowSend` call.
 */
import { FailureThrottle } from "./throttle"

export type MailPurpose = "sign-in" | "password-reset" | "verify-email"

interface SendLimits {
  perAddress: FailureThrottle
  perClient: FailureThrottle
}

const WINDOW_MS = 10 * 60 * 1000
export const SENDS_PER_ADDRESS = 3

/** EMAIL_SEND_LIMIT_PER_CLIENT raises the per-client budget (e.g. many users behind one NAT). */
function sendsPerClient(): number {
  const configured = Number(process.env.EMAIL_SEND_LIMIT_PER_CLIENT)
  return Number.isInteger(configured) && configured > 0 ? configured : 20
}

const KEY = Symbol.for("starter.sendLimits")
type Holder = { [KEY]?: SendLimits }

function limits(): SendLimits {
  const holder = globalThis as Holder
  holder[KEY] ??= {
    perAddress: new FailureThrottle({ limit: SENDS_PER_ADDRESS, windowMs: WINDOW_MS }),
    perClient: new FailureThrottle({ limit: sendsPerClient(), windowMs: WINDOW_MS }),
  }
  return holder[KEY]
}

/**
 * Takes one send from both budgets, or none when either is used up. Each
 * purpose has its own per-address budget; the per-client one is shared.
 */
export function allowSend(params: { purpose: MailPurpose; address: string; client: string }): boolean {
  const { perAddress, perClient } = limits()
  const addressKey = `${params.purpose}:${params.address}`
  const clientKey = `client:${params.client}`
  if (perAddress.isBlocked(addressKey) || perClient.isBlocked(clientKey)) return false
  // FailureThrottle counts events in a window; here every send is one.
  perAddress.recordFailure(addressKey)
  perClient.recordFailure(clientKey)
  return true
}
