/**
 * Sends one mail through a service's HTTP API and resolves once the service
 * has accepted it (2xx); anything else throws MailDeliveryError with the
 * reason. Never retries: the caller (the sign-in flow, the app's form)
 * decides, and a user is waiting.
 */
import { type MailApiMessage, type MailApiSettings, type MailService } from "./message"
import { noAnswer, refusal } from "./answers"
import { REQUEST_BUILDERS } from "./requests"
import { oneLineSubject } from "../../email/subject-line"

const DEFAULT_TIMEOUT_MS = 15_000

/** More than any service's error body; the message keeps 300 characters of it anyway. */
const MAX_ANSWER_BYTES = 16 * 1024

/**
 * The start of the answer's body. A proxy's error page can be megabytes, or
 * never end: the status is known already, so the user waits for no more
 * than this, and the connection is released either way.
 */
async function answerStart(response: Response): Promise<string> {
  if (!response.body) return ""
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    while (size < MAX_ANSWER_BYTES) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      size += value.byteLength
    }
  } catch {
    // The body only adds words to the error; the status has been read.
  } finally {
    await reader.cancel().catch(() => {})
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes.subarray(0, MAX_ANSWER_BYTES))
}

export async function sendThroughMailApi(service: MailService, settings: MailApiSettings, message: MailApiMessage): Promise<void> {
  // Whoever built the message (the library, the app, a custom sender), the subject stays one line.
  const { url, init } = REQUEST_BUILDERS[service]({ ...message, subject: oneLineSubject(message.subject) }, settings)
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const fetchImpl = settings.fetch ?? fetch
  let response: Response
  try {
    response = await fetchImpl(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) })
  } catch (cause) {
    throw noAnswer(service, cause, timeoutMs)
  }
  const body = await answerStart(response)
  if (response.status >= 200 && response.status < 300) return
  throw refusal(service, response.status, body, response.headers.get("retry-after"))
}
