/**
 * Sign-in mail over HTTP (Resend's API shape) against a service that
 * misbehaves, through the library's handler on SQLite: an answer slower
 * than the timeout, a 500 with an HTML page or broken JSON, a redirect
 * (never followed: the key must not travel on), a 10 MB error body, an
 * error page that never ends (the status is enough: no wait for the rest). Each is
 * a typed MailDeliveryError in the log, the user sent back with
 * `send_failed` (a redirect, never a 500), and no token left behind. Then
 * 50 sign-in requests at once with the limiter on: the per-address and
 * per-client budgets hold, every request gets the same answer, and every
 * mail that went out carries a link that signs in.
 */
import http from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import type { AuthConfig } from "@/lib/auth/config/types"
import { MailDeliveryError, type MailDeliveryReason } from "@/lib/auth/errors"
import Resend from "@/lib/auth/providers/resend"
import { MemoryRateLimitStore } from "@/lib/auth/rate-limit"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, ORIGIN, recordingLogger } from "../support"

const SECRET = "mail-over-http-hostile-secret-0123456789abcdef"
const KEY = "re_hostile_test_key_0123456789"
const SEND_FAILED = `${ORIGIN}${BASE}/signin?error=EmailSignInError&code=send_failed`
const SENT = `${ORIGIN}${BASE}/verify-request?provider=resend&type=email`

type Mode = "ok" | "slow" | "html-500" | "broken-json-500" | "broken-json-200" | "redirect" | "huge-500" | "endless-500"

interface Service {
  url: string
  mode: Mode
  mails: { to: string; text: string }[]
  /** Requests that reached the redirect's target: must stay empty. */
  followed: number
  close(): Promise<void>
}

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A mail API that answers as `mode` says; "ok" accepts the mail as Resend does. */
async function startHostileService(): Promise<Service> {
  const target = http.createServer((_req, res) => {
    service.followed++
    res.writeHead(200, { "content-type": "application/json" }).end('{"id":"followed"}')
  })
  const targetUrl = await listen(target)
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const mode = service.mode
      if (mode === "slow") return void setTimeout(() => res.writeHead(200).end("{}"), 2_000).unref()
      if (mode === "html-500") return void res.writeHead(500, { "content-type": "text/html" }).end("<html><body><h1>502 Bad Gateway</h1><script>x</script></body></html>")
      if (mode === "broken-json-500") return void res.writeHead(500, { "content-type": "application/json" }).end('{"statusCode":500,"name":')
      if (mode === "huge-500") return void res.writeHead(500, { "content-type": "text/plain" }).end("E".repeat(10 * 1024 * 1024))
      if (mode === "endless-500") {
        // The status and a first part of the page at once, then the rest never comes.
        res.writeHead(500, { "content-type": "text/html" })
        return void res.write(`<html>${"x".repeat(32 * 1024)}`)
      }
      if (mode === "redirect") return void res.writeHead(307, { location: `${targetUrl}/emails` }).end()
      if (req.headers.authorization !== `Bearer ${KEY}`) return void res.writeHead(401).end("{}")
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { to: string[]; text: string }
      service.mails.push({ to: body.to[0]!, text: body.text })
      res.writeHead(200, { "content-type": "application/json" }).end(mode === "broken-json-200" ? '{"id":' : '{"id":"ok"}')
    })
  })
  const url = await listen(server)
  const service: Service = {
    url,
    mode: "ok",
    mails: [],
    followed: 0,
    close: async () => {
      for (const s of [server, target]) {
        s.closeAllConnections()
        await new Promise((resolve) => s.close(resolve))
      }
    },
  }
  return service
}

describe("sign-in mail over HTTP against a misbehaving service (sqlite)", () => {
  let db: TestDatabase
  let service: Service
  let log: ReturnType<typeof recordingLogger>

  // Short only where the test waits for it: a burst keeps the event loop busy for longer than that.
  const config = (rateLimit: AuthConfig["rateLimit"] = false, timeoutMs = 10_000): AuthConfig => ({
    secret: SECRET,
    trustHost: true,
    rateLimit,
    basePath: BASE,
    adapter: PrismaAdapter(db.prisma),
    session: { strategy: "database" },
    logger: log.logger,
    providers: [Resend({ from: "Site <no-reply@example.test>", apiKey: KEY, apiUrl: service.url, timeoutMs })],
  })

  async function requestLink(browser: Browser, email: string, from = "203.0.113.9", csrfToken?: string): Promise<Response> {
    const token = csrfToken ?? (await browser.csrfToken())
    return browser.send(`${BASE}/signin/resend`, { form: { csrfToken: token, email, callbackUrl: "/dashboard" }, headers: { "x-forwarded-for": from }, keepJar: true })
  }

  function lastDeliveryError(): MailDeliveryError {
    const logged = log.errors.at(-1) as (Error & { code?: string; cause?: { err?: unknown } }) | undefined
    expect(logged?.code).toBe("send_failed")
    expect(logged?.cause?.err).toBeInstanceOf(MailDeliveryError)
    return logged!.cause!.err as MailDeliveryError
  }

  const signsIn = async (link: string) => {
    const res = await new Browser(config()).send(new URL(link).pathname + new URL(link).search)
    return res.headers.get("location")
  }
  const linkOf = (text: string) => text.match(/https?:\/\/\S+/g)!.find((url) => url.startsWith(`${ORIGIN}${BASE}/callback/resend?`))!

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    service = await startHostileService()
  })
  afterAll(async () => {
    await service.close()
    await db.cleanup()
  })
  beforeEach(async () => {
    log = recordingLogger()
    service.mode = "ok"
    service.mails.length = 0
    await db.prisma.verificationToken.deleteMany({})
  })

  const failures: [Mode, MailDeliveryReason, RegExp][] = [
    ["slow", "unreachable", /no answer within 500 ms/],
    ["html-500", "unavailable", /\(HTTP 500\)/],
    ["broken-json-500", "unavailable", /\(HTTP 500\)/],
    ["huge-500", "unavailable", /\(HTTP 500\)/],
    ["redirect", "unexpected", /\(HTTP 307\)/],
    ["endless-500", "unavailable", /\(HTTP 500\)/],
  ]

  it.each(failures)("%s: a typed error (%s), send_failed, no token, no 500; the next try works", async (mode, reason, message) => {
    const browser = new Browser(config(false, mode === "slow" ? 500 : undefined))
    const email = `${mode}@example.test`
    service.mode = mode
    const began = Date.now()
    const res = await requestLink(browser, email)
    // The user is not kept waiting for the rest of a body the status already explained (the timeout is 10 s).
    if (mode === "endless-500" || mode === "huge-500") expect(Date.now() - began).toBeLessThan(5_000)
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(SEND_FAILED)
    const error = lastDeliveryError()
    expect(error.reason).toBe(reason)
    expect(error.message).toMatch(message)
    expect(error.message.length).toBeLessThan(600)
    expect(error.message).not.toContain(KEY)
    expect(service.followed).toBe(0)
    expect(await db.prisma.verificationToken.count()).toBe(0)

    service.mode = "ok"
    expect((await requestLink(browser, email)).headers.get("location")).toBe(SENT)
    expect(await signsIn(linkOf(service.mails.at(-1)!.text))).toBe(`${ORIGIN}/dashboard`)
  })

  it("a 2xx with a body that is not JSON: the mail was accepted, its link signs in", async () => {
    service.mode = "broken-json-200"
    const res = await requestLink(new Browser(config()), "broken-ok@example.test")
    expect(res.headers.get("location")).toBe(SENT)
    expect(await signsIn(linkOf(service.mails.at(-1)!.text))).toBe(`${ORIGIN}/dashboard`)
  })

  it("50 requests for one address at once, each from its own client: 3 mails (the address's budget), every answer alike, every link signs in", async () => {
    const limited = config({ store: new MemoryRateLimitStore(), trustedProxies: 1 })
    const browser = new Browser(limited)
    const csrfToken = await browser.csrfToken()
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => requestLink(browser, "burst-one@example.test", `198.51.100.${i + 1}`, csrfToken)))
    expect(new Set(answers.map((r) => `${r.status} ${r.headers.get("location")}`))).toEqual(new Set([`302 ${SENT}`]))
    expect(service.mails).toHaveLength(3)
    expect(await db.prisma.verificationToken.count()).toBe(3)
    for (const mail of service.mails) expect(await signsIn(linkOf(mail.text))).toBe(`${ORIGIN}/dashboard`)
  })

  it("50 requests for 50 addresses at once from one client: 10 mails (the client's budget), every answer alike, every link signs in", async () => {
    const limited = config({ store: new MemoryRateLimitStore(), trustedProxies: 1 })
    const browser = new Browser(limited)
    const csrfToken = await browser.csrfToken()
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => requestLink(browser, `burst-${i}@example.test`, "198.51.100.200", csrfToken)))
    expect(new Set(answers.map((r) => `${r.status} ${r.headers.get("location")}`))).toEqual(new Set([`302 ${SENT}`]))
    expect(service.mails).toHaveLength(10)
    expect(new Set(service.mails.map((m) => m.to)).size).toBe(10)
    for (const mail of service.mails) expect(await signsIn(linkOf(mail.text))).toBe(`${ORIGIN}/dashboard`)
  })
})
