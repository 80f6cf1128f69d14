/**
 * Limits on mails the app sends on request (magic links, verification mails,
 * password resets): 3 per address and 20 per client address in 10 minutes,
 * per kind. A refused send is silent: callers show the same answer as for a
 * sent mail, so the limit reveals nothing about an address.
 *
 * The call shape is the library rate limiter's, `consume(action, subject)`
 * with the action names it uses ("email-address", "email-client",
 * "password-reset-address", "password-reset-client"), so the app can count
 * through the library's shared store instead. Until then the counters are in
 * this process (one server instance).
 */
import { FailureThrottle } from "./throttle"

export type SendAction = "email-address" | "email-client" | "password-reset-address" | "password-reset-client"

export interface SendVerdict {
  allowed: boolean
}

const WINDOW_MS = 10 * 60 * 1000
export const SENDS_PER_ADDRESS = 3

/** EMAIL_SEND_LIMIT_PER_CLIENT raises the per-client budget (e.g. many users behind one NAT). */
function sendsPerClient(): number {
  const configured = Number(process.env.EMAIL_SEND_LIMIT_PER_CLIENT)
  return Number.isInteger(configured) && configured > 0 ? configured : 20
}

const KEY = Symbol.for("starter.sendLimits")
type Holder = { [KEY]?: Map<SendAction, FailureThrottle> }

function counter(action: SendAction): FailureThrottle {
  const holder = globalThis as Holder
  const counters = (holder[KEY] ??= new Map())
  let throttle = counters.get(action)
  if (!throttle) {
    const limit = action.endsWith("-client") ? sendsPerClient() : SENDS_PER_ADDRESS
    throttle = new FailureThrottle({ limit, windowMs: WINDOW_MS })
    counters.set(action, throttle)
  }
  return throttle
}

/** Counts one send of `action` for `subject`; refused once the window's budget is used up. */
export async function consumeSend(action: SendAction, subject: string): Promise<SendVerdict> {
  const throttle = counter(action)
  if (throttle.isBlocked(subject)) return { allowed: false }
  // FailureThrottle counts events in a fixed window; here every send is one.
  throttle.recordFailure(subject)
  return { allowed: true }
}

/** Both budgets of one kind of mail: the address's and the client's. Either refusing refuses. */
export async function allowSend(params: { kind: "email" | "password-reset"; address: string; client: string }): Promise<boolean> {
  const byAddress = await consumeSend(`${params.kind}-address`, params.address)
  const byClient = await consumeSend(`${params.kind}-client`, params.client)
  return byAddress.allowed && byClient.allowed
}
