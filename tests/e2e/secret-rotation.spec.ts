/**
 * Rotating AUTH_SECRET the way an operator does: the old value moves to
 * AUTH_SECRET_1, a new one becomes AUTH_SECRET, and the server restarts.
 * Sessions made before survive, and so does a sign-in form a user opened
 * before the restart and submits after it (its CSRF token was made with the
 * old secret). Once the old secret is dropped too, those old tokens stop
 * working and the sessions issued after the rotation keep working.
 * `next start` of the existing build, restarted on one port and one database,
 * for each session strategy.
 */
import { expect, test } from "@playwright/test"
import { freePort, SEED, seededDatabase, startNextServer, type StartedServer } from "../helpers/next-start"

const OLD = "rotation-spec-old-secret-not-for-production-0123"
const NEW = "rotation-spec-new-secret-not-for-production-4567"

for (const strategy of ["jwt", "database"] as const) {
  test(`${strategy}: sessions and open sign-in forms survive moving the old secret to AUTH_SECRET_1`, async ({ browser }) => {
    test.setTimeout(180_000)
    const db = await seededDatabase()
    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    const start = (secrets: Record<string, string>) =>
      startNextServer({ DATABASE_URL: db.url, AUTH_URL: origin, AUTH_SESSION_STRATEGY: strategy, AUTH_SECRET_1: "", ...secrets }, port)
    let server: StartedServer | undefined
    try {
      server = await start({ AUTH_SECRET: OLD })
      // Signed in before the rotation.
      const signedIn = await browser.newContext()
      const page = await signedIn.newPage()
      await page.goto(`${origin}/api/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/dashboard`)}`)
      const form = page.locator("form").filter({ has: page.locator('input[type="password"]') })
      await form.getByLabel("Email").fill(SEED.email)
      await form.getByLabel("Password").fill(SEED.password)
      await form.getByRole("button", { name: "Sign in", exact: true }).click()
      await expect(page).toHaveURL(`${origin}/dashboard`)
      const before = (await signedIn.cookies()).find((c) => c.name === "authjs.session-token")?.value
      expect(before).toBeTruthy()

      // A sign-in form opened before the rotation, submitted after it.
      const inFlight = await browser.newContext()
      const formPage = await inFlight.newPage()
      await formPage.goto(`${origin}/api/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/dashboard`)}`)
      const openForm = formPage.locator("form").filter({ has: formPage.locator('input[type="password"]') })
      await openForm.getByLabel("Email").fill(SEED.email)
      await openForm.getByLabel("Password").fill(SEED.password)

      await server.stop()
      server = await start({ AUTH_SECRET: NEW, AUTH_SECRET_1: OLD })

      // The old session is still valid, on pages and on the session endpoint.
      await page.goto(`${origin}/dashboard`)
      await expect(page).toHaveURL(`${origin}/dashboard`)
      const session = await page.request.get(`${origin}/api/auth/session`)
      expect(((await session.json()) as { user?: { email?: string } }).user?.email).toBe(SEED.email)
      // The old form still signs in (no "form has expired").
      await openForm.getByRole("button", { name: "Sign in", exact: true }).click()
      await expect(formPage).toHaveURL(`${origin}/dashboard`)
      const issuedAfter = (await inFlight.cookies()).find((c) => c.name === "authjs.session-token")?.value
      expect(issuedAfter).toBeTruthy()

      // Dropping the old secret: what was made with it no longer opens (jwt), what was made after still does.
      await server.stop()
      server = await start({ AUTH_SECRET: NEW })
      const after = await formPage.request.get(`${origin}/api/auth/session`)
      expect(((await after.json()) as { user?: { email?: string } }).user?.email).toBe(SEED.email)
      if (strategy === "jwt") {
        const stale = await fetch(`${origin}/api/auth/session`, { headers: { cookie: `authjs.session-token=${before}` } })
        expect(await stale.json()).toBeNull()
      }
      await signedIn.close()
      await inFlight.close()
    } finally {
      await server?.stop()
      db.cleanup()
    }
  })
}
