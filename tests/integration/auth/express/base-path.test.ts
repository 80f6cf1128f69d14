/**
 * Where the Express variant's auth routes live: where the middleware is
 * mounted. A `basePath` contradicted by the path of AUTH_URL is refused when
 * ExpressAuth is created; a mount contradicted by either is logged once,
 * naming both paths, and answered with the configuration error (500), never
 * a silent 400 on every route. Real Express 5 server on loopback.
 */
import { afterAll, describe, expect, it } from "vitest"
import type { Express } from "express"
import { type AuthConfig, BasePathMismatch } from "@/lib/auth"
import { ExpressAuth, getSession } from "@/lib/auth/express"
import { alice, aliceConfig, Browser, expectNoInternals, withEnv } from "../support"
import { direct, express, listen, type RunningServer } from "./server"

const servers: RunningServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
})

/** A config whose logger records every error with its code. */
function recordedConfig(extra: Partial<AuthConfig> = {}) {
  const errors: Array<{ code: string; error: unknown }> = []
  const config: AuthConfig = {
    ...aliceConfig(),
    logger: { error: (code, error) => void errors.push({ code, error }), warn: () => {}, debug: () => {} },
    ...extra,
  }
  return { config, errors }
}

async function serve(config: AuthConfig, setup: (app: Express) => void) {
  const app = express()
  setup(app)
  const server = await listen(app)
  servers.push(server)
  return { server, client: new Browser(config, server.origin, direct()) }
}

async function signIn(client: Browser, base: string): Promise<Response> {
  const { csrfToken } = (await (await client.send(`${base}/csrf`)).json()) as { csrfToken: string }
  return client.send(`${base}/callback/credentials`, { form: { csrfToken, email: alice.email, password: "correct" } })
}

const ROUTES = ["/providers", "/session", "/csrf", "/signin", "/signout", "/error"]

describe("the mount point is the base path", () => {
  it("mounted at /api/auth, AUTH_URL without a path: the routes answer there, links point there, getSession reads the session", async () => {
    await withEnv({ AUTH_URL: undefined, NEXTAUTH_URL: undefined }, async () => {
      const { config } = recordedConfig()
      const { client } = await serve(config, (app) => {
        app.use("/api/auth", ExpressAuth(config))
        app.get("/me", async (req, res) => void res.json(await getSession(req, config)))
      })
      const providers = (await (await client.send("/api/auth/providers")).json()) as { credentials: { callbackUrl: string } }
      expect(providers.credentials.callbackUrl).toBe(`${client.origin}/api/auth/callback/credentials`)
      expect((await signIn(client, "/api/auth")).status).toBe(302)
      const me = (await (await client.send("/me")).json()) as { user: { email: string } }
      expect(me.user.email).toBe(alice.email)
    })
  })

  it("AUTH_URL whose path is the mount: every route works", async () => {
    const { config, errors } = recordedConfig()
    const { server } = await serve(config, (app) => app.use("/api/auth", ExpressAuth(config)))
    await withEnv({ AUTH_URL: `${server.origin}/api/auth` }, async () => {
      const client = new Browser(config, server.origin, direct())
      for (const route of ROUTES) expect((await client.send(`/api/auth${route}`)).status, route).toBeLessThan(400)
      expect((await signIn(client, "/api/auth")).headers.get("location")).toBe(server.origin)
    })
    expect(errors).toEqual([])
  })
})

describe("a base path that contradicts the mount", () => {
  it("AUTH_URL=…/auth but mounted at /api/auth: one log line naming both paths, a 500 configuration answer on every route (not 400)", async () => {
    const { config, errors } = recordedConfig()
    const { server } = await serve(config, (app) => app.use("/api/auth", ExpressAuth(config)))
    await withEnv({ AUTH_URL: `${server.origin}/auth` }, async () => {
      const client = new Browser(config, server.origin, direct())
      for (const route of ROUTES) {
        const res = await client.send(`/api/auth${route}`)
        expect(res.status, route).toBe(500)
        const text = await res.text()
        expectNoInternals(text)
        expect(JSON.parse(text)).toMatchObject({ message: expect.stringContaining("server configuration") })
      }
      // A POST with a body gets the same answer and leaves the body settled.
      expect((await client.send("/api/auth/callback/credentials", { form: { email: alice.email } })).status).toBe(500)
    })
    expect(errors).toHaveLength(1)
    expect(errors[0].code).toBe("BasePathMismatch")
    expect(errors[0].error).toBeInstanceOf(BasePathMismatch)
    const message = (errors[0].error as Error).message
    expect(message).toContain(`mounted at /api/auth but the path of AUTH_URL (${server.origin}/auth) is /auth`)
    expect(errors[0].error).toMatchObject({ code: "base_path_mismatch" })
  })

  it("basePath /auth in the config, mounted at /api/auth: logged once and answered 500", async () => {
    await withEnv({ AUTH_URL: undefined, NEXTAUTH_URL: undefined }, async () => {
      const { config, errors } = recordedConfig({ basePath: "/auth" })
      const { client } = await serve(config, (app) => app.use("/api/auth", ExpressAuth(config)))
      expect((await client.send("/api/auth/providers")).status).toBe(500)
      expect((await client.send("/api/auth/session")).status).toBe(500)
      expect(errors.map((e) => e.code)).toEqual(["BasePathMismatch"])
      expect((errors[0].error as Error).message).toMatch(/mounted at \/api\/auth but basePath is \/auth/)
    })
  })

  it("basePath the path of AUTH_URL contradicts: ExpressAuth throws when it is created, naming both", async () => {
    await withEnv({ AUTH_URL: "https://app.example.test/auth" }, async () => {
      const { config } = recordedConfig({ basePath: "/api/auth" })
      expect(() => ExpressAuth(config)).toThrow(BasePathMismatch)
      expect(() => ExpressAuth(config)).toThrow(/AUTH_URL \(\/auth\) differs from basePath \(\/api\/auth\)/)
      // The same path (a trailing slash aside) is no conflict.
      expect(() => ExpressAuth({ ...config, basePath: "/auth/" })).not.toThrow()
    })
  })
})
