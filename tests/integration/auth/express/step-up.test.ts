/**
 * requireRecentAuthentication for Express (step-up, ASVS 7.5.1): a recent
 * proof lets the route run; a stale one is answered with a 303 to the
 * re-authenticate page (pages.reauthenticate when set) and the route does not
 * run; signed out goes to sign-in. Real Express 5 server on loopback.
 */
import { afterAll, describe, expect, it } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { ExpressAuth, requireRecentAuthentication } from "@/lib/auth/express"
import { alice, aliceConfig, Browser, withEnv } from "../support"
import { ageProof } from "../step-up/support"
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
