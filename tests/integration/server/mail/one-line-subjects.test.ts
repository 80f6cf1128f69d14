/**
 * A mail's subject never carries a line break, whatever it was built from:
 * an organization's name, the app's name, a user's name with CR/LF, U+2028,
 * U+2029 or U+0085 in them. Checked where the mail arrives: the real SMTP
 * server (tests/helpers/smtp.ts) and each HTTP mail API's stand-in
 * (tests/helpers/mail-api-stand-in.ts), for the starter's deliverMail and
 * the library's own senders (Nodemailer, Resend, Postmark, SendGrid, Mailgun).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { EmailConfig, SendVerificationRequestParams } from "@/lib/auth/providers/email"
import Mailgun from "@/lib/auth/providers/mailgun"
import Nodemailer from "@/lib/auth/providers/nodemailer"
import Postmark from "@/lib/auth/providers/postmark"
import Resend from "@/lib/auth/providers/resend"
import SendGrid from "@/lib/auth/providers/sendgrid"
import { invitationMail } from "@/server/organizations/member-mails"
import { deliverMail } from "@/server/mail/deliver"
import { envFor } from "@/tests/helpers/env"
import { type MailApiStandIn, type StandInService, startMailApiStandIn } from "@/tests/helpers/mail-api-stand-in"
import { startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"

const FROM = "Starter <no-reply@example.test>"
const LINE_BREAK = /[\r\n\u000b\u000c\u0085\u2028\u2029]/
const SERVICES = ["resend", "postmark", "sendgrid", "mailgun"] as const satisfies readonly StandInService[]
const KEYS = ["EMAIL_SERVER", "EMAIL_FROM", "NODE_ENV", "AUTH_MAILGUN_DOMAIN", "AUTH_MAILGUN_REGION"].concat(
  SERVICES.flatMap((s) => [`AUTH_${s.toUpperCase()}_KEY`, `AUTH_${s.toUpperCase()}_API_URL`]),
)

/** An invitation whose subject would be built from an organization, a user and an app name with breaks in them. */
function hostileInvitation(to: string) {
  const mail = invitationMail({
    site: "Starter\u0085App",
    organization: "Acme\r\nBcc: victim@example.test",
    inviter: "Eve\u2028Admin\u2029",
    roles: ["member"],
    url: "http://localhost:3000/invitations/abc",
    expires: new Date(Date.now() + 3600_000),
  })
  // The template may already keep some breaks out; the test is that none arrives either way.
  return { ...mail, subject: `${mail.subject}\nX-Injected: yes`, to }
}

/** The app's name with a break in it, for the library's magic-link mail. */
function signInParams(provider: EmailConfig, identifier: string): SendVerificationRequestParams {
  return {
    identifier,
    url: "http://localhost:3000/auth/callback/email?token=t&email=x",
    expires: new Date(Date.now() + 600_000),
    token: "t",
    provider,
    theme: { name: "Acme\r\nBcc: victim@example.test\u2028Books" },
    request: new Request("http://localhost:3000/auth/signin/email", { method: "POST" }),
  }
}

function expectOneLine(subject: string): void {
  expect(subject).not.toMatch(LINE_BREAK)
  expect(subject).toContain("Acme")
}

describe("subjects over SMTP", () => {
  let smtp: TestSmtpServer
  const env = envFor(KEYS)
  beforeAll(async () => {
    smtp = await startSmtpServer()
  })
  afterAll(() => smtp.close())
  afterEach(() => env.restore())

  it("the starter's mail arrives with a one-line subject and no injected header or recipient", async () => {
    env.set({ ...Object.fromEntries(KEYS.map((k) => [k, undefined])), NODE_ENV: "test", EMAIL_FROM: FROM, EMAIL_SERVER: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` })
    await deliverMail(hostileInvitation("invitee@example.test"))
    const mail = await smtp.waitFor("invitee@example.test")
    expectOneLine(mail.subject)
    expect(mail.envelopeTo).toEqual(["invitee@example.test"])
    expect(mail.parsed.bcc).toBeUndefined()
    expect(mail.parsed.headers.has("x-injected")).toBe(false)
  })

  it("the library's Nodemailer sign-in mail with a line break in the app's name arrives with a one-line subject", async () => {
    const provider = Nodemailer({ server: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`, from: FROM })
    await provider.sendVerificationRequest(signInParams(provider, "signin@example.test"))
    const mail = await smtp.waitFor("signin@example.test")
    expectOneLine(mail.subject)
    expect(mail.envelopeTo).toEqual(["signin@example.test"])
    expect(mail.parsed.bcc).toBeUndefined()
  })
})

const LIBRARY_SENDERS: Record<StandInService, (o: { apiKey: string; apiUrl: string; domain: string }) => EmailConfig> = {
  resend: (o) => Resend({ from: FROM, apiKey: o.apiKey, apiUrl: o.apiUrl }),
  postmark: (o) => Postmark({ from: FROM, apiKey: o.apiKey, apiUrl: o.apiUrl }),
  sendgrid: (o) => SendGrid({ from: FROM, apiKey: o.apiKey, apiUrl: o.apiUrl }),
  mailgun: (o) => Mailgun({ from: FROM, apiKey: o.apiKey, apiUrl: o.apiUrl, domain: o.domain }),
}

describe.each(SERVICES)("subjects through %s's HTTP API", (service) => {
  let stand: MailApiStandIn
  const env = envFor(KEYS)
  beforeAll(async () => {
    stand = await startMailApiStandIn(service)
  })
  afterAll(() => stand.close())
  afterEach(() => env.restore())

  it("the starter's mail reaches the service with a one-line subject", async () => {
    const upper = service.toUpperCase()
    env.set({
      ...Object.fromEntries(KEYS.map((k) => [k, undefined])),
      NODE_ENV: "test",
      EMAIL_FROM: FROM,
      [`AUTH_${upper}_KEY`]: stand.key,
      [`AUTH_${upper}_API_URL`]: stand.url,
      ...(service === "mailgun" ? { AUTH_MAILGUN_DOMAIN: stand.domain } : {}),
    })
    await deliverMail(hostileInvitation("invitee@example.test"))
    expect(stand.malformed).toEqual([])
    const mail = stand.mails.at(-1)!
    expect(mail.to).toBe("invitee@example.test")
    expectOneLine(mail.subject)
    expect(mail.subject).toContain("Bcc: victim@example.test")
  })

  it("the library's sign-in mail with a line break in the app's name reaches the service with a one-line subject", async () => {
    const provider = LIBRARY_SENDERS[service]({ apiKey: stand.key, apiUrl: stand.url, domain: stand.domain })
    await provider.sendVerificationRequest(signInParams(provider, "signin@example.test"))
    expect(stand.malformed).toEqual([])
    const mail = stand.mails.at(-1)!
    expect(mail.to).toBe("signin@example.test")
    expectOneLine(mail.subject)
  })
})
