/**
 * Links in mail follow the configured origin, never the request's host. An
 * attacker asks for a sign-in link for the victim with a Host and
 * X-Forwarded-Host of its own choosing, on a server that trusts those headers
 * (AUTH_TRUST_HOST=true, or Express's `trust proxy`); the victim's mail, read
 * from a real SMTP server, must point at AUTH_URL (or, in development without
 * it, at the local server), and production without AUTH_URL refuses to send.
 */
import express from "express"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { ExpressAuth } from "@/lib/auth/express"
import NextAuth from "@/lib/auth/next"
import { configurationProblem } from "@/lib/auth/next/startup"
import Nodemailer from "@/lib/auth/providers/nodemailer"
import type { AuthConfig } from "@/lib/auth/config/types"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { envFor } from "@/tests/helpers/env"
import { smtpTransportOptions, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"
import { listen, type RunningServer } from "../express/server"
import { BASE, Browser, recordingLogger } from "../support"

const SECRET = "mail-link-origin-secret-0123456789abcdef"
const FORGED = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }

let db: TestDatabase
let smtp: TestSmtpServer
const env = envFor(["AUTH_URL", "NEXTAUTH_URL", "AUTH_TRUST_HOST", "PORT", "NODE_ENV"])

beforeAll(async () => {
  db = await createTestDatabase("sqlite")
  smtp = await startSmtpServer()
})
afterAll(async () => {
  env.restore()
  await smtp.close()
  await db.cleanup()
})
afterEach(() => env.restore())

function config(): AuthConfig {
  return {
    secret: SECRET,
    basePath: BASE,
    rateLimit: false,
    logger: recordingLogger().logger,
    adapter: PrismaAdapter(db.prisma),
    providers: [Nodemailer({ server: smtpTransportOptions(smtp.port), from: "Site <no-reply@example.test>" })],
  }
}

/** The Next.js route handlers, as app/api/auth/[...nextauth] exports them, reached with any headers the client likes. */
function nextBrowser(): Browser {
  const { handlers } = NextAuth(config())
  return new Browser(config(), "http://localhost:3000", (request) => (request.method === "GET" ? handlers.GET(request as never) : handlers.POST(request as never)))
}

/** Asks for a sign-in link for `email` with forged host headers, and returns every http(s) URL in the mail it produced. */
async function forgedRequest(browser: Browser, email: string): Promise<string[]> {
  // The attacker forges every request of the flow, so the CSRF cookie matches the forged origin's cookie names.
  const { csrfToken } = (await (await browser.send(`${BASE}/csrf`, { headers: FORGED })).json()) as { csrfToken: string }
  const res = await browser.send(`${BASE}/signin/nodemailer`, { form: { csrfToken, email, callbackUrl: "/dashboard" }, headers: FORGED })
  expect(res.status).toBe(302)
  expect(res.headers.get("location")).toContain("/verify-request?")
  const mail = await smtp.waitFor(email)
  expect(`${mail.text}\n${mail.html}`).not.toContain("evil.example")
  return mail.text.match(/https?:\/\/\S+/g) ?? []
}

describe("Next.js route handlers with AUTH_TRUST_HOST=true", () => {
  it("without AUTH_URL (development): the link is on the local server, not the forged host", async () => {
    env.set({ AUTH_URL: undefined, NEXTAUTH_URL: undefined, AUTH_TRUST_HOST: "true", PORT: "4123" })
    const links = await forgedRequest(nextBrowser(), "victim-dev@example.test")
    const link = links.find((url) => url.includes("/callback/nodemailer?"))
    expect(link).toMatch(new RegExp(`^http://localhost:4123${BASE}/callback/nodemailer\\?`))
    expect(new URL(link!).searchParams.get("callbackUrl")).toBe("http://localhost:4123/dashboard")
  })

  it("with AUTH_URL: the link is on AUTH_URL, whatever Host and X-Forwarded-Host say", async () => {
    env.set({ AUTH_URL: "https://app.example.com", AUTH_TRUST_HOST: "true" })
    const links = await forgedRequest(nextBrowser(), "victim-url@example.test")
    expect(links.find((url) => url.includes("/callback/nodemailer?"))).toMatch(/^https:\/\/app\.example\.com\/auth\/callback\/nodemailer\?/)
  })

  it("production without AUTH_URL: an email provider is a configuration error naming AUTH_URL, and no mail leaves", async () => {
    env.set({ AUTH_URL: undefined, NEXTAUTH_URL: undefined, AUTH_TRUST_HOST: "true", NODE_ENV: "production" })
    const problem = configurationProblem(config(), process.env)
    expect(problem).toMatchObject({ code: "invalid_environment_variable", variable: "AUTH_URL" })
    expect(problem?.message).toMatch(/^AUTH_URL is not set, and this site sends mail/)
    expect(problem?.message).toContain("AUTH_URL=https://")

    const browser = nextBrowser()
    const before = smtp.mails.length
    const res = await browser.send(`${BASE}/signin/nodemailer`, { form: { email: "victim-prod@example.test" }, headers: FORGED })
    expect(res.status).toBeGreaterThanOrEqual(300)
    expect(res.headers.get("location") ?? "").not.toContain("evil.example")
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.mails.length).toBe(before)
  })
})

describe("Express with `trust proxy` on", () => {
  let server: RunningServer

  async function start(): Promise<Browser> {
    const app = express()
    // What docs/express-and-sveltekit.md warns against when the app is reachable directly: every X-Forwarded-Host is believed.
    app.set("trust proxy", 1)
    app.use(BASE, ExpressAuth(config()))
    server = await listen(app)
    return new Browser(config(), server.origin, (request) => fetch(request, { redirect: "manual" }))
  }
  afterEach(async () => server?.close())

  it("with AUTH_URL: the link is on AUTH_URL, not the forged X-Forwarded-Host", async () => {
    env.set({ AUTH_URL: "https://shop.example.com/auth" })
    const links = await forgedRequest(await start(), "victim-express@example.test")
    expect(links.find((url) => url.includes("/callback/nodemailer?"))).toMatch(/^https:\/\/shop\.example\.com\/auth\/callback\/nodemailer\?/)
  })

  it("without AUTH_URL (development): the link is on the local server, not the forged host", async () => {
    env.set({ AUTH_URL: undefined, NEXTAUTH_URL: undefined, PORT: undefined })
    const links = await forgedRequest(await start(), "victim-express-dev@example.test")
    expect(links.find((url) => url.includes("/callback/nodemailer?"))).toMatch(/^http:\/\/localhost:3000\/auth\/callback\/nodemailer\?/)
  })
})
