/**
 * The HTTP-API email providers' edges that the stand-in suites do not reach:
 * Mailgun's hosts (US, EU, an explicit URL) and its domain, a service that
 * never answers, a Retry-After that is a date, and a missing key. The
 * service's public hosts cannot be reached from the tests, so the request is
 * captured by the `fetch` option instead.
 */
import http from "node:http"
import type { AddressInfo } from "node:net"
import { describe, expect, it } from "vitest"
import { MailDeliveryError } from "@/lib/auth/errors"
import type { EmailConfig } from "@/lib/auth/providers/email"
import Mailgun from "@/lib/auth/providers/mailgun"
import { splitSender } from "@/lib/auth/providers/mail-api/message"
import { sendThroughMailApi } from "@/lib/auth/providers/mail-api/send"
import Resend, { sendResendMail } from "@/lib/auth/providers/resend"

const MESSAGE = { from: "Site <no-reply@example.com>", to: "user@example.test", subject: "s", text: "t", html: "<p>h</p>" }

function capture(status = 200, headers: Record<string, string> = {}) {
  const seen: string[] = []
  const fetchImpl = (async (input: string | URL | Request) => {
    seen.push(String(input))
    return new Response(status === 200 ? "{}" : "{\"message\":\"slow down\"}", { status, headers })
  }) as typeof fetch
  return { seen, fetchImpl }
}

async function sendWith(provider: EmailConfig): Promise<void> {
  await provider.sendVerificationRequest({
    identifier: "user@example.test",
    url: "https://app.example.com/auth/callback/x?token=t",
    expires: new Date(Date.now() + 60_000),
    token: "t",
    provider,
    theme: {},
    request: new Request("https://app.example.com/auth/signin/x"),
  })
}

describe("Mailgun's endpoint", () => {
  it("US by default, the EU host for region EU, an explicit apiUrl over both; the domain from the option or the sender", async () => {
    const { seen, fetchImpl } = capture()
    const base = { apiKey: "k", from: "Site <no-reply@example.com>", fetch: fetchImpl }
    await sendWith(Mailgun({ ...base, domain: "mg.example.com" }))
    await sendWith(Mailgun({ ...base, domain: "mg.example.com", region: "EU" }))
    await sendWith(Mailgun({ ...base, region: "EU", apiUrl: "http://127.0.0.1:9/proxy/" }))
    expect(seen).toEqual([
      "https://api.mailgun.net/v3/mg.example.com/messages",
      "https://api.eu.mailgun.net/v3/mg.example.com/messages",
      "http://127.0.0.1:9/proxy/v3/example.com/messages",
    ])
  })
})

describe("answers that are not the documented ones", () => {
  it("no answer within the timeout: unreachable, saying how long it waited", async () => {
    const server = http.createServer(() => {})
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const error = await sendResendMail({ apiKey: "k", apiUrl: url, timeoutMs: 200 }, MESSAGE).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(MailDeliveryError)
      expect((error as MailDeliveryError).reason).toBe("unreachable")
      expect((error as MailDeliveryError).message).toBe("Resend: the mail service could not be reached: no answer within 200 ms")
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })

  it("a 429 whose Retry-After is a date: rate limited, no seconds made up", async () => {
    const { fetchImpl } = capture(429, { "retry-after": "Wed, 21 Oct 2026 07:28:00 GMT" })
    const error = (await sendThroughMailApi("mailgun", { apiKey: "k", domain: "d.example", fetch: fetchImpl }, MESSAGE).catch((e: unknown) => e)) as MailDeliveryError
    expect(error.reason).toBe("rate_limited")
    expect(error.retryAfterSeconds).toBeUndefined()
    expect(error.message).toBe("Mailgun: rate limit or sending quota reached (HTTP 429): slow down")
  })

  it("a redirect is not followed (the key would go along) and is no success", async () => {
    const paths: string[] = []
    const server = http.createServer((req, res) => {
      paths.push(req.url ?? "")
      res.writeHead(307, { location: "/elsewhere" }).end()
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const error = (await sendThroughMailApi("sendgrid", { apiKey: "k", apiUrl: url }, MESSAGE).catch((e: unknown) => e)) as MailDeliveryError
      expect(error).toBeInstanceOf(MailDeliveryError)
      expect(error.reason).toBe("unexpected")
      expect(error.status).toBe(307)
      expect(paths).toEqual(["/v3/mail/send"])
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })

  it("no key at all: refused before any request, naming the variable", async () => {
    const { seen, fetchImpl } = capture()
    const error = await sendWith(Resend({ fetch: fetchImpl })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MailDeliveryError)
    expect((error as MailDeliveryError).message).toContain("AUTH_RESEND_KEY")
    expect(seen).toEqual([])
  })
})

describe("the sender's name and address", () => {
  it.each([
    ["Site <no-reply@example.com>", { name: "Site", email: "no-reply@example.com" }],
    ['"Site, Inc." <no-reply@example.com>', { name: "Site, Inc.", email: "no-reply@example.com" }],
    ["no-reply@example.com", { email: "no-reply@example.com" }],
    ["<no-reply@example.com>", { email: "no-reply@example.com" }],
  ])("%s", (from, expected) => {
    expect(splitSender(from)).toEqual(expected)
  })
})
