/**
 * requireRecentAuthentication for Express (step-up, ASVS 7.5.1): a recent
 * proof lets the route run; a stale one is answered with a 303 to the
 * re-authenticate page (pages.reauthenticate when set) and the route does not
 * run; signed out goes to sign-in. A two-factor user's password alone (or
 * any try without the second factor) at the re-authenticate endpoint leaves
 * the guarded two-factor actions refused; password and code open them. Real
 * Express 5 server on loopback, both session strategies.
 */
import { afterAll, describe, expect, it } from "vitest"
import { type AuthConfig, disableTwoFactor, regenerateRecoveryCodes } from "@/lib/auth"
import { ExpressAuth, requireRecentAuthentication } from "@/lib/auth/express"
import { alice, aliceConfig, Browser, withEnv } from "../support"
import { ada, ageMemoryProof, ageProof, memoryDatabase, passwords, stepUpConfig, turnOnTwoFactor } from "../step-up/support"
import { direct, express, listen, type RunningServer } from "./server"

const servers: RunningServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
})

async function serve(config: AuthConfig) {
  const app = express()
  app.use("/api/auth", ExpressAuth(config))
  let ran = 0
  app.post("/settings/password", async (req, res) => {
    const session = await requireRecentAuthentication(req, res, config, { callbackUrl: "/settings" })
    if (!session) return
    ran++
    res.json({ changedFor: session.user?.email })
  })
  const server = await listen(app)
  servers.push(server)
  return { client: new Browser(config, server.origin, direct()), runs: () => ran }
}

async function signIn(client: Browser): Promise<void> {
  const { csrfToken } = (await (await client.send("/api/auth/csrf")).json()) as { csrfToken: string }
  const res = await client.send("/api/auth/callback/credentials", { form: { csrfToken, email: alice.email, password: "correct" } })
  expect(res.status).toBe(302)
}

describe("requireRecentAuthentication (Express)", () => {
  it("runs the route on a recent proof, redirects a stale one to re-authenticate and a signed-out one to sign-in", async () => {
    await withEnv({ AUTH_URL: undefined, NEXTAUTH_URL: undefined }, async () => {
      // Declared, so the guard knows it before any auth route has been requested.
      const { client, runs } = await serve({ ...aliceConfig(), basePath: "/api/auth" })
      const signedOut = await client.send("/settings/password", { method: "POST" })
      expect(signedOut.status).toBe(303)
      expect(signedOut.headers.get("location")).toBe("/api/auth/signin?callbackUrl=%2Fsettings")

      await signIn(client)
      const fresh = await client.send("/settings/password", { method: "POST" })
      expect(fresh.status).toBe(200)
      expect(await fresh.json()).toEqual({ changedFor: alice.email })

      await ageProof(client, 601)
      const stale = await client.send("/settings/password", { method: "POST" })
      expect(stale.status).toBe(303)
      expect(stale.headers.get("location")).toBe("/api/auth/reauthenticate?callbackUrl=%2Fsettings")
      expect(runs()).toBe(1)
    })
  })

  it("sends a stale proof to pages.reauthenticate when the app has its own page", async () => {
    await withEnv({ AUTH_URL: undefined, NEXTAUTH_URL: undefined }, async () => {
      const { client } = await serve({ ...aliceConfig(), basePath: "/api/auth", pages: { reauthenticate: "/confirm" } })
      await signIn(client)
      await ageProof(client, 3600)
      const stale = await client.send("/settings/password", { method: "POST" })
      expect(stale.headers.get("location")).toBe("/confirm?callbackUrl=%2Fsettings")
    })
  })
})

describe.each(["database", "jwt"] as const)("a two-factor user's step-up through Express (%s strategy)", (strategy) => {
  /** The app's two-factor actions behind the guard, as Settings has them. */
  async function serveTwoFactor(config: AuthConfig) {
    const app = express()
    app.use("/api/auth", ExpressAuth(config))
    const userIdOf = (email: unknown) => (email === ada.email ? ada.id : null)
    app.post("/settings/recovery-codes", async (req, res) => {
      const session = await requireRecentAuthentication(req, res, config, { callbackUrl: "/settings" })
      if (!session) return
      res.json({ codes: (await regenerateRecoveryCodes(config, userIdOf(session.user?.email)!)).length })
    })
    app.post("/settings/two-factor/off", async (req, res) => {
      const session = await requireRecentAuthentication(req, res, config, { callbackUrl: "/settings" })
      if (!session) return
      await disableTwoFactor(config, userIdOf(session.user?.email)!)
      res.json({ off: true })
    })
    const server = await listen(app)
    servers.push(server)
    return new Browser(config, server.origin, direct())
  }

  async function csrfToken(client: Browser): Promise<string> {
    return ((await (await client.send("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken
  }

  it("the password alone gets no proof and the actions stay refused; password and code open them", async () => {
    await withEnv({ AUTH_URL: undefined, NEXTAUTH_URL: undefined }, async () => {
      const db = memoryDatabase()
      const config = stepUpConfig(strategy, db, { basePath: "/api/auth" })
      const client = await serveTwoFactor(config)
      const signedIn = await client.send("/api/auth/callback/credentials", {
        form: { csrfToken: await csrfToken(client), email: ada.email!, password: passwords[ada.email!]! },
      })
      expect(signedIn.status).toBe(302)
      const { totp, recovery } = await turnOnTwoFactor(config, db, ada.id)
      // The attacker: the password, and a session whose proof is an hour old.
      await ageMemoryProof(db, client, 3600)

      const withoutSecondFactor: Record<string, string>[] = [
        { method: "password", password: passwords[ada.email!]! },
        { method: "password", password: passwords[ada.email!]!, code: "000000" },
        { method: "code", code: recovery[0]! },
      ]
      for (const form of withoutSecondFactor) {
        const tried = await client.send("/api/auth/reauthenticate", { form: { csrfToken: await csrfToken(client), callbackUrl: "/settings", ...form } })
        expect(tried.status).toBe(302)
        expect(new URL(tried.headers.get("location")!).searchParams.get("error")).toMatch(/^(missing_code|wrong_password_or_code|unavailable_method)$/)
        for (const action of ["/settings/recovery-codes", "/settings/two-factor/off"]) {
          const refused = await client.send(action, { method: "POST" })
          expect(refused.status).toBe(303)
          expect(refused.headers.get("location")).toBe("/api/auth/reauthenticate?callbackUrl=%2Fsettings")
        }
        expect(db.twoFactor.has(ada.id)).toBe(true)
      }

      const confirmed = await client.send("/api/auth/reauthenticate", {
        form: { csrfToken: await csrfToken(client), callbackUrl: "/settings", method: "password", password: passwords[ada.email!]!, code: totp.generate() },
      })
      expect(confirmed.status).toBe(302)
      expect(new URL(confirmed.headers.get("location")!).pathname).toBe("/settings")
      const regenerated = await client.send("/settings/recovery-codes", { method: "POST" })
      expect(regenerated.status).toBe(200)
      expect(await regenerated.json()).toEqual({ codes: 10 })
      expect((await client.send("/settings/two-factor/off", { method: "POST" })).status).toBe(200)
      expect(db.twoFactor.has(ada.id)).toBe(false)
    })
  })
})
