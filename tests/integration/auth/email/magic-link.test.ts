/**
 * Email sign-in end to end against a real SMTP server (smtp-server) and real
 * databases (SQLite and PostgreSQL): request a link, read the mail nodemailer
 * delivered, follow its link.
 */
import { createHash } from "node:crypto"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Nodemailer, { type NodemailerUserConfig } from "@/lib/auth/providers/nodemailer"
import type { AuthConfig, EventCallbacks } from "@/lib/auth/config/types"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { linkIn, type ReceivedMail, smtpTransportOptions, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"
import { BASE, Browser, ORIGIN, recordingLogger } from "../support"

const SECRET = "magic-link-suite-secret-0123456789abcdef"

type Recorded = { name: keyof EventCallbacks; message: Record<string, unknown> }

function eventRecorder(events: Recorded[]): Partial<EventCallbacks> {
  const record = (name: keyof EventCallbacks) => async (message: unknown) => void events.push({ name, message: message as Record<string, unknown> })
  return { createUser: record("createUser"), updateUser: record("updateUser"), signIn: record("signIn") }
}

describe.each(["sqlite", "postgresql"] as const)("magic links on %s", (provider) => {
  let db: TestDatabase
  let smtp: TestSmtpServer
  let events: Recorded[]
  let jwtTriggers: (string | undefined)[]

  function config(overrides: NodemailerUserConfig = {}, strategy: "jwt" | "database" = "database"): AuthConfig {
    return {
      secret: SECRET,
      trustHost: true,
      // Both database variants reuse addresses from one client; the mail limits have their own test.
      rateLimit: false,
      basePath: BASE,
      adapter: PrismaAdapter(db.prisma),
      session: { strategy },
      logger: recordingLogger().logger,
      events: eventRecorder(events),
      callbacks: {
        jwt: ({ token, trigger }) => {
          jwtTriggers.push(trigger)
          return token
        },
      },
      providers: [Nodemailer({ server: smtpTransportOptions(smtp.port), from: "Site <no-reply@example.test>", ...overrides })],
    }
  }

  async function requestLink(browser: Browser, email: string, callbackUrl = "/dashboard"): Promise<Response> {
    const csrfToken = await browser.csrfToken()
    return browser.send(`${BASE}/signin/nodemailer`, { form: { csrfToken, email, callbackUrl } })
  }

  async function linkFor(browser: Browser, email: string): Promise<{ link: string; mail: ReceivedMail }> {
    const res = await requestLink(browser, email)
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(`${ORIGIN}${BASE}/verify-request?provider=nodemailer&type=email`)
    const mail = await smtp.waitFor(email)
    return { mail, link: linkIn(mail, `${ORIGIN}${BASE}/callback/nodemailer?`) }
  }

  const tokenRows = () => db.prisma.verificationToken.findMany()

  beforeAll(async () => {
    db = await createTestDatabase(provider)
    smtp = await startSmtpServer()
  })
  afterAll(async () => {
    await smtp.close()
    await db.cleanup()
  })
  beforeEach(() => {
    events = []
    jwtTriggers = []
    smtp.beforeAccept = undefined
  })

  it("a new address gets a mail; its link creates a verified user and signs them in", async () => {
    const browser = new Browser(config())
    const email = `new-${provider}@example.test`
    const { link, mail } = await linkFor(browser, email)

    expect(mail.envelopeTo).toEqual([email])
    expect(mail.subject).toContain("localhost:3000")
    expect(mail.subject).toContain("24 hours")
    expect(mail.text).toContain("expires in 24 hours")
    expect(mail.html).toContain(link.replaceAll("&", "&amp;"))
    // No remote images: only inline (cid:) sources, if any.
    expect(mail.html).not.toMatch(/<img[^>]+src="https?:/)
    expect(await db.prisma.user.count({ where: { email } })).toBe(0)

    const res = await browser.send(new URL(link).pathname + new URL(link).search)
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    const user = await db.prisma.user.findUnique({ where: { email } })
    expect(user?.emailVerified).toBeInstanceOf(Date)
    expect(await db.prisma.session.count({ where: { userId: user!.id } })).toBe(1)
    expect(await tokenRows()).toEqual([])
    expect(events.map((e) => e.name)).toEqual(["createUser", "signIn"])
    expect(events[1]!.message.isNewUser).toBe(true)

    const session = await (await browser.send(`${BASE}/session`)).json()
    expect(session.user.email).toBe(email)
  })

  it("stores the token hash before the mail leaves, in the form Auth.js stores", async () => {
    const browser = new Browser(config())
    const email = `order-${provider}@example.test`
    const seenAtSend: unknown[] = []
    smtp.beforeAccept = async () => void seenAtSend.push(...(await tokenRows()))
    const { link } = await linkFor(browser, email)

    const token = new URL(link).searchParams.get("token")!
    expect(token).toMatch(/^[0-9a-f]{64}$/)
    const hash = createHash("sha256").update(`${token}${SECRET}`).digest("hex")
    expect(seenAtSend).toEqual([{ identifier: email, token: hash, expires: expect.any(Date) }])
    const [row] = await tokenRows()
    expect(Math.abs(row!.expires.getTime() - (Date.now() + 86_400_000))).toBeLessThan(60_000)
    await db.prisma.verificationToken.deleteMany({})
  })

  it("an existing user is signed in and marked verified, with an updateUser event", async () => {
    const email = `existing-${provider}@example.test`
    const existing = await db.prisma.user.create({ data: { email, name: "Existing" } })
    const browser = new Browser(config({}, "jwt"))
    const { link } = await linkFor(browser, email)
    const res = await browser.send(new URL(link).pathname + new URL(link).search)
    expect(res.status).toBe(302)
    const after = await db.prisma.user.findUnique({ where: { email } })
    expect(after?.id).toBe(existing.id)
    expect(after?.emailVerified).toBeInstanceOf(Date)
    expect(await db.prisma.user.count({ where: { email } })).toBe(1)
    expect(events.map((e) => e.name)).toEqual(["updateUser", "signIn"])
    expect(events[1]!.message.isNewUser).toBe(false)
    expect(jwtTriggers).toEqual(["signIn"])
  })

  it("under the jwt strategy a first sign-in is trigger signUp", async () => {
    const browser = new Browser(config({}, "jwt"))
    const { link } = await linkFor(browser, `jwt-new-${provider}@example.test`)
    await browser.send(new URL(link).pathname + new URL(link).search)
    expect(jwtTriggers).toEqual(["signUp"])
  })

  it("a link used twice, expired or for another address ends on Verification (403), never a session", async () => {
    const browser = new Browser(config())
    const email = `reuse-${provider}@example.test`
    const { link } = await linkFor(browser, email)
    const path = new URL(link).pathname + new URL(link).search
    expect((await browser.send(path)).status).toBe(302)

    const second = new Browser(config())
    const reused = await second.send(path)
    expect(reused.headers.get("location")).toBe(`${ORIGIN}${BASE}/error?error=Verification`)
    expect(second.jar.has("authjs.session-token")).toBe(false)
    const page = await second.send(`${BASE}/error?error=Verification`)
    expect(page.status).toBe(403)
    expect(await page.text()).toContain("The sign in link is no longer valid.")

    // Another address with a valid token for the first one.
    const { link: other } = await linkFor(browser, `victim-${provider}@example.test`)
    const forged = new URL(other)
    forged.searchParams.set("email", `attacker-${provider}@example.test`)
    const mismatched = await second.send(forged.pathname + forged.search)
    expect(mismatched.headers.get("location")).toBe(`${ORIGIN}${BASE}/error?error=Verification`)

    for (const query of ["", "?token=", "?email=a@b.test", `?token=${"f".repeat(5000)}&email=a@b.test`, "?token=x&email=bad"]) {
      const res = await second.send(`${BASE}/callback/nodemailer${query}`)
      expect(res.status, query).toBe(302)
      expect(res.headers.get("location"), query).toBe(`${ORIGIN}${BASE}/error?error=Verification`)
    }
    expect(second.jar.has("authjs.session-token")).toBe(false)
    await db.prisma.verificationToken.deleteMany({})
  })

  it("an expired link ends on Verification and its row is gone", async () => {
    const browser = new Browser(config({ maxAge: 1 }))
    const email = `expired-${provider}@example.test`
    const { link, mail } = await linkFor(browser, email)
    expect(mail.text).toContain("expires in 1 second")
    await new Promise((r) => setTimeout(r, 1200))
    const res = await browser.send(new URL(link).pathname + new URL(link).search)
    expect(res.headers.get("location")).toBe(`${ORIGIN}${BASE}/error?error=Verification`)
    expect(await db.prisma.user.count({ where: { email } })).toBe(0)
    expect(await tokenRows()).toEqual([])
  })

  it("link confirmation: GET shows one button and consumes nothing; the POST signs in", async () => {
    const browser = new Browser(config({ confirmLink: true }))
    const email = `confirm-${provider}@example.test`
    const { link } = await linkFor(browser, email)
    const path = new URL(link).pathname + new URL(link).search

    // A scanner fetching the link (twice, without cookies) changes nothing.
    for (let i = 0; i < 2; i++) {
      const scanner = new Browser(config({ confirmLink: true }))
      const page = await scanner.send(path)
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain("Finish signing in")
      expect(html.match(/<button/g)).toHaveLength(1)
      expect(scanner.jar.has("authjs.session-token")).toBe(false)
    }
    expect(await tokenRows()).toHaveLength(1)

    const page = await browser.send(path)
    const html = await page.text()
    const field = (name: string) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))![1]!.replaceAll("&amp;", "&")
    // Without the CSRF token the POST is refused and the token survives.
    const forged = await new Browser(config({ confirmLink: true })).send(`${BASE}/callback/nodemailer`, {
      form: { token: field("token"), email: field("email"), callbackUrl: field("callbackUrl") },
    })
    expect(forged.headers.get("location")).toContain("error=MissingCSRF")
    expect(await tokenRows()).toHaveLength(1)

    const res = await browser.send(`${BASE}/callback/nodemailer`, {
      form: { csrfToken: field("csrfToken"), token: field("token"), email: field("email"), callbackUrl: field("callbackUrl") },
    })
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(`${ORIGIN}/dashboard`)
    expect(browser.jar.has("authjs.session-token")).toBe(true)
    expect(await tokenRows()).toEqual([])
  })

  it("SMTP refusing or unreachable: EmailSignInError on the sign-in page, nothing left behind, a retry works", async () => {
    const email = `smtp-${provider}@example.test`
    smtp.beforeAccept = () => {
      throw new Error("mailbox unavailable")
    }
    const browser = new Browser(config())
    const refused = await requestLink(browser, email)
    expect(refused.headers.get("location")).toBe(`${ORIGIN}${BASE}/signin?error=EmailSignInError&code=send_failed`)
    expect(await tokenRows()).toEqual([])

    const down = new Browser(config({ server: { host: "127.0.0.1", port: 9, connectionTimeout: 2000 } }))
    const unreachable = await requestLink(down, email)
    expect(unreachable.headers.get("location")).toBe(`${ORIGIN}${BASE}/signin?error=EmailSignInError&code=send_failed`)
    const page = await down.send(`${BASE}/signin?error=EmailSignInError&code=send_failed`)
    expect(await page.text()).toContain("We could not send the sign-in email")
    expect(await tokenRows()).toEqual([])
    expect(await db.prisma.user.count({ where: { email } })).toBe(0)

    smtp.beforeAccept = undefined
    const { link } = await linkFor(browser, email)
    expect((await browser.send(new URL(link).pathname + new URL(link).search)).status).toBe(302)
    expect(await db.prisma.user.count({ where: { email } })).toBe(1)
  })
})
