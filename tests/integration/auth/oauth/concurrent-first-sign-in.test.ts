// Several first sign-ins with one provider account at the same moment (double clicks, two tabs,
// a retried callback): one user, one account, and every browser signed in as that user.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import OIDC from "@/lib/auth/providers/oidc"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startOidcServer, type OidcServer } from "@/tests/helpers/oidc-provider"
import { ORIGIN, SECRET } from "@/tests/integration/auth/support"
import { BASE, Browser, deliverCallback, loginAtProvider, sessionOf, startSignIn } from "./support"

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 })

const PARALLEL = 8

for (const provider of ["sqlite", "postgresql"] as const) {
  describe(`concurrent first OIDC sign-ins on ${provider}`, () => {
    let db: TestDatabase
    let idp: OidcServer
    let config: AuthConfig

    beforeAll(async () => {
      db = await createTestDatabase(provider)
      idp = await startOidcServer({
        redirectUris: [`${ORIGIN}${BASE}/callback/oidc`],
        accounts: [{ sub: "no-email", name: "Nobody" }],
      })
      config = {
        secret: SECRET,
        trustHost: true,
        adapter: PrismaAdapter(db.prisma),
        session: { strategy: "database" },
        // The race's losers' failed creates are logged as adapter errors; the assertions say what matters.
        logger: { error: () => {} },
        rateLimit: false,
        providers: [OIDC({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret })],
      }
    })
    afterAll(async () => {
      await idp.close()
      await db.cleanup()
    })

    for (const sub of ["twin", "no-email"]) {
      it(`${PARALLEL} callbacks for a new account (${sub === "twin" ? "with" : "without"} an email) at once: one user, one account`, async () => {
        // Each browser logs in at the provider first; only the callbacks to the app race.
        const browsers = Array.from({ length: PARALLEL }, () => new Browser(config))
        const callbacks: URL[] = []
        for (const browser of browsers) callbacks.push(await loginAtProvider(await startSignIn(browser, "oidc"), sub))
        const responses = await Promise.all(browsers.map((browser, i) => deliverCallback(browser, callbacks[i]!)))

        for (const res of responses) {
          expect(res.status).toBe(302)
          expect(res.headers.get("location")).toBe(ORIGIN)
        }
        const accounts = await db.prisma.account.findMany({ where: { provider: "oidc", providerAccountId: sub } })
        expect(accounts).toHaveLength(1)
        expect(await db.prisma.user.count()).toBe(sub === "twin" ? 1 : 2)
        // Every browser is signed in, each with a session row of that one user.
        for (const browser of browsers) expect((await sessionOf(browser))?.user).toBeTruthy()
        const sessions = await db.prisma.session.findMany({ where: { user: { accounts: { some: { providerAccountId: sub } } } } })
        expect(sessions).toHaveLength(PARALLEL)
        for (const session of sessions) expect(session.userId).toBe(accounts[0]!.userId)
      })
    }
  })
}
