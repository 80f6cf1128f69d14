/**
 * Two `next start` servers of this run's build on one PostgreSQL database, as
 * a deployment with several instances has them: a session made on one is good
 * on the other, a sign-out on one is seen by the other, rate-limit counters
 * are shared (the database store, then Redis). Both reach PostgreSQL through a
 * TCP proxy of the test's own, which is then cut: pages and auth routes answer
 * 503 "temporarily unavailable" (no sign-in redirect, one log line per outage),
 * jwt sessions keep working, and everything recovers when the proxy is back.
 * Then Redis is cut the same way under instances that use it for both the
 * revocation channel and the rate-limit counters: no answer is a 500, the
 * rate limits let requests through (logged once), revocations fall back to
 * the revocation delay (logged once), and both come back by themselves.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { randomBytes } from "node:crypto"
import { createRequire } from "node:module"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { Redis } from "ioredis"
import pg from "pg"
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy"
import { expect, test } from "@playwright/test"
import { freePort } from "../helpers/free-port"

const require = createRequire(import.meta.url)
const NEXT_BIN = path.join(path.dirname(require.resolve("next/package.json")), "dist", "bin", "next")
const TSX_CLI = path.join(path.dirname(require.resolve("tsx/package.json")), "dist", "cli.mjs")
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")
const POSTGRES = "postgresql://postgres@127.0.0.1:5432"
const SECRET = "instances-spec-secret-0123456789abcdefghijklmn"
const PASSWORD = "instances spec passphrase 77"

function run(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    child.stdout.on("data", (c: Buffer) => (output += c.toString()))
    child.stderr.on("data", (c: Buffer) => (output += c.toString()))
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(" ")} failed:\n${output}`))))
  })
}

interface Instance {
  url: string
  log: () => string
  stop: () => Promise<void>
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort()
  const url = `http://localhost:${port}`
  const child: ChildProcess = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", AUTH_SECRET: SECRET, AUTH_URL: url, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()))
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()))
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()))
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited:\n${output}`)
    try {
      const res = await fetch(`${url}/api/auth/providers`)
      if (res.status === 200) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`next start did not answer within 60 s:\n${output}`)
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    url,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM")
      await exited
    },
  }
}

/** A cookie jar shared by both instances, as one browser talking to one site behind a load balancer. */
class Client {
  readonly jar = new Map<string, string>()
  // An address of its own (the instances trust one proxy): counters earlier runs left in the shared
  // Redis for one address never decide what a later run sees.
  readonly address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`

  cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ")
  }

  async send(url: string, init: RequestInit & { form?: Record<string, string> } = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.jar.size) headers.set("cookie", this.cookie())
    if (!headers.has("x-forwarded-for")) headers.set("x-forwarded-for", this.address)
    let body = init.body
    if (init.form) {
      headers.set("content-type", "application/x-www-form-urlencoded")
      body = new URLSearchParams(init.form).toString()
    }
    const res = await fetch(url, { ...init, headers, body, redirect: "manual" })
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";")
      const eq = pair!.indexOf("=")
      const name = pair!.slice(0, eq).trim()
      const value = pair!.slice(eq + 1).trim()
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))
      if (expired || value === "") this.jar.delete(name)
      else this.jar.set(name, value)
    }
    return res
  }

  async csrf(base: string): Promise<string> {
    const res = await this.send(`${base}/api/auth/csrf`)
    return ((await res.json()) as { csrfToken: string }).csrfToken
  }

  async signIn(base: string, email: string, password: string): Promise<string> {
    const csrfToken = await this.csrf(base)
    const res = await this.send(`${base}/api/auth/callback/credentials`, { method: "POST", form: { csrfToken, email, password } })
    return res.headers.get("location") ?? `status ${res.status}`
  }

  async sessionName(base: string): Promise<string | null> {
    const res = await this.send(`${base}/api/auth/session`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { user?: { name?: string } } | null
    return body?.user?.name ?? null
  }
}

interface Variant {
  name: string
  strategy: "database" | "jwt"
  store: "database" | "redis"
}

const variants: Variant[] = [
  { name: "database sessions, database rate-limit store", strategy: "database", store: "database" },
  { name: "jwt sessions, Redis rate-limit store", strategy: "jwt", store: "redis" },
]

for (const variant of variants) {
  test.describe(`two instances, one PostgreSQL: ${variant.name}`, () => {
    test.describe.configure({ mode: "serial", timeout: 120_000 })
    const database = `authtest_instances_${randomBytes(5).toString("hex")}`
    const email = `multi-${randomBytes(5).toString("hex")}@example.com`
    let proxy: TcpProxy
    let a: Instance
    let b: Instance

    test.beforeAll(async () => {
      test.setTimeout(180_000)
      const direct = `${POSTGRES}/${database}`
      const env = { DATABASE_URL: direct, SEED_EMAIL: email, SEED_NAME: "Multi", SEED_PASSWORD: PASSWORD }
      await run([TSX_CLI, "scripts/db-migrate.ts"], env)
      await run([TSX_CLI, "scripts/db-seed.ts"], env)
      proxy = await startTcpProxy({ host: "127.0.0.1", port: 5432 })
      const serverEnv = {
        DATABASE_URL: `postgresql://postgres@127.0.0.1:${proxy.port}/${database}`,
        AUTH_SESSION_STRATEGY: variant.strategy,
        AUTH_RATE_LIMIT_STORE: variant.store,
        REDIS_URL: "redis://127.0.0.1:6379",
        // One proxy in front: a burst can come from an address of its own, so counters other runs left
        // in the shared Redis for 127.0.0.1 never decide what it sees.
        AUTH_TRUSTED_PROXIES: "1",
        EMAIL_SERVER: "",
      }
      ;[a, b] = await Promise.all([startInstance(serverEnv), startInstance(serverEnv)])
    })

    test.afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()])
      await proxy?.close()
      const client = new pg.Client({ connectionString: `${POSTGRES}/postgres` })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
      await client.end()
    })

    test("a session made on A is valid on B; an update through A shows on B", async () => {
      const browser = new Client()
      expect(await browser.signIn(a.url, email, PASSWORD)).toBe(a.url)
      expect(await browser.sessionName(b.url)).toBe("Multi")

      // The name changes in the shared database (as the settings page saves it), then the
      // session's "update" runs on A: B shows the new name on its next request.
      const client = new pg.Client({ connectionString: `${POSTGRES}/${database}` })
      await client.connect()
      await client.query(`UPDATE "User" SET name = 'Renamed' WHERE email = $1`, [email])
      await client.end()
      const csrfToken = await browser.csrf(a.url)
      const updated = await browser.send(`${a.url}/api/auth/session`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ csrfToken, data: {} }),
      })
      expect(updated.status).toBe(200)
      expect(await browser.sessionName(b.url)).toBe("Renamed")
    })

    // Database sessions only: a plain jwt sign-out deletes only that browser's cookie; revoking every jwt of a user (the stamp) is proved in jwt-revocation.test.ts.
    if (variant.strategy === "database") {
      test("a sign-out on B ends the session on A (database strategy)", async () => {
        const browser = new Client()
        expect(await browser.signIn(a.url, email, PASSWORD)).toBe(a.url)
        const stolenCopy = browser.cookie()
        const csrfToken = await browser.csrf(b.url)
        const out = await browser.send(`${b.url}/api/auth/signout`, { method: "POST", form: { csrfToken } })
        expect(out.status).toBe(302)
        // Even a copy of the cookie taken before the sign-out reads as signed out on A.
        const res = await fetch(`${a.url}/api/auth/session`, { headers: { cookie: stolenCopy } })
        expect(await res.json()).toBeNull()
      })
    }

    test("rate-limit counters are shared: the limit is reached across both instances", async () => {
      const target = `limited-${randomBytes(4).toString("hex")}@example.com`
      const browser = new Client()
      // 5 attempts per email: alternating instances, each sees only 2 or 3 of them.
      for (let i = 0; i < 5; i++) {
        const location = await browser.signIn(i % 2 === 0 ? a.url : b.url, target, "wrong password")
        expect(location).toContain("code=credentials")
      }
      expect(await browser.signIn(b.url, target, "wrong password")).toContain("code=rate_limited")
      expect(await browser.signIn(a.url, target, "wrong password")).toContain("code=rate_limited")
    })

    // The Redis store only: it counts with one atomic script per hit; the database store is checked in sequence above.
    if (variant.store === "redis") {
      test("a burst across both instances at once: exactly the limit gets through (Redis store)", async () => {
        const target = `burst-${randomBytes(4).toString("hex")}@example.com`
        const address = `203.0.113.${1 + Math.floor(Math.random() * 250)}`
        const BURST = 16
        const LIMIT = 5
        // Every form first (each its own browser, CSRF cookie and token), then all the POSTs at once,
        // alternating the instances: no request waits for another's answer.
        const forms = await Promise.all(
          Array.from({ length: BURST }, async (_, i) => {
            const browser = new Client()
            const base = i % 2 === 0 ? a.url : b.url
            return { browser, base, csrfToken: await browser.csrf(base) }
          }),
        )
        const locations = await Promise.all(
          forms.map(async ({ browser, base, csrfToken }) => {
            const res = await browser.send(`${base}/api/auth/callback/credentials`, {
              method: "POST",
              headers: { "x-forwarded-for": address },
              form: { csrfToken, email: target, password: "wrong password" },
            })
            expect(res.status).toBeLessThan(500)
            return res.headers.get("location") ?? `status ${res.status}`
          }),
        )
        expect(locations.filter((l) => l.includes("code=credentials"))).toHaveLength(LIMIT)
        expect(locations.filter((l) => l.includes("code=rate_limited"))).toHaveLength(BURST - LIMIT)
      })
    }

    // jwt only: with database sessions the guard cannot read the session either, and answers the
    // action's POST with its 503 before the action runs (the outage test below covers that answer).
    if (variant.strategy === "jwt") {
      test("a Settings form sent while the database is cut answers in the form, not with an error screen", async ({ page }) => {
        await page.goto(`${a.url}/api/auth/signin`)
        const form = page.locator("form").filter({ has: page.locator('input[type="password"]') })
        await form.getByLabel("Email").fill(email)
        await form.getByLabel("Password").fill(PASSWORD)
        await form.getByRole("button", { name: "Sign in", exact: true }).click()
        await page.goto(`${a.url}/settings`)
        await expect(page.getByLabel("Display name")).toBeVisible()

        proxy.cut()
        try {
          await page.getByLabel("Display name").fill("Renamed during the outage")
          await page.getByRole("button", { name: "Save", exact: true }).click()
          await expect(page.getByText("temporarily unavailable: the database does not answer")).toBeVisible()
          await expect(page.getByText(/Application error|server-side exception/)).toHaveCount(0)
        } finally {
          proxy.restore()
        }
        // Nothing was half-saved: the name is unchanged once the database answers again.
        await page.goto(`${a.url}/settings`)
        await expect(page.getByLabel("Display name")).not.toHaveValue("Renamed during the outage")
      })
    }

    test("the database is cut: 503 'temporarily unavailable', no sign-in redirect, one log line; then recovery", async () => {
      const browser = new Client()
      expect(await browser.signIn(a.url, email, PASSWORD)).toBe(a.url)
      const errorLines = () => a.log().split("\n").filter((line) => line.includes("[auth][error] DatabaseUnavailable")).length
      const before = errorLines()

      proxy.cut()
      try {
        for (let i = 0; i < 3; i++) {
          const page = await browser.send(`${a.url}/dashboard`, { headers: { accept: "text/html" } })
          const text = await page.text()
          if (variant.strategy === "database") {
            expect(page.status).toBe(503)
            expect(page.headers.get("location")).toBeNull()
            expect(page.headers.get("retry-after")).toBe("5")
            expect(text).toContain("Temporarily unavailable")
          } else {
            // The jwt session reads without the database: the dashboard still renders for its user.
            expect(page.status).toBe(200)
            expect(text).toContain("Welcome")
          }
          expect(text).not.toMatch(/\n\s+at\s|node_modules|Prisma|ECONN/)
        }
        const session = await browser.send(`${a.url}/api/auth/session`)
        if (variant.strategy === "database") {
          expect(session.status).toBe(503)
          expect(await session.json()).toMatchObject({ error: "DatabaseUnavailable" })
          // The home page says so too, rather than "Not signed in".
          const home = await (await browser.send(`${a.url}/`, { headers: { accept: "text/html" } })).text()
          expect(home).toContain('data-testid="service-unavailable"')
          expect(home).not.toContain("Not signed in")
        } else {
          expect(session.status).toBe(200)
        }
        // A new sign-in cannot work now: a 503 page, not a 500 or a loop back to sign-in.
        const other = new Client()
        const csrfToken = await other.csrf(a.url)
        const refused = await other.send(`${a.url}/api/auth/callback/credentials`, {
          method: "POST",
          form: { csrfToken, email, password: PASSWORD },
        })
        expect(refused.status).toBe(503)
        expect(await refused.text()).toContain("Temporarily unavailable")
        expect(errorLines() - before).toBeLessThanOrEqual(1)
        if (variant.strategy === "database") expect(errorLines() - before).toBe(1)
      } finally {
        proxy.restore()
      }

      // No restart: the pool reconnects on the next request.
      const page = await browser.send(`${a.url}/dashboard`, { headers: { accept: "text/html" } })
      expect(page.status).toBe(200)
      expect(await page.text()).toContain("Welcome")
      expect(await browser.sessionName(b.url)).not.toBeNull()
      const again = new Client()
      expect(await again.signIn(b.url, email, PASSWORD)).toBe(b.url)
      if (variant.strategy === "database") expect(a.log()).toContain("database-recovered")
    })
  })
}

test.describe("two instances, Redis cut: the revocation channel and the rate-limit store on Redis", () => {
  test.describe.configure({ mode: "serial", timeout: 180_000 })
  const database = `authtest_instances_${randomBytes(5).toString("hex")}`
  const email = `redis-cut-${randomBytes(5).toString("hex")}@example.com`
  const channelName = `auth_revocations_${randomBytes(5).toString("hex")}`
  let redisProxy: TcpProxy
  let a: Instance
  let b: Instance

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    const direct = `${POSTGRES}/${database}`
    const env = { DATABASE_URL: direct, SEED_EMAIL: email, SEED_NAME: "Cut", SEED_PASSWORD: PASSWORD }
    await run([TSX_CLI, "scripts/db-migrate.ts"], env)
    await run([TSX_CLI, "scripts/db-seed.ts"], env)
    redisProxy = await startTcpProxy({ host: "127.0.0.1", port: 6379 })
    const serverEnv = {
      DATABASE_URL: direct,
      AUTH_SESSION_STRATEGY: "jwt",
      AUTH_RATE_LIMIT_STORE: "redis",
      AUTH_REVOCATION_CHANNEL: "redis",
      AUTH_REVOCATION_CHANNEL_NAME: channelName,
      REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
      AUTH_TRUSTED_PROXIES: "1",
      EMAIL_SERVER: "",
    }
    ;[a, b] = await Promise.all([startInstance(serverEnv), startInstance(serverEnv)])
  })

  test.afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await redisProxy?.close()
    const client = new pg.Client({ connectionString: `${POSTGRES}/postgres` })
    await client.connect()
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
    await client.end()
  })

  test("Redis is cut for a few seconds: never a 500, the documented fallbacks, one log line each; then everything works again", async () => {
    const browser = new Client()
    expect(await browser.signIn(a.url, email, PASSWORD)).toBe(a.url)
    const count = (instance: Instance, text: string) => instance.log().split("\n").filter((line) => line.includes(text)).length
    const statuses: number[] = []
    const answer = async (res: Response) => {
      statuses.push(res.status)
      if (res.status === 503) expect(res.headers.get("retry-after")).toMatch(/^\d+$/)
      return res
    }

    redisProxy.cut()
    const cutAt = Date.now()
    try {
      for (const instance of [a, b]) {
        // Pages and the session: the jwt session needs neither Redis nor, warm, the database.
        const page = await answer(await browser.send(`${instance.url}/dashboard`, { headers: { accept: "text/html" } }))
        expect(page.status).toBe(200)
        const html = await page.text()
        expect(html).toContain("Welcome")
        // A production server without SHOW_SESSION_DETAILS: the developer's session panel is not shown.
        expect(html).not.toContain('data-testid="session-details"')
        expect((await answer(await browser.send(`${instance.url}/api/auth/session`))).status).toBe(200)
        // The rate limits cannot count: a wrong password is told so (not "rate limited", not an error page)...
        const stranger = new Client()
        const csrfToken = await stranger.csrf(instance.url)
        const wrong = await answer(
          await stranger.send(`${instance.url}/api/auth/callback/credentials`, { method: "POST", form: { csrfToken, email, password: "wrong password" } }),
        )
        expect(wrong.headers.get("location")).toContain("code=credentials")
        // ...and the right one signs in.
        expect(await new Client().signIn(instance.url, email, PASSWORD)).toBe(instance.url)
      }
      // Keep the cut "a few seconds" long, so that reconnect attempts fail too.
      const left = 3_000 - (Date.now() - cutAt)
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left))
      for (const instance of [a, b]) expect((await answer(await browser.send(`${instance.url}/api/auth/session`))).status).toBe(200)
    } finally {
      redisProxy.restore()
    }
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([])
    for (const instance of [a, b]) {
      expect(count(instance, "revocation-channel-lost"), "one line for the channel's outage").toBe(1)
      expect(count(instance, "RateLimitStoreError"), "the limiter says once that it lets requests through").toBeGreaterThanOrEqual(1)
    }

    // Back without a restart: the channel reconnects by itself and says so once...
    await expect.poll(() => count(a, "revocation-channel-restored") + count(b, "revocation-channel-restored"), { timeout: 20_000 }).toBe(2)
    // ...a revocation reaches B at once again (well within the 60 s delay): stored, then announced on
    // the channel, as the instance that makes it does...
    const victim = new Client()
    expect(await victim.signIn(b.url, email, PASSWORD)).toBe(b.url)
    expect(await victim.sessionName(b.url)).not.toBeNull()
    const db = new pg.Client({ connectionString: `${POSTGRES}/${database}` })
    await db.connect()
    const { rows } = await db.query<{ id: string }>(`UPDATE "User" SET "sessionsValidSince" = now() WHERE email = $1 RETURNING id`, [email])
    await db.end()
    const publisher = new Redis("redis://127.0.0.1:6379")
    await publisher.publish(channelName, rows[0]!.id)
    publisher.disconnect()
    await expect.poll(() => victim.sessionName(b.url), { timeout: 1_000, intervals: [50] }).toBeNull()
    // ...and the counters count across both instances again.
    const target = `after-cut-${randomBytes(4).toString("hex")}@example.com`
    const counter = new Client()
    for (let i = 0; i < 5; i++) {
      expect(await counter.signIn(i % 2 === 0 ? a.url : b.url, target, "wrong password")).toContain("code=credentials")
    }
    expect(await counter.signIn(b.url, target, "wrong password")).toContain("code=rate_limited")
  })
})
