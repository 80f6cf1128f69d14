/**
 * Sends one mail through a service's HTTP API and resolves once the service
 * has accepted it (2xx); anything else throws MailDeliveryError with the
 * reason. Never retries: the caller (the sign-in flow, the app's form)
 * decides, and a user is waiting.
 */
import { type MailApiMessage, type MailApiSettings, type MailService } from "./message"
import { noAnswer, refusal } from "./answers"
import { REQUEST_BUILDERS } from "./requests"

const DEFAULT_TIMEOUT_MS = 15_000

export async function sendThroughMailApi(service: MailService, settings: MailApiSettings, message: MailApiMessage): Promise<void> {
  const { url, init } = REQUEST_BUILDERS[service](message, settings)
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const fetchImpl = settings.fetch ?? fetch
  let response: Response
  try {
    response = await fetchImpl(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) })
  } catch (cause) {
    throw noAnswer(service, cause, timeoutMs)
  }
  // The body is read either way, so the connection is released.
  const body = await response.text().catch(() => "")
  if (response.status >= 200 && response.status < 300) return
  throw refusal(service, response.status, body, response.headers.get("retry-after"))
}
