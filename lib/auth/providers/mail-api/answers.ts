/**
 * A service's answer to a send, read into what went wrong. Each service
 * documents its own error body: Resend {statusCode, name, message}, Postmark
 * {ErrorCode, Message}, SendGrid {errors: [{message, field}]}, Mailgun
 * {message} or plain text. The status decides the reason; the body only
 * adds the service's words to the message.
 */
import { MailDeliveryError, type MailDeliveryReason } from "../../errors"
import { type MailService, SERVICE_NAMES } from "./message"

const MAX_DETAIL = 300

// Postmark's "bad or missing API token" error code, whatever status carries it.
const POSTMARK_BAD_TOKEN = 10
// Resend answers a wrong key with 403 (and 403 also for an unverified domain): its error name tells them apart.
const RESEND_KEY_ERRORS = ["missing_api_key", "invalid_api_key", "restricted_api_key"]

function reasonOf(status: number): MailDeliveryReason {
  if (status === 401) return "unauthorized"
  if (status === 403) return "forbidden"
  if (status === 429) return "rate_limited"
  if (status === 400 || status === 404 || status === 413 || status === 422) return "invalid"
  if (status >= 500 && status <= 599) return "unavailable"
  return "unexpected"
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

const str = (value: unknown): string | undefined => (typeof value === "string" && value.trim() ? value.trim() : undefined)

/** The service's own words for the failure, from its documented error body. */
function detailOf(service: MailService, text: string): { detail: string; badToken?: boolean } {
  const body = parse(text) as Record<string, unknown> | undefined
  if (body && typeof body === "object") {
    if (service === "resend") {
      const words = [str(body.name), str(body.message)].filter(Boolean).join(": ")
      if (words) return { detail: words, badToken: RESEND_KEY_ERRORS.includes(str(body.name) ?? "") }
    }
    if (service === "postmark" && str(body.Message)) {
      const code = typeof body.ErrorCode === "number" ? body.ErrorCode : undefined
      return { detail: `${code !== undefined ? `ErrorCode ${code}: ` : ""}${str(body.Message)}`, badToken: code === POSTMARK_BAD_TOKEN }
    }
    if (service === "sendgrid" && Array.isArray(body.errors)) {
      const words = body.errors
        .map((e: unknown) => (typeof e === "object" && e !== null ? e : {}) as Record<string, unknown>)
        .map((e) => [str(e.field), str(e.message)].filter(Boolean).join(": "))
        .filter(Boolean)
        .join("; ")
      if (words) return { detail: words }
    }
    if (str(body.message)) return { detail: str(body.message)! }
  }
  // Plain text (Mailgun's 401 "Forbidden", a proxy's HTML page): one line of it.
  return { detail: text.replace(/\s+/g, " ").trim() }
}

/** Seconds from a Retry-After header given in seconds; an HTTP date or junk gives nothing. */
function retryAfterSeconds(header: string | null): number | undefined {
  if (!header || !/^\d{1,6}$/.test(header.trim())) return undefined
  return Number(header.trim())
}

/** The typed error for a non-2xx answer. */
export function refusal(service: MailService, status: number, body: string, retryAfter: string | null): MailDeliveryError {
  const { detail, badToken } = detailOf(service, body)
  const reason = badToken ? "unauthorized" : reasonOf(status)
  const clipped = detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL)}…` : detail
  return new MailDeliveryError(SERVICE_NAMES[service], reason, status, clipped, reason === "rate_limited" ? retryAfterSeconds(retryAfter) : undefined)
}

/** The typed error for no answer at all. */
export function noAnswer(service: MailService, cause: unknown, timeoutMs: number): MailDeliveryError {
  const timedOut = cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError")
  const detail = timedOut ? `no answer within ${timeoutMs} ms` : cause instanceof Error ? (causeText(cause) ?? cause.message) : String(cause)
  return new MailDeliveryError(SERVICE_NAMES[service], "unreachable", undefined, detail, undefined, { cause })
}

/** fetch's "fetch failed" hides the reason (ECONNREFUSED, ENOTFOUND) in its cause. */
function causeText(error: Error): string | undefined {
  const inner = error.cause
  if (inner instanceof Error) return `${error.message} (${(inner as { code?: unknown }).code ?? inner.message})`
  return undefined
}
