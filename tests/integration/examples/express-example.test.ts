/**
 * examples/express, started with its own `npm start` in its own folder (a
 * fresh database of the test's), and used over real HTTP as a browser
 * would: a signed-out visit to the protected page goes to the sign-in page
 * with the way back, the demo account signs in through the credentials
 * provider, the page and the JSON route read the session — under both
 * session strategies. Also: a cut database answers 503 (not "signed out"),
 * a direct client's X-Forwarded-Host is ignored with TRUST_PROXY unset, and
 * a missing AUTH_SECRET stops the start with a hint for this example.
 */
import { randomBytes } from "node:crypto"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createPrismaClient } from "@/lib/db/client"
import { dropPostgresDatabase, TEST_POSTGRES_SERVER } from "@/tests/helpers/db"
import { type ExampleRun, runExampleScript, waitForOutput } from "@/tests/helpers/example-app"
import { freePort } from "@/tests/helpers/free-port"
import { startTcpProxy, type TcpProxy } from "@/tests/helpers/tcp-proxy"

const SECRET = "express-example-test-secret-0123456789abcdef"
const DEMO = { email: "demo@example.com", password: "demo-password-123" }
// Migrations, the demo account's hash and two tsx starts, on two shared cores.
const START_TIMEOUT = 150_000

/** A browser's cookie jar and fetch, redirects returned rather than followed. */
class Client {
  readonly jar = new Map<string, string>()
  constructor(readonly origin: string) {}

  async send(pathname: string, init: { form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.jar.size > 0) headers.set("cookie", [...this.jar].map(([name, value]) => `${name}=${value}`).join("; "))
    const res = await fetch(new URL(pathname, this.origin), {
      method: init.form ? "POST" : "GET",
      headers,
      body: init.form ? new URLSearchParams(init.form) : undefined,
      redirect: "manual",
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";")
      const at = pair.indexOf("=")
      const name = pair.slice(0, at)
      const value = pair.slice(at + 1)
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.jar.delete(name)
      else this.jar.set(name, value)
    }
    return res
  }

  async signIn(password = DEMO.password, callbackUrl = "/dashboard"): Promise<Response> {
    const { csrfToken } = (await (await this.send("/auth/csrf")).json()) as { csrfToken: string }
    return this.send("/auth/callback/credentials", { form: { csrfToken, email: DEMO.email, password, callbackUrl } })
  }
}

interface Started {
  run: ExampleRun
  origin: string
}

async function startExample(env: Record<string, string>): Promise<Started> {
  const port = await freePort()
  const run = runExampleScript("express", "start", { env: { PORT: String(port), AUTH_URL: "", NEXTAUTH_URL: "", TRUST_PROXY: "", ...env } })
  try {
    await waitForOutput(run, /listening on http:\/\/localhost:\d+/, START_TIMEOUT)
  } catch (error) {
    await run.stop()
    throw error
  }
  return { run, origin: `http://localhost:${port}` }
}

describe.each(["database", "jwt"] as const)("examples/express with %s sessions (SQLite)", (strategy) => {
  let dir: string
  let databaseUrl: string
  let app: Started

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "express-example-"))
    databaseUrl = `file:${path.join(dir, "example.db")}`
    app = await startExample({ AUTH_SECRET: SECRET, AUTH_SESSION_STRATEGY: strategy, DATABASE_URL: databaseUrl })
  }, START_TIMEOUT + 10_000)
  afterAll(async () => {
    await app?.run.stop()
    await rm(dir, { recursive: true, force: true })
  })

  it("a signed-out visit to the protected page goes to the sign-in page, with the way back in callbackUrl", async () => {
    const client = new Client(app.origin)
    const res = await client.send("/dashboard?tab=1")
    expect(res.status).toBe(302)
    const location = new URL(res.headers.get("location")!, app.origin)
    expect(location.pathname).toBe("/auth/signin")
    expect(location.searchParams.get("callbackUrl")).toBe("/dashboard?tab=1")
    // The built-in page shows the example's credentials form.
    const page = await client.send(`${location.pathname}${location.search}`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('name="email"')
    expect(html).toContain('name="password"')
  })

  it("the JSON route answers 401 to a signed-out request", async () => {
    const res = await new Client(app.origin).send("/api/me")
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: "Unauthorized" })
  })

  it("the demo account signs in and lands back on the protected page, which shows it; the JSON route returns the session", async () => {
    const client = new Client(app.origin)
    const res = await client.signIn()
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(`${app.origin}/dashboard`)
    const dashboard = await client.send("/dashboard")
    expect(dashboard.status).toBe(200)
    expect(await dashboard.text()).toContain(`Only for ${DEMO.email}`)
    const me = await client.send("/api/me")
    expect(me.status).toBe(200)
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(DEMO.email)
    expect(await (await client.send("/")).text()).toContain(`Signed in as ${DEMO.email}`)

    const db = createPrismaClient(databaseUrl)
    try {
      // The database strategy keeps a row per signed-in browser; jwt keeps none.
      expect(await db.session.count()).toBe(strategy === "database" ? 1 : 0)
    } finally {
      await db.$disconnect()
    }
  })

  it("a wrong password goes back to the sign-in page with CredentialsSignin and no session", async () => {
    const client = new Client(app.origin)
    const res = await client.signIn("not-the-password")
    expect(res.status).toBe(302)
    const location = new URL(res.headers.get("location")!)
    expect(location.pathname).toBe("/auth/signin")
    expect(location.searchParams.get("error")).toBe("CredentialsSignin")
    expect((await client.send("/api/me")).status).toBe(401)
  })

  it("signing out closes the protected page again", async () => {
    const client = new Client(app.origin)
    await client.signIn()
    expect((await client.send("/dashboard")).status).toBe(200)
    const { csrfToken } = (await (await client.send("/auth/csrf")).json()) as { csrfToken: string }
    const out = await client.send("/auth/signout", { form: { csrfToken } })
    expect(out.status).toBe(302)
    const again = await client.send("/dashboard")
    expect(again.status).toBe(302)
    expect(again.headers.get("location")).toBe("/auth/signin?callbackUrl=%2Fdashboard")
  })

  it("with TRUST_PROXY unset, a direct client's X-Forwarded-Host and -Proto do not become the origin", async () => {
    const res = await new Client(app.origin).send("/auth/providers", {
      headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    })
    const providers = (await res.json()) as { credentials: { signinUrl: string } }
    expect(providers.credentials.signinUrl).toBe(`${app.origin}/auth/signin/credentials`)
  })
})

describe("examples/express when PostgreSQL goes away (database sessions)", () => {
  const database = `authtest_${randomBytes(6).toString("hex")}`
  let proxy: TcpProxy
  let app: Started

  beforeAll(async () => {
    proxy = await startTcpProxy({ host: "127.0.0.1", port: 5432 })
    const url = new URL(`${TEST_POSTGRES_SERVER}/${database}`)
    url.port = String(proxy.port)
    app = await startExample({ AUTH_SECRET: SECRET, AUTH_SESSION_STRATEGY: "database", DATABASE_URL: url.href })
  }, START_TIMEOUT + 10_000)
  afterAll(async () => {
    await app?.run.stop()
    await proxy?.close()
    await dropPostgresDatabase(database)
  })

  it("answers 503 with Retry-After while the database is cut, never the signed-out redirect or 401; the session is back afterwards", async () => {
    const client = new Client(app.origin)
    expect((await client.signIn()).headers.get("location")).toBe(`${app.origin}/dashboard`)
    expect((await client.send("/dashboard")).status).toBe(200)

    proxy.cut()
    for (const pathname of ["/dashboard", "/api/me", "/"]) {
      const res = await client.send(pathname)
      expect(res.status, pathname).toBe(503)
      expect(Number(res.headers.get("retry-after")), pathname).toBeGreaterThan(0)
      expect(await res.text()).not.toMatch(/at \S+ \(|prisma|ECONNRESET/i)
    }

    proxy.restore()
    const back = await client.send("/dashboard")
    expect(back.status).toBe(200)
    expect(await back.text()).toContain(`Only for ${DEMO.email}`)
  })
})

describe("examples/express without AUTH_SECRET", () => {
  it("stops at start with a hint that names AUTH_SECRET and this example's own command", async () => {
    const run = runExampleScript("express", "serve", { env: { AUTH_SECRET: "", NEXTAUTH_SECRET: "", PORT: String(await freePort()) } })
    try {
      const code = await Promise.race([run.exited, new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 60_000))])
      expect(code).toBe(1)
      expect(run.output()).toContain("AUTH_SECRET is not set")
      expect(run.output()).toContain("npm start")
      expect(run.output()).not.toContain("npm run dev")
    } finally {
      await run.stop()
    }
  }, 70_000)
})
