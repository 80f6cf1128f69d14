/**
 * Each service's documented "send one mail" request, built from the same
 * message: method, URL, authentication header, content type and body fields.
 * Only the shapes live here; sending and reading the answer is send.ts's.
 */
import { type MailApiMessage, type MailApiSettings, type MailService, DEFAULT_API_URLS, senderDomain, splitSender } from "./message"

export interface MailApiRequest {
  url: string
  init: { method: "POST"; headers: Record<string, string>; body: string }
}

/** `base` + `path`, keeping any path prefix of the base (a proxy's mount point). */
function endpoint(service: MailService, settings: MailApiSettings, path: string): string {
  const base = (settings.apiUrl?.trim() || DEFAULT_API_URLS[service]).replace(/\/+$/, "")
  return `${base}${path}`
}

function json(url: string, headers: Record<string, string>, body: unknown): MailApiRequest {
  return {
    url,
    init: {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    },
  }
}

/** Resend: POST /emails, Bearer key, JSON {from, to[], subject, html, text}. */
function resend(message: MailApiMessage, settings: MailApiSettings): MailApiRequest {
  return json(endpoint("resend", settings, "/emails"), { authorization: `Bearer ${settings.apiKey}` }, {
    from: message.from,
    to: [message.to],
    subject: message.subject,
    html: message.html,
    text: message.text,
  })
}

/** Postmark: POST /email, X-Postmark-Server-Token, JSON {From, To, Subject, HtmlBody, TextBody, MessageStream}. */
function postmark(message: MailApiMessage, settings: MailApiSettings): MailApiRequest {
  return json(endpoint("postmark", settings, "/email"), { "x-postmark-server-token": settings.apiKey }, {
    From: message.from,
    To: message.to,
    Subject: message.subject,
    HtmlBody: message.html,
    TextBody: message.text,
    // Sign-in links and account mails are transactional: the default transactional stream.
    MessageStream: "outbound",
  })
}

/** SendGrid: POST /v3/mail/send, Bearer key, JSON v3 body (text/plain must precede text/html). */
function sendgrid(message: MailApiMessage, settings: MailApiSettings): MailApiRequest {
  return json(endpoint("sendgrid", settings, "/v3/mail/send"), { authorization: `Bearer ${settings.apiKey}` }, {
    personalizations: [{ to: [{ email: message.to }] }],
    from: splitSender(message.from),
    subject: message.subject,
    content: [
      { type: "text/plain", value: message.text },
      { type: "text/html", value: message.html },
    ],
  })
}

/** Mailgun: POST /v3/<domain>/messages, basic auth api:<key>, form-encoded {from, to, subject, text, html}. */
function mailgun(message: MailApiMessage, settings: MailApiSettings): MailApiRequest {
  const domain = settings.domain?.trim() || senderDomain(message.from)
  if (!domain) throw new TypeError("Mailgun needs a sending domain: set `domain` (AUTH_MAILGUN_DOMAIN) or a from address with one")
  const form = new URLSearchParams({ from: message.from, to: message.to, subject: message.subject, text: message.text, html: message.html })
  return {
    url: endpoint("mailgun", settings, `/v3/${encodeURIComponent(domain)}/messages`),
    init: {
      method: "POST",
      headers: {
        authorization: `Basic ${btoa(`api:${settings.apiKey}`)}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: form.toString(),
    },
  }
}

export const REQUEST_BUILDERS: Readonly<Record<MailService, (message: MailApiMessage, settings: MailApiSettings) => MailApiRequest>> = {
  resend,
  postmark,
  sendgrid,
  mailgun,
}
