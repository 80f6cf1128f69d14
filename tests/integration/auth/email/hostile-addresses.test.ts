/**
 * Addresses are untrusted input. Each hostile one gets the sign-in page with a
 * clear message; no mail reaches the SMTP server and no row is written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Nodemailer from "@/lib/auth/providers/nodemailer"
import type { AuthConfig } from "@/lib/auth/config/types"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { smtpTransportOptions, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"
import { BASE, Browser, expectNoInternals, ORIGIN, recordingLogger } from "../support"

const hostile: [string, string][] = [
  ["CR/LF header injection", "victim@example.test\r\nBcc: everyone@example.test"],
  ["LF alone", "victim@example.test\nBcc: everyone@example.test"],
  ["encoded CRLF stays literal", "victim@example.test%0d%0abcc:x@example.test"],
  ["NUL byte", "victim@example.test\u0000"],
  ["quoted local part", '"victim"@example.test'],
  ["quote inside", 'vic"tim@example.test'],
  ["two @", "victim@attacker.test@example.test"],
  ["no @", "victim.example.test"],
  ["comma list", "victim@example.test,attacker@example.test"],
  ["comma in the domain", "victim@example.test,evil.test"],
  ["semicolon list", "victim@example.test;attacker@example.test"],
  ["display name form", "Victim <victim@example.test>"],
  ["space inside", "vic tim@example.test"],
  ["1000 characters", `${"a".repeat(990)}@example.test`],
  ["over 254 characters", `${"a".repeat(60)}@${`${"b".repeat(60)}.`.repeat(3)}${"c".repeat(10)}.test`],
  ["fullwidth @ homoglyph", "victim\uFF20example.test"],
  ["small @ homoglyph", "victim\uFE6Bexample.test"],
  ["line separator", "victim@example.test\u2028"],
  ["empty", ""],
  ["only spaces", "   "],
  ["IP literal", "victim@[127.0.0.1]"],
  ["domain without a dot", "victim@localhost"],
  ["unicode in a bad domain", "victim@exa mple.测试"],
]

describe("hostile email addresses", () => {
  let db: TestDatabase
  let smtp: TestSmtpServer
  let config: AuthConfig

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    smtp = await startSmtpServer()
    config = {
      secret: "hostile-address-suite-secret-0123456789",
      trustHost: true,
      basePath: BASE,
      adapter: PrismaAdapter(db.prisma),
      logger: recordingLogger().logger,
      providers: [Nodemailer({ server: smtpTransportOptions(smtp.port), from: "no-reply@example.test" })],
    }
  })
  afterAll(async () => {
    await smtp.close()
    await db.cleanup()
  })

  it.each(hostile)("%s: refused on the sign-in page, no mail, no record", async (_label, email) => {
    const browser = new Browser(config)
    const csrfToken = await browser.csrfToken()
    const res = await browser.send(`${BASE}/signin/nodemailer`, { form: { csrfToken, email } })
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(`${ORIGIN}${BASE}/signin?error=EmailSignInError&code=invalid_email`)

    const page = await browser.send(res.headers.get("location")!.slice(ORIGIN.length))
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain("That email address cannot be used.")
    expectNoInternals(html)

    expect(smtp.mails).toEqual([])
    expect(await db.prisma.verificationToken.count()).toBe(0)
    expect(await db.prisma.user.count()).toBe(0)
  })

  it("an address in JSON that is not a string is refused the same way", async () => {
    const browser = new Browser(config)
    const csrfToken = await browser.csrfToken()
    for (const email of [["a@example.test", "b@example.test"], { address: "a@example.test" }, 42, null]) {
      const res = await browser.send(`${BASE}/signin/nodemailer`, { json: { csrfToken, email } })
      expect(res.headers.get("location")).toBe(`${ORIGIN}${BASE}/signin?error=EmailSignInError&code=invalid_email`)
    }
    expect(smtp.mails).toEqual([])
    expect(await db.prisma.verificationToken.count()).toBe(0)
  })

  it("an internationalised domain is stored in punycode, the domain lower-cased, and the mail delivered", async () => {
    const browser = new Browser(config)
    const csrfToken = await browser.csrfToken()
    const res = await browser.send(`${BASE}/signin/nodemailer`, { form: { csrfToken, email: "  Jürgen@BÜCHER.example " } })
    expect(res.headers.get("location")).toBe(`${ORIGIN}${BASE}/verify-request?provider=nodemailer&type=email`)
    // nodemailer turns the punycode back into Unicode for a server that speaks SMTPUTF8.
    const mail = await smtp.waitFor("jürgen@bücher.example")
    expect(mail.envelopeTo).toEqual(["jürgen@bücher.example"])
    const [row] = await db.prisma.verificationToken.findMany()
    expect(row?.identifier).toBe("jürgen@xn--bcher-kva.example")
    await db.prisma.verificationToken.deleteMany({})
    smtp.mails.length = 0
  })
})
