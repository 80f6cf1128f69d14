/**
 * The HTTP-API email providers (resend, postmark, sendgrid, mailgun) through
 * the library's handler, against a local stand-in of each service that
 * checks the request shape as the service documents it, on SQLite and
 * PostgreSQL: a link is mailed and signs in; every documented error answer
 * (and no answer at all) sends the user back with `send_failed`, logs what
 * went wrong, leaves no token behind, keeps an earlier link working, and a
 * retry succeeds.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import type { AuthConfig } from "@/lib/auth/config/types"
import { MailDeliveryError, type MailDeliveryReason } from "@/lib/auth/errors"
import type { EmailConfig } from "@/lib/auth/providers/email"
import Mailgun from "@/lib/auth/providers/mailgun"
import Postmark from "@/lib/auth/providers/postmark"
import Resend from "@/lib/auth/providers/resend"
import SendGrid from "@/lib/auth/providers/sendgrid"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { type DocumentedError, linkInMail, type MailApiStandIn, type StandInService, startMailApiStandIn } from "@/tests/helpers/mail-api-stand-in"
import { BASE, Browser, ORIGIN, recordingLogger, withEnv } from "../support"

const SECRET = "mail-over-http-suite-secret-0123456789abcdef"
const FROM = "Site <no-reply@example.test>"
const SEND_FAILED = `${ORIGIN}${BASE}/signin?error=EmailSignInError&code=send_failed`

type Options = { apiKey?: string; apiUrl?: string; domain?: string }

const FACTORIES: Record<StandInService, (options: Options) => EmailConfig> = {
  resend: (o) => Resend({ from: FROM, ...o }),
  postmark: (o) => Postmark({ from: FROM, ...o }),
  sendgrid: (o) => SendGrid({ from: FROM, ...o }),
  mailgun: (o) => Mailgun({ from: FROM, ...o }),
}

/** What each service's documented errors mean, in MailDeliveryError's words. */
const EXPECTED: Record<StandInService, Record<DocumentedError, MailDeliveryReason>> = {
  resend: { "bad-key": "unauthorized", "sender-not-allowed": "forbidden", invalid: "invalid", "rate-limited": "rate_limited", "server-error": "unavailable" },
  postmark: { "bad-key": "unauthorized", "sender-not-allowed": "invalid", invalid: "invalid", "rate-limited": "rate_limited", "server-error": "unavailable" },
  sendgrid: { "bad-key": "unauthorized", "sender-not-allowed": "forbidden", invalid: "invalid", "rate-limited": "rate_limited", "server-error": "unavailable" },
  mailgun: { "bad-key": "unauthorized", "sender-not-allowed": "forbidden", invalid: "invalid", "rate-limited": "rate_limited", "server-error": "unavailable" },
}

const NAMES: Record<StandInService, string> = { resend: "Resend", postmark: "Postmark", sendgrid: "SendGrid", mailgun: "Mailgun" }

const CASES = (["sqlite", "postgresql"] as const).flatMap((db) =>
  (["resend", "postmark", "sendgrid", "mailgun"] as const).map((service) => [service, db] as const),
)

describe.each(CASES)("%s on %s", (service, database) => {
  let db: TestDatabase
  let stand: MailApiStandIn
  let log: ReturnType<typeof recordingLogger>

  function config(options: Options = {}): AuthConfig {
    return {
      secret: SECRET,
      trustHost: true,
      rateLimit: false,
      basePath: BASE,
      adapter: PrismaAdapter(db.prisma),
      session: { strategy: "database" },
      logger: log.logger,
      providers: [FACTORIES[service]({ apiKey: stand.key, apiUrl: stand.url, domain: stand.domain, ...options })],
    }
  }

  async function requestLink(browser: Browser, email: string): Promise<Response> {
    const csrfToken = await browser.csrfToken()
    return browser.send(`${BASE}/signin/${service}`, { form: { csrfToken, email, callbackUrl: "/dashboard" } })
  }

  async function linkFor(browser: Browser, email: string): Promise<string> {
    const res = await requestLink(browser, email)
    expect(res.headers.get("location")).toBe(`${ORIGIN}${BASE}/verify-request?provider=${service}&type=email`)
    return linkInMail(await stand.waitFor(email), `${ORIGIN}${BASE}/callback/${service}?`)
  }

  async function follow(browser: Browser, link: string): Promise<Response> {
    return browser.send(new URL(link).pathname + new URL(link).search)
  }

  /** The MailDeliveryError behind the logged EmailSignInError. */
  function loggedDeliveryError(): MailDeliveryError {
    const logged = log.errors.at(-1) as (Error & { code?: string; cause?: { err?: unknown } }) | undefined
    expect(logged?.code).toBe("send_failed")
    const delivery = logged?.cause?.err
    expect(delivery).toBeInstanceOf(MailDeliveryError)
    return delivery as MailDeliveryError
  }

  const tokenRows = () => db.prisma.verificationToken.findMany()

  beforeAll(async () => {
    db = await createTestDatabase(database)
    stand = await startMailApiStandIn(service)
  })
  afterAll(async () => {
    await stand.close()
    await db.cleanup()
  })
  beforeEach(async () => {
    log = recordingLogger()
    await db.prisma.verificationToken.deleteMany({})
  })

  it("POST /signin/<id> mails the link through the API in the documented shape; the link signs in", async () => {
    const browser = new Browser(config())
    const email = `new-${service}-${database}@example.test`
    const res = await requestLink(browser, email)
    expect(res.headers.get("location")).toBe(`${ORIGIN}${BASE}/verify-request?provider=${service}&type=email`)
    const mail = await stand.waitFor(email)
    expect(stand.malformed).toEqual([])
    expect(mail.from).toBe(FROM)
    expect(mail.to).toBe(email)
    expect(mail.subject).toBe("Sign in to localhost:3000 (link valid for 24 hours)")
    const link = linkInMail(mail, `${ORIGIN}${BASE}/callback/${service}?`)
    expect(mail.html).toContain(link.replaceAll("&", "&amp;"))
    // No logo attachment travels over these APIs, so the HTML must not point at one.
    expect(mail.html).not.toContain("cid:")

    const signedIn = await follow(browser, link)
    expect(signedIn.status).toBe(302)
    expect(signedIn.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    const session = (await (await browser.send(`${BASE}/session`)).json()) as { user: { email: string } }
    expect(session.user.email).toBe(email)
    expect(await tokenRows()).toEqual([])
  })

  it.each(Object.keys(EXPECTED[service]) as DocumentedError[])(
    "the documented %s answer: send_failed, the reason logged, no token, an earlier link still works, a retry succeeds",
    async (kind) => {
      const browser = new Browser(config())
      const email = `${kind}-${service}-${database}@example.test`
      const earlier = await linkFor(browser, email)

      stand.answerNext(kind)
      const failed = await requestLink(browser, email)
      expect(failed.status).toBe(302)
      expect(failed.headers.get("location")).toBe(SEND_FAILED)
      const error = loggedDeliveryError()
      expect(error.reason).toBe(EXPECTED[service][kind])
      expect(error.service).toBe(NAMES[service])
      expect(error.message).toMatch(new RegExp(`^${NAMES[service]}: .+ \\(HTTP \\d{3}\\)`))
      expect(error.message).not.toContain(stand.key)
      if (kind === "rate-limited" && service === "resend") expect(error.retryAfterSeconds).toBe(1)
      // Only the earlier link's token is stored: the failed one left nothing usable.
      expect(await tokenRows()).toHaveLength(1)

      const page = await browser.send(`${BASE}/signin?error=EmailSignInError&code=send_failed`)
      expect(await page.text()).toContain("We could not send the sign-in email")

      const retried = await linkFor(browser, email)
      expect(stand.malformed).toEqual([])
      expect((await follow(browser, retried)).headers.get("location")).toBe(`${ORIGIN}/dashboard`)
      // Nothing lost: the link mailed before the failure works too (each link is its own token).
      expect((await follow(new Browser(config()), earlier)).headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    },
  )

  it("a wrong API key: the service's own refusal, read as unauthorized; nothing stored", async () => {
    const browser = new Browser(config({ apiKey: "not-the-key" }))
    const email = `wrong-key-${service}-${database}@example.test`
    expect((await requestLink(browser, email)).headers.get("location")).toBe(SEND_FAILED)
    const error = loggedDeliveryError()
    expect(error.reason).toBe("unauthorized")
    expect(error.status).toBe(service === "resend" ? 403 : 401)
    expect(error.message).not.toContain("not-the-key")
    expect(await tokenRows()).toEqual([])
    expect(await db.prisma.user.count({ where: { email } })).toBe(0)
  })

  it("no answer (nothing listens): unreachable, nothing stored; the right URL then works", async () => {
    const closed = await startMailApiStandIn(service)
    const deadUrl = closed.url
    await closed.close()
    const email = `unreachable-${service}-${database}@example.test`
    const down = new Browser(config({ apiUrl: deadUrl }))
    expect((await requestLink(down, email)).headers.get("location")).toBe(SEND_FAILED)
    expect(loggedDeliveryError().reason).toBe("unreachable")
    expect(await tokenRows()).toEqual([])

    const up = new Browser(config())
    expect((await follow(up, await linkFor(up, email))).headers.get("location")).toBe(`${ORIGIN}/dashboard`)
  })

  it("the key and the API URL from AUTH_<ID>_KEY and AUTH_<ID>_API_URL", async () => {
    const upper = service.toUpperCase()
    await withEnv(
      { [`AUTH_${upper}_KEY`]: stand.key, [`AUTH_${upper}_API_URL`]: stand.url, AUTH_MAILGUN_DOMAIN: stand.domain },
      async () => {
        const browser = new Browser({ ...config(), providers: [FACTORIES[service]({})] })
        const email = `env-${service}-${database}@example.test`
        expect((await follow(browser, await linkFor(browser, email))).headers.get("location")).toBe(`${ORIGIN}/dashboard`)
      },
    )
  })
})
