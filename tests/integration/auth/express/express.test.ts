/**
 * What only the Express variant has to get right, on a real Express 5 server
 * on loopback: how it is mounted, bodies a parser already read, errors handed
 * to next(), getSession in the app's own routes (both strategies, Prisma on
 * SQLite), `trust proxy` on and off, and the OAuth (local OIDC provider),
 * email (local SMTP server) and passkey (software authenticator) sign-ins
 * through the middleware.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Express, RequestHandler } from "express"
import type { AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { ExpressAuth, getSession } from "@/lib/auth/express"
import Nodemailer from "@/lib/auth/providers/nodemailer"
import OIDC from "@/lib/auth/providers/oidc"
import Passkey from "@/lib/auth/providers/passkey"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { IdpBrowser, type OidcServer, startOidcServer } from "@/tests/helpers/oidc-provider"
import { SoftAuthenticator } from "@/tests/helpers/soft-authenticator"
import { linkIn, smtpTransportOptions, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"
import { alice, aliceConfig, BASE, Browser, expectBaseAttributes, expectNoInternals, recordingLogger, SECRET, setCookie } from "../support"
import { direct, express, listen, type RunningServer, viaProxy } from "./server"

const SESSION = "authjs.session-token"
const PUBLIC = "https://app.example.test"

interface Harness {
  server: RunningServer
  browser(transport?: ReturnType<typeof direct>, origin?: string): Browser
}

/** An Express app built by `setup`, listening on loopback; closed after the file. */
const servers: RunningServer[] = []
async function serve(config: AuthConfig, setup: (app: Express) => void): Promise<Harness> {
  const app = express()
  setup(app)
  const server = await listen(app)
  servers.push(server)
  return {
    server,
    browser: (transport = direct(), origin = server.origin) => new Browser(config, origin, transport),
  }
}
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
})

function credentialsConfig(extra: Partial<AuthConfig> = {}): AuthConfig {
  return { ...aliceConfig(), ...extra }
}

async function signIn(browser: Browser, base = BASE): Promise<Response> {
  const res = await browser.send(`${base}/csrf`)
  const { csrfToken } = (await res.json()) as { csrfToken: string }
  return browser.send(`${base}/callback/credentials`, { form: { csrfToken, email: alice.email, password: "correct" } })
}

/** The protected route of docs/express-and-sveltekit.md: 401 without a session, the session otherwise. */
function protectedRoute(config: AuthConfig): RequestHandler {
  return async (req, res) => {
    const session = await getSession(req, config)
    if (!session?.user) {
      res.status(401).json({ error: "Unauthorized" })
      return
    }
    res.json(session)
  }
}

describe("mounting", () => {
  it.each([
    ["app.use('/auth', …)", "/auth", (app: Express, mw: RequestHandler) => app.use("/auth", mw)],
    ["app.use('/auth/*splat', …)", "/auth", (app: Express, mw: RequestHandler) => app.use("/auth/*splat", mw)],
    ["a router at /account/auth", "/account/auth", (app: Express, mw: RequestHandler) => {
      const router = express.Router()
      router.use("/auth", mw)
      app.use("/account", router)
    }],
  ])("without basePath, %s serves the routes where it is mounted", async (_label, base, mount) => {
    const config = credentialsConfig()
    const { browser } = await serve(config, (app) => mount(app, ExpressAuth(config)))
    const client = browser()
    const res = await client.send(`${base}/providers`)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { credentials: { callbackUrl: string } }
    expect(body.credentials.callbackUrl).toBe(`${client.origin}${base}/callback/credentials`)
    expect((await signIn(client, base)).status).toBe(302)
    expect(setCookie(await client.send(`${base}/session`), SESSION)).toBeUndefined()
    expect(((await (await client.send(`${base}/session`)).json()) as { user: { email: string } }).user.email).toBe(alice.email)
  })

  it("routes outside the mount are the app's own", async () => {
    const config = credentialsConfig()
    const { browser } = await serve(config, (app) => {
      app.use("/auth", ExpressAuth(config))
      app.get("/hello", (_req, res) => void res.send("app"))
    })
    expect(await (await browser().send("/hello")).text()).toBe("app")
  })
})

describe("bodies a parser already read", () => {
  it.each([
    ["express.urlencoded", () => express.urlencoded({ extended: true }), "form"],
    ["express.json", () => express.json(), "json"],
    ["express.raw", () => express.raw({ type: "*/*" }), "form"],
    ["express.text", () => express.text({ type: "*/*" }), "form"],
  ] as const)("%s before the middleware: the sign-in still reads its fields", async (_label, parser, kind) => {
    const config = credentialsConfig()
    const { browser } = await serve(config, (app) => {
      app.use(parser())
      app.use("/auth", ExpressAuth(config))
    })
    const client = browser()
    const { csrfToken } = (await (await client.send(`${BASE}/csrf`)).json()) as { csrfToken: string }
    const fields = { csrfToken, email: alice.email, password: "correct", callbackUrl: "/after" }
    const res = await client.send(`${BASE}/callback/credentials`, kind === "json" ? { json: fields } : { form: fields })
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(`${client.origin}/after`)
    expect(setCookie(res, SESSION)).toBeDefined()
  })
})

describe("errors", () => {
  it("a failure in the layer goes to next(): the app's error handler answers, not a crash", async () => {
    const config = credentialsConfig()
    const seen: unknown[] = []
    const { browser } = await serve(config, (app) => {
      // A body an earlier middleware left that cannot be written again as JSON.
      app.use((req, _res, next) => {
        const body: Record<string, unknown> = {}
        body.self = body
        req.body = body
        next()
      })
      app.use("/auth", ExpressAuth(config))
      app.use(((error, _req, res, _next) => {
        seen.push(error)
        res.status(500).send("handled by the app")
      }) as express.ErrorRequestHandler)
    })
    const res = await browser().send(`${BASE}/callback/credentials`, { json: { csrfToken: "x" } })
    expect(res.status).toBe(500)
    expect(await res.text()).toBe("handled by the app")
    expect(seen).toHaveLength(1)
    expect(seen[0]).toBeInstanceOf(TypeError)
  })

  it("an oversized streamed body is refused with 413 and the server stays up", async () => {
    const config = credentialsConfig()
    const { browser } = await serve(config, (app) => app.use("/auth", ExpressAuth(config)))
    const client = browser()
    const res = await client.send(`${BASE}/callback/credentials`, {
      body: "x".repeat(200 * 1024),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    })
    expect(res.status).toBe(413)
    expectNoInternals(await res.text())
    expect((await client.send(`${BASE}/providers`)).status).toBe(200)
  })
})

describe.each(["jwt", "database"] as const)("getSession in a protected route (%s strategy)", (strategy) => {
  let db: TestDatabase
  let harness: Harness
  let config: AuthConfig

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    await db.prisma.user.create({ data: { id: alice.id, email: alice.email, name: alice.name } })
    // updateAge 0: every read renews the session, so the route must pass the new cookie on.
    config = credentialsConfig({ adapter: PrismaAdapter(db.prisma), session: { strategy, updateAge: 0 } })
    harness = await serve(config, (app) => {
      app.use("/auth", ExpressAuth(config))
      app.get("/dashboard", protectedRoute(config))
    })
  })
  afterAll(async () => {
    await db.cleanup()
  })

  it("401 without a session; the user after sign-in; the renewed cookie reaches the browser", async () => {
    const client = harness.browser()
    expect((await client.send("/dashboard")).status).toBe(401)
    expect((await signIn(client)).status).toBe(302)
    const before = strategy === "database" ? await db.prisma.session.findFirstOrThrow() : undefined

    await new Promise((resolve) => setTimeout(resolve, 1100))
    const res = await client.send("/dashboard")
    expect(res.status).toBe(200)
    const session = (await res.json()) as { user: { email: string; name: string } }
    expect(session.user).toMatchObject({ email: alice.email, name: alice.name })
    const renewed = setCookie(res, SESSION)!
    expect(renewed).toBeDefined()
    expectBaseAttributes(renewed, false)
    if (before) {
      const after = await db.prisma.session.findFirstOrThrow()
      expect(after.expires.valueOf()).toBeGreaterThan(before.expires.valueOf())
    }
  })

  it("after sign-out the route is closed again (database: the row is gone)", async () => {
    const client = harness.browser()
    const rowsBefore = await db.prisma.session.count()
    await signIn(client)
    if (strategy === "database") expect(await db.prisma.session.count()).toBe(rowsBefore + 1)
    const { csrfToken } = (await (await client.send(`${BASE}/csrf`)).json()) as { csrfToken: string }
    await client.send(`${BASE}/signout`, { form: { csrfToken } })
    expect((await client.send("/dashboard")).status).toBe(401)
    if (strategy === "database") expect(await db.prisma.session.count()).toBe(rowsBefore)
  })

  it("a forged or stale cookie reads as no session", async () => {
    const client = harness.browser()
    client.jar.set(SESSION, "forged-value")
    expect((await client.send("/dashboard")).status).toBe(401)
  })
})

describe("trust proxy", () => {
  async function behindProxy(trust: boolean) {
    const config = credentialsConfig()
    const harness = await serve(config, (app) => {
      if (trust) app.set("trust proxy", "loopback")
      app.use("/auth", ExpressAuth(config))
      app.get("/dashboard", protectedRoute(config))
    })
    return { ...harness, client: harness.browser(viaProxy(harness.server.origin, PUBLIC), trust ? PUBLIC : harness.server.origin) }
  }

  it("on: https and the public host come from X-Forwarded-*; cookies are __Secure-/__Host- and Secure", async () => {
    const { client } = await behindProxy(true)
    const providers = (await (await client.send(`${BASE}/providers`)).json()) as { credentials: { callbackUrl: string } }
    expect(providers.credentials.callbackUrl).toBe(`${PUBLIC}/auth/callback/credentials`)
    const csrf = await client.send(`${BASE}/csrf`)
    expectBaseAttributes(setCookie(csrf, "__Host-authjs.csrf-token")!, true)
    const res = await signIn(client)
    expect(res.headers.get("location")).toBe(PUBLIC)
    expectBaseAttributes(setCookie(res, `__Secure-${SESSION}`)!, true)
    // getSession reads the __Secure- cookie because it sees the same https origin.
    expect((await client.send("/dashboard")).status).toBe(200)
  })

  it("off: the forwarded headers are ignored; plain http, the server's own host, no Secure", async () => {
    const { client, server } = await behindProxy(false)
    const providers = (await (await client.send(`${BASE}/providers`)).json()) as { credentials: { callbackUrl: string } }
    expect(providers.credentials.callbackUrl).toBe(`${server.origin}/auth/callback/credentials`)
    const res = await signIn(client)
    expect(res.headers.get("location")).toBe(server.origin)
    const cookie = setCookie(res, SESSION)!
    expectBaseAttributes(cookie, false)
    expect(setCookie(res, `__Secure-${SESSION}`)).toBeUndefined()
    expect((await client.send("/dashboard")).status).toBe(200)
  })

  it("off: a direct client's forged X-Forwarded-Host/-Proto change neither links, redirects, cookies nor getSession", async () => {
    const config = credentialsConfig()
    const { server } = await serve(config, (app) => {
      app.use("/auth", ExpressAuth(config))
      app.get("/dashboard", protectedRoute(config))
    })
    const forged = { "x-forwarded-host": "evil.example.test", "x-forwarded-proto": "https" }
    const client = new Browser(config, server.origin, (request) => {
      const headers = new Headers(request.headers)
      for (const [name, value] of Object.entries(forged)) headers.set(name, value)
      return fetch(new Request(request, { headers }), { redirect: "manual" })
    })
    const providers = (await (await client.send(`${BASE}/providers`)).json()) as { credentials: { callbackUrl: string } }
    expect(providers.credentials.callbackUrl).toBe(`${server.origin}/auth/callback/credentials`)
    const res = await signIn(client)
    expect(res.headers.get("location")).toBe(server.origin)
    expect(setCookie(res, `__Secure-${SESSION}`)).toBeUndefined()
    expectBaseAttributes(setCookie(res, SESSION)!, false)
    const dashboard = await client.send("/dashboard")
    expect(dashboard.status).toBe(200)
    expect(JSON.stringify(await dashboard.json())).not.toContain("evil.example.test")
  })

  it("AUTH_URL pins the origin whatever the headers say", async () => {
    const previous = process.env.AUTH_URL
    process.env.AUTH_URL = "https://pinned.example.test/auth"
    try {
      const config = credentialsConfig()
      const { server } = await serve(config, (app) => app.use("/auth", ExpressAuth(config)))
      const client = new Browser(config, server.origin, viaProxy(server.origin, "https://attacker.example.test"))
      const body = (await (await client.send(`${BASE}/providers`)).json()) as { credentials: { callbackUrl: string } }
      expect(body.credentials.callbackUrl).toBe("https://pinned.example.test/auth/callback/credentials")
    } finally {
      if (previous === undefined) delete process.env.AUTH_URL
      else process.env.AUTH_URL = previous
    }
  })
})

describe.each(["jwt", "database"] as const)("OAuth, email and passkey sign-in through the middleware (%s strategy)", (strategy) => {
  let db: TestDatabase
  let idp: OidcServer
  let smtp: TestSmtpServer
  let client: Browser
  let origin: string

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    smtp = await startSmtpServer()
    // The callback URL must be registered before the provider starts, so the app listens first.
    let current: RequestHandler = (_req, res) => void res.status(503).end()
    const app = express()
    app.use("/auth", (req, res, next) => current(req, res, next))
    const server = await listen(app)
    servers.push(server)
    origin = server.origin
    idp = await startOidcServer({
      redirectUris: [`${origin}${BASE}/callback/oidc`],
      accounts: [{ sub: "carol", email: "carol@example.test", name: "Carol" }],
    })
    const config: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      rateLimit: false,
      logger: recordingLogger().logger,
      adapter: PrismaAdapter(db.prisma),
      session: { strategy },
      providers: [
        OIDC({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }),
        Nodemailer({ server: smtpTransportOptions(smtp.port), from: "Site <no-reply@example.test>" }),
        Passkey(),
      ],
      experimental: { enableWebAuthn: true },
    }
    current = ExpressAuth(config)
    client = new Browser(config, origin, direct())
  })
  afterAll(async () => {
    await idp.close()
    await smtp.close()
    await db.cleanup()
  })

  async function csrfToken(): Promise<string> {
    return ((await (await client.send(`${BASE}/csrf`)).json()) as { csrfToken: string }).csrfToken
  }

  it("OIDC: POST /signin/oidc → the provider's login → the callback signs the user in", async () => {
    client.jar.clear()
    const start = await client.send(`${BASE}/signin/oidc`, { form: { csrfToken: await csrfToken(), callbackUrl: "/after" } })
    expect(start.status).toBe(302)
    const authorization = new URL(start.headers.get("location")!)
    expect(authorization.origin).toBe(new URL(idp.issuer).origin)
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${origin}${BASE}/callback/oidc`)
    const callback = new URL(await new IdpBrowser().authorize(authorization.href, "carol"))
    const res = await client.send(`${callback.pathname}${callback.search}`)
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(`${origin}/after`)
    const session = (await (await client.send(`${BASE}/session`)).json()) as { user: { email: string } }
    expect(session.user.email).toBe("carol@example.test")
    expect(await db.prisma.account.count({ where: { provider: "oidc", providerAccountId: "carol" } })).toBe(1)
  })

  it("email: the mailed link, opened through the middleware, signs the user in", async () => {
    client.jar.clear()
    const email = `dave-${strategy}@example.test`
    const res = await client.send(`${BASE}/signin/nodemailer`, { form: { csrfToken: await csrfToken(), email } })
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toBe(`${origin}${BASE}/verify-request?provider=nodemailer&type=email`)
    // Without AUTH_URL the link is on the local server (http://localhost:$PORT), never the request's host.
    const link = new URL(linkIn(await smtp.waitFor(email), `http://localhost:${process.env.PORT ?? 3000}${BASE}/callback/nodemailer?`))
    const landed = await client.send(`${link.pathname}${link.search}`)
    expect(landed.status).toBe(302)
    const session = (await (await client.send(`${BASE}/session`)).json()) as { user: { email: string } }
    expect(session.user.email).toBe(email)
  })

  it("passkey: register through the middleware, then sign in again with the same authenticator", async () => {
    const authenticator = new SoftAuthenticator()
    const email = `erin-${strategy}@example.test`
    async function ceremony(query: Record<string, string>, act: "register" | "authenticate") {
      const res = await client.send(`${BASE}/webauthn-options/passkey?${new URLSearchParams(query)}`)
      expect(res.status, await res.clone().text()).toBe(200)
      const { options } = (await res.json()) as { options: Parameters<SoftAuthenticator["authenticate"]>[0] }
      const data =
        act === "register"
          ? authenticator.register(options as Parameters<SoftAuthenticator["register"]>[0], { origin })
          : authenticator.authenticate(options, { origin })
      return client.send(`${BASE}/callback/passkey`, {
        form: { action: act, data: JSON.stringify(data), callbackUrl: "/dashboard", csrfToken: await csrfToken() },
      })
    }
    client.jar.clear()
    const registered = await ceremony({ action: "register", email }, "register")
    expect(registered.status).toBe(302)
    expect(registered.headers.get("location")).toBe(`${origin}/dashboard`)
    client.jar.clear()
    const again = await ceremony({ action: "authenticate" }, "authenticate")
    expect(again.headers.get("location")).toBe(`${origin}/dashboard`)
    const session = (await (await client.send(`${BASE}/session`)).json()) as { user: { email: string } }
    expect(session.user.email).toBe(email)
  })
})
