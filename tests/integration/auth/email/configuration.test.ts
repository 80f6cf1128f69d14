/**
 * What an app sees when its email setup is wrong, and what the signIn
 * callback can do to a link request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Nodemailer from "@/lib/auth/providers/nodemailer"
import type { Adapter } from "@/lib/auth/adapters/types"
import type { AuthConfig } from "@/lib/auth/config/types"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { smtpTransportOptions, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"
import { BASE, Browser, ORIGIN, recordingLogger } from "../support"

const SECRET = "email-configuration-suite-secret-012345"

describe("email provider configuration", () => {
  let db: TestDatabase
  let smtp: TestSmtpServer
  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    smtp = await startSmtpServer()
  })
  afterAll(async () => {
    await smtp.close()
    await db.cleanup()
  })

  it("the provider is id nodemailer, type email, 24 h links", () => {
    const provider = Nodemailer({ server: "smtp://127.0.0.1:25", from: "a@example.test" })
    expect(provider).toMatchObject({ id: "nodemailer", type: "email", maxAge: 86400, from: "a@example.test" })
    expect(typeof provider.sendVerificationRequest).toBe("function")
  })

  it("without an adapter, or without the methods it needs, every request reports a configuration error naming them", async () => {
    const { logger, errors } = recordingLogger()
    const noAdapter = new Browser({ secret: SECRET, trustHost: true, basePath: BASE, logger, providers: [Nodemailer({ server: smtp.url })] })
    const res = await noAdapter.send(`${BASE}/providers`)
    expect(res.status).toBe(500)
    expect(errors.at(-1)?.name).toBe("MissingAdapter")

    const full = PrismaAdapter(db.prisma)
    const partial: Adapter = { ...full, useVerificationToken: undefined, createVerificationToken: undefined }
    const lacking = new Browser({ secret: SECRET, trustHost: true, basePath: BASE, logger, adapter: partial, providers: [Nodemailer({ server: smtp.url })] })
    const page = await lacking.send(`${BASE}/signin`)
    expect(page.status).toBe(500)
    expect(await page.text()).toContain("problem with the server configuration")
    expect(errors.at(-1)?.name).toBe("MissingAdapterMethods")
    expect(errors.at(-1)?.message).toContain("createVerificationToken, useVerificationToken")
  })

  describe("the signIn callback on a link request", () => {
    const seen: unknown[] = []
    function config(signIn: () => boolean | string): AuthConfig {
      return {
        secret: SECRET,
        trustHost: true,
        basePath: BASE,
        adapter: PrismaAdapter(db.prisma),
        logger: recordingLogger().logger,
        callbacks: {
          signIn: (params) => {
            seen.push(params)
            return signIn()
          },
        },
        providers: [Nodemailer({ server: smtpTransportOptions(smtp.port) })],
      }
    }
    async function request(browser: Browser, email: string) {
      const csrfToken = await browser.csrfToken()
      return browser.send(`${BASE}/signin/nodemailer`, { form: { csrfToken, email } })
    }

    it("is asked with email.verificationRequest true; false is AccessDenied, nothing stored or sent", async () => {
      const res = await request(new Browser(config(() => false)), "denied@example.test")
      expect(res.headers.get("location")).toBe(`${ORIGIN}${BASE}/error?error=AccessDenied`)
      expect(seen.at(-1)).toMatchObject({
        user: { email: "denied@example.test", emailVerified: null },
        account: { providerAccountId: "denied@example.test", type: "email", provider: "nodemailer" },
        email: { verificationRequest: true },
      })
      expect(await db.prisma.verificationToken.count()).toBe(0)
      expect(smtp.mails).toEqual([])
    })

    it("a string sends the browser there instead", async () => {
      const res = await request(new Browser(config(() => "/waitlist")), "later@example.test")
      expect(res.headers.get("location")).toBe(`${ORIGIN}/waitlist`)
      expect(await db.prisma.verificationToken.count()).toBe(0)
      expect(smtp.mails).toEqual([])
    })

    it("allowSend false looks like a send to the user and stores nothing", async () => {
      const base = config(() => true)
      const limited = { ...base, providers: [Nodemailer({ server: smtpTransportOptions(smtp.port), allowSend: () => false })] }
      const res = await request(new Browser(limited), "limited@example.test")
      expect(res.headers.get("location")).toBe(`${ORIGIN}${BASE}/verify-request?provider=nodemailer&type=email`)
      expect(await db.prisma.verificationToken.count()).toBe(0)
      expect(smtp.mails).toEqual([])
    })

    it("the fourth link request for one address in 15 minutes stores and sends nothing, with the same answer", async () => {
      const email = `counted-${crypto.randomUUID()}@example.test`
      const browser = new Browser(config(() => true))
      const locations = []
      for (let i = 0; i < 4; i++) locations.push((await request(browser, email)).headers.get("location"))
      expect(new Set(locations)).toEqual(new Set([`${ORIGIN}${BASE}/verify-request?provider=nodemailer&type=email`]))
      expect(smtp.mails.filter((mail) => mail.envelopeTo.includes(email))).toHaveLength(3)
    })
  })
})
