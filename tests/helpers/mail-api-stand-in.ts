/**
 * A local stand-in for a mail service's HTTP API (Resend, Postmark, SendGrid,
 * Mailgun) on 127.0.0.1. It accepts a send only when the request has the
 * shape the service documents (method, path, authentication header, content
 * type, body fields), answers the service's own success body, and can be
 * told to answer one of the service's documented errors next. A request of
 * the wrong shape is refused the way the service refuses it and recorded in
 * `malformed`, so a test can assert there were none.
 */
import http from "node:http"
import type { AddressInfo } from "node:net"

export type StandInService = "resend" | "postmark" | "sendgrid" | "mailgun"

/** Documented error answers every service has, each in its own words. */
export type DocumentedError = "bad-key" | "sender-not-allowed" | "invalid" | "rate-limited" | "server-error"

export interface StandInMail {
  from: string
  to: string
  subject: string
  text: string
  html: string
}

export interface MailApiStandIn {
  service: StandInService
  /** The base URL to configure as the API's (apiUrl / AUTH_<ID>_API_URL). */
  url: string
  /** The key the stand-in accepts. */
  key: string
  /** Mailgun's sending domain (the path's segment). */
  domain: string
  mails: StandInMail[]
  /** Why each refused-for-its-shape request was refused. */
  malformed: string[]
  /** How many requests arrived (accepted, refused or answered with an error). */
  requests: number
  /** The next request gets this documented error (once). */
  answerNext(error: DocumentedError): void
  /** Resolves with the next mail to `address` not taken yet. */
  waitFor(address: string, timeoutMs?: number): Promise<StandInMail>
  close(): Promise<void>
}

interface Answer {
  status: number
  body: string
  contentType: string
  headers?: Record<string, string>
}

const json = (status: number, body: unknown, headers?: Record<string, string>): Answer => ({
  status,
  body: JSON.stringify(body),
  contentType: "application/json; charset=utf-8",
  headers,
})
const plain = (status: number, body: string): Answer => ({ status, body, contentType: "text/plain; charset=utf-8" })

// Error bodies as each service's API reference shows them.
const resendError = (status: number, name: string, message: string, headers?: Record<string, string>) =>
  json(status, { statusCode: status, name, message }, headers)
const postmarkError = (status: number, code: number, message: string) => json(status, { ErrorCode: code, Message: message })
const sendgridError = (status: number, message: string, field: string | null = null) =>
  json(status, { errors: [{ message, field, help: null }] })
const mailgunError = (status: number, message: string) => json(status, { message })

const DOCUMENTED: Record<StandInService, Record<DocumentedError, Answer>> = {
  resend: {
    "bad-key": resendError(403, "invalid_api_key", "API key is invalid"),
    "sender-not-allowed": resendError(403, "validation_error", "The example.test domain is not verified. Please, add and verify your domain on https://resend.com/domains"),
    invalid: resendError(422, "validation_error", "Invalid `to` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format."),
    "rate-limited": resendError(429, "rate_limit_exceeded", "Too many requests. You can only make 2 requests per second.", { "retry-after": "1" }),
    "server-error": resendError(500, "application_error", "An unexpected error occurred, please try again later"),
  },
  postmark: {
    "bad-key": postmarkError(401, 10, "The Server Token you provided in the X-Postmark-Server-Token request header was invalid. Please verify that you are using a valid token."),
    "sender-not-allowed": postmarkError(422, 400, "The 'From' address you supplied (no-reply@example.test) is not a Sender Signature on your account. Please add and confirm this address in order to be able to use it in the 'From' field of your messages."),
    invalid: postmarkError(422, 300, "Invalid email request"),
    "rate-limited": postmarkError(429, 0, "Rate limit exceeded"),
    "server-error": plain(503, "Service Unavailable"),
  },
  sendgrid: {
    "bad-key": sendgridError(401, "The provided authorization grant is invalid, expired, or revoked"),
    "sender-not-allowed": sendgridError(403, "The from address does not match a verified Sender Identity. Mail cannot be sent until this error is resolved.", "from"),
    invalid: sendgridError(400, "The to array is required for all personalization objects, and must have at least one email object with a valid email address.", "personalizations.0.to"),
    "rate-limited": sendgridError(429, "too many requests"),
    "server-error": sendgridError(500, "internal error"),
  },
  mailgun: {
    "bad-key": plain(401, "Forbidden"),
    "sender-not-allowed": mailgunError(403, "Domain mg.example.test is not allowed to send: Free accounts are for test purposes only. Please upgrade or add the address to authorized recipients in Account Settings."),
    invalid: mailgunError(400, "'to' parameter is not a valid address. please check documentation"),
    "rate-limited": mailgunError(429, "Too many requests"),
    "server-error": mailgunError(500, "Internal Server Error"),
  },
}

type Fields = Record<string, unknown>

/** The request's verdict: a mail, or the service's refusal and why. */
type Verdict = { mail: StandInMail; ok: Answer } | { refusal: Answer; why: string }

const isText = (value: unknown): value is string => typeof value === "string" && value.trim() !== ""

function parseJson(body: string): Fields | undefined {
  try {
    const value = JSON.parse(body) as unknown
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Fields) : undefined
  } catch {
    return undefined
  }
}

function onlyKnown(body: Fields, known: readonly string[]): string | undefined {
  return Object.keys(body).find((key) => !known.includes(key))
}

function checkResend(req: http.IncomingMessage, body: string, key: string): Verdict {
  if (req.method !== "POST" || req.url !== "/emails") return { refusal: resendError(404, "not_found", "The requested endpoint does not exist."), why: `${req.method} ${req.url}` }
  const auth = req.headers.authorization
  if (!auth) return { refusal: resendError(401, "missing_api_key", "Missing API key in the authorization header."), why: "no authorization" }
  if (auth !== `Bearer ${key}`) return { refusal: DOCUMENTED.resend["bad-key"], why: "" }
  if (!req.headers["content-type"]?.startsWith("application/json")) return { refusal: resendError(422, "validation_error", "Invalid content type"), why: `content-type ${req.headers["content-type"]}` }
  const fields = parseJson(body)
  const bad = (why: string): Verdict => ({ refusal: resendError(422, "validation_error", why), why })
  if (!fields) return bad("body is not a JSON object")
  const extra = onlyKnown(fields, ["from", "to", "subject", "html", "text", "cc", "bcc", "reply_to", "headers", "attachments", "tags", "scheduled_at"])
  if (extra) return bad(`unknown field ${extra}`)
  const to = Array.isArray(fields.to) ? fields.to : [fields.to]
  if (!isText(fields.from) || !to.every(isText) || to.length !== 1 || !isText(fields.subject) || !isText(fields.html) || !isText(fields.text)) {
    return bad("from, to (one address), subject, html and text are required strings")
  }
  const mail = { from: fields.from, to: to[0] as string, subject: fields.subject, text: fields.text, html: fields.html }
  return { mail, ok: json(200, { id: crypto.randomUUID() }) }
}

function checkPostmark(req: http.IncomingMessage, body: string, key: string): Verdict {
  if (req.method !== "POST" || req.url !== "/email") return { refusal: plain(404, "Not Found"), why: `${req.method} ${req.url}` }
  if (req.headers["x-postmark-server-token"] !== key) return { refusal: DOCUMENTED.postmark["bad-key"], why: "" }
  const bad = (why: string): Verdict => ({ refusal: postmarkError(422, 300, `Invalid email request: ${why}`), why })
  if (!req.headers["content-type"]?.startsWith("application/json")) return bad(`content-type ${req.headers["content-type"]}`)
  if (!req.headers.accept?.includes("application/json")) return bad(`accept ${req.headers.accept}`)
  const fields = parseJson(body)
  if (!fields) return bad("body is not a JSON object")
  const extra = onlyKnown(fields, ["From", "To", "Cc", "Bcc", "Subject", "Tag", "HtmlBody", "TextBody", "ReplyTo", "Headers", "TrackOpens", "TrackLinks", "Metadata", "Attachments", "MessageStream"])
  if (extra) return bad(`unknown field ${extra}`)
  if (!isText(fields.From) || !isText(fields.To) || !isText(fields.Subject) || !isText(fields.HtmlBody) || !isText(fields.TextBody)) {
    return bad("From, To, Subject, HtmlBody and TextBody are required strings")
  }
  if (fields.MessageStream !== undefined && fields.MessageStream !== "outbound") return bad(`unknown MessageStream ${String(fields.MessageStream)}`)
  const mail = { from: fields.From, to: fields.To, subject: fields.Subject, text: fields.TextBody, html: fields.HtmlBody }
  return { mail, ok: json(200, { To: fields.To, SubmittedAt: new Date().toISOString(), MessageID: crypto.randomUUID(), ErrorCode: 0, Message: "OK" }) }
}

function checkSendGrid(req: http.IncomingMessage, body: string, key: string): Verdict {
  if (req.method !== "POST" || req.url !== "/v3/mail/send") return { refusal: sendgridError(404, "not found"), why: `${req.method} ${req.url}` }
  if (req.headers.authorization !== `Bearer ${key}`) return { refusal: DOCUMENTED.sendgrid["bad-key"], why: "" }
  const bad = (why: string, field: string | null = null): Verdict => ({ refusal: sendgridError(400, why, field), why })
  if (!req.headers["content-type"]?.startsWith("application/json")) return bad(`content-type ${req.headers["content-type"]}`)
  const fields = parseJson(body)
  if (!fields) return bad("Bad Request")
  const personalizations = fields.personalizations
  const first = Array.isArray(personalizations) && personalizations.length === 1 ? (personalizations[0] as Fields) : undefined
  const to = first && Array.isArray(first.to) && first.to.length === 1 ? (first.to[0] as Fields) : undefined
  if (!to || !isText(to.email)) return bad("The to array is required for all personalization objects", "personalizations.0.to")
  const from = fields.from as Fields | undefined
  // A whole "Name <address>" in `email` is refused by SendGrid: the name goes in `name`.
  if (typeof from !== "object" || from === null || !isText(from.email) || /[<>]/.test(from.email)) return bad("The from object must be provided and have a valid email", "from.email")
  if (!isText(fields.subject)) return bad("The subject is required", "subject")
  const content = Array.isArray(fields.content) ? (fields.content as Fields[]) : []
  const text = content.find((c) => c.type === "text/plain")
  const html = content.find((c) => c.type === "text/html")
  if (content[0]?.type !== "text/plain") return bad("If present, text/plain content must be first", "content")
  if (!text || !html || !isText(text.value) || !isText(html.value)) return bad("text/plain and text/html content are expected", "content")
  const name = isText(from.name) ? from.name : undefined
  const mail = { from: name ? `${name} <${from.email}>` : from.email, to: to.email, subject: fields.subject, text: text.value, html: html.value }
  return { mail, ok: { status: 202, body: "", contentType: "text/plain" } }
}

function checkMailgun(req: http.IncomingMessage, body: string, key: string, domain: string): Verdict {
  const match = req.method === "POST" ? /^\/v3\/([^/]+)\/messages$/.exec(req.url ?? "") : null
  if (!match) return { refusal: mailgunError(404, "Not Found"), why: `${req.method} ${req.url}` }
  if (req.headers.authorization !== `Basic ${Buffer.from(`api:${key}`).toString("base64")}`) return { refusal: DOCUMENTED.mailgun["bad-key"], why: "" }
  if (decodeURIComponent(match[1]!) !== domain) return { refusal: mailgunError(404, `Domain not found: ${match[1]}`), why: `domain ${match[1]}` }
  const bad = (why: string): Verdict => ({ refusal: mailgunError(400, why), why })
  if (!req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) return bad(`content-type ${req.headers["content-type"]}`)
  const form = new URLSearchParams(body)
  for (const field of ["from", "to", "subject", "text", "html"]) {
    if (form.getAll(field).length !== 1 || !isText(form.get(field))) return bad(`'${field}' parameter is missing`)
  }
  const mail = { from: form.get("from")!, to: form.get("to")!, subject: form.get("subject")!, text: form.get("text")!, html: form.get("html")! }
  return { mail, ok: json(200, { id: `<${crypto.randomUUID()}@${domain}>`, message: "Queued. Thank you." }) }
}

function verdict(service: StandInService, req: http.IncomingMessage, body: string, key: string, domain: string): Verdict {
  switch (service) {
    case "resend":
      return checkResend(req, body, key)
    case "postmark":
      return checkPostmark(req, body, key)
    case "sendgrid":
      return checkSendGrid(req, body, key)
    case "mailgun":
      return checkMailgun(req, body, key, domain)
  }
}

export async function startMailApiStandIn(
  service: StandInService,
  options: { key?: string; domain?: string } = {},
): Promise<MailApiStandIn> {
  const key = options.key ?? `${service}-test-key-${crypto.randomUUID()}`
  const domain = options.domain ?? "mg.example.test"
  const mails: StandInMail[] = []
  const malformed: string[] = []
  const taken = new Set<StandInMail>()
  const waiters: (() => void)[] = []
  let next: DocumentedError | undefined

  const answer = (res: http.ServerResponse, a: Answer) => {
    res.writeHead(a.status, { "content-type": a.contentType, ...a.headers })
    res.end(a.body)
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      state.requests++
      const body = Buffer.concat(chunks).toString("utf8")
      const result = verdict(service, req, body, key, domain)
      if ("refusal" in result) {
        // A wrong key is a documented answer, not a malformed request.
        if (result.why) malformed.push(result.why)
        return answer(res, result.refusal)
      }
      if (next) {
        const error = next
        next = undefined
        return answer(res, DOCUMENTED[service][error])
      }
      mails.push(result.mail)
      waiters.splice(0).forEach((wake) => wake())
      answer(res, result.ok)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => resolve())
  })
  const port = (server.address() as AddressInfo).port

  async function waitFor(address: string, timeoutMs = 10_000): Promise<StandInMail> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const mail = mails.find((m) => !taken.has(m) && m.to === address)
      if (mail) {
        taken.add(mail)
        return mail
      }
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`No mail for ${address} within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  const state: MailApiStandIn = {
    service,
    url: `http://127.0.0.1:${port}`,
    key,
    domain,
    mails,
    malformed,
    requests: 0,
    answerNext(error) {
      next = error
    },
    waitFor,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return state
}

/** The first link in a mail's text body that starts with `prefix`. */
export function linkInMail(mail: StandInMail, prefix: string): string {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix))
  if (!match) throw new Error(`No link starting with ${prefix} in: ${mail.text}`)
  return match
}
