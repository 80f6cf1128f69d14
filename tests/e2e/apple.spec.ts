/**
 * Sign in with Apple in real Chromium, against the stand-in IdP on
 * https://127.0.0.1 while the app is on http://localhost: Apple's page POSTs
 * to the callback cross-site (no Lax cookie goes with it), the app's relay
 * page posts it again same-origin (the cookies go), and the user ends signed
 * in with the name Apple sent once. No cookie is ever SameSite=None. A
 * server of its own (the Apple button would change the shared servers'
 * sign-in page and its visual baselines), one per session strategy.
 */
import { readFileSync } from "node:fs"
import { expect, test, type Page } from "@playwright/test"
import { appleSigningKey, startAppleIdp, type AppleIdp } from "../helpers/apple-idp"
import { freePort, seededDatabase, startNextServer, type StartedServer } from "../helpers/next-start"

const CLIENT = { clientId: "com.example.e2e.web", teamId: "E2ETEAM001", keyId: "E2EKEY0001" }
const SECRET = "apple-spec-secret-not-for-production-0123456789"

async function signInWithApple(page: Page, origin: string): Promise<{ fetchSite: string; cookie: string }[]> {
  const callbacks: Promise<{ fetchSite: string; cookie: string }>[] = []
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url() === `${origin}/api/auth/callback/apple`) {
      callbacks.push(request.allHeaders().then((h) => ({ fetchSite: h["sec-fetch-site"] ?? "", cookie: h.cookie ?? "" })))
    }
  })
  await page.goto(`${origin}/api/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/dashboard`)}`)
  await page.getByRole("button", { name: "Sign in with Apple" }).click()
  await expect(page).toHaveURL(`${origin}/dashboard`, { timeout: 30_000 })
  return Promise.all(callbacks)
}

for (const strategy of ["jwt", "database"] as const) {
  test(`${strategy}: Apple's cross-site form_post ends signed in, with the first sign-in's name, and Lax cookies only`, async ({ browser }) => {
    test.setTimeout(180_000)
    const key = await appleSigningKey()
    const port = await freePort()
    const origin = `http://localhost:${port}`
    const tls = { cert: readFileSync(process.env.TEST_TLS_CERT!, "utf8"), key: readFileSync(process.env.TEST_TLS_KEY!, "utf8") }
    let idp: AppleIdp | undefined
    let server: StartedServer | undefined
    const db = await seededDatabase()
    try {
      idp = await startAppleIdp({ ...CLIENT, publicKey: key.publicKey, redirectUris: [`${origin}/api/auth/callback/apple`] }, { tls })
      idp.user = { sub: `001.e2e.${strategy}`, email: `ada-${strategy}@privaterelay.appleid.com`, firstName: "Ada", lastName: "Lovelace", privateEmail: true }
      server = await startNextServer(
        {
          DATABASE_URL: db.url,
          AUTH_URL: origin,
          AUTH_SECRET: SECRET,
          AUTH_SESSION_STRATEGY: strategy,
          AUTH_APPLE_ID: CLIENT.clientId,
          AUTH_APPLE_TEAM_ID: CLIENT.teamId,
          AUTH_APPLE_KEY_ID: CLIENT.keyId,
          // One line, as in a .env file.
          AUTH_APPLE_PRIVATE_KEY: key.privateKeyPem.trim().replace(/\n/g, "\\n"),
          AUTH_APPLE_ISSUER: idp.issuer,
          NODE_EXTRA_CA_CERTS: process.env.E2E_TRUST_FILE!,
        },
        port,
      )

      const first = await browser.newContext()
      const page = await first.newPage()
      const posts = await signInWithApple(page, origin)
      // Apple's POST came cross-site without the check cookies; the relay's came same-origin with them.
      expect(posts).toHaveLength(2)
      expect(posts[0]!.fetchSite).toBe("cross-site")
      expect(posts[0]!.cookie).not.toContain("authjs.state")
      expect(posts[1]!.fetchSite).toBe("same-origin")
      expect(posts[1]!.cookie).toContain("authjs.state")

      const session = (await (await page.request.get(`${origin}/api/auth/session`)).json()) as { user?: { name?: string; email?: string } }
      expect(session.user).toMatchObject({ name: "Ada Lovelace", email: idp.user.email })
      const cookies = await first.cookies(origin)
      const sessionCookie = cookies.find((c) => c.name === "authjs.session-token")
      expect(sessionCookie?.sameSite).toBe("Lax")
      expect(cookies.filter((c) => c.name.startsWith("authjs.") && c.sameSite !== "Lax").map((c) => c.name)).toEqual([])
      expect(idp.secrets.every((s) => s.accepted)).toBe(true)

      // Another browser, a later sign-in: Apple sends no name, and the stored one stays.
      const second = await browser.newContext()
      const again = await second.newPage()
      await signInWithApple(again, origin)
      const later = (await (await again.request.get(`${origin}/api/auth/session`)).json()) as { user?: { name?: string } }
      expect(later.user?.name).toBe("Ada Lovelace")
      await first.close()
      await second.close()
    } catch (error) {
      if (server) console.log(server.output())
      throw error
    } finally {
      await server?.stop()
      await idp?.close()
      db.cleanup()
    }
  })
}
