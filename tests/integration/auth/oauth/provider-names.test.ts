/**
 * Every name a provider sends goes through the display-name rule before it
 * names a user: a right-to-left override (U+202E), zero-width joiners,
 * control characters and line separators are taken out, the name is cut to
 * 80 characters. Through the real local OpenID Provider (its ID token and
 * userinfo carry the name; the default profile and an app's own profile()
 * alike) and Sign in with Apple's unsigned form_post `user` field, on
 * SQLite, both session strategies: the stored user and the session show the
 * clean name.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Apple from "@/lib/auth/providers/apple"
import OIDC from "@/lib/auth/providers/oidc"
import { MAX_DISPLAY_NAME_LENGTH } from "@/lib/auth/profile-text"
import { appleSigningKey, startAppleIdp, type AppleIdp } from "@/tests/helpers/apple-idp"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { startOidcServer, type OidcServer } from "@/tests/helpers/oidc-provider"
import { ORIGIN, SECRET } from "@/tests/integration/auth/support"
import { signInWithApple } from "./apple-flow"
import { BASE, Browser, sessionOf, signInWith } from "./support"

/** What a hostile provider account could be named: spoofing characters around a 10 kB name. */
const HOSTILE_NAME = `\u202Eevil\u200D\u200Dname\u0007\u0000\u2028${"x".repeat(10_000)}`
const SPOOFING = /[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}]/u
const APPLE_CLIENT = { clientId: "com.example.app.web", teamId: "TEAM123456", keyId: "KEY1234567" }

function expectClean(name: string | null | undefined): void {
  expect(name).toBeTypeOf("string")
  expect(name).not.toMatch(SPOOFING)
  expect([...name!].length).toBeLessThanOrEqual(MAX_DISPLAY_NAME_LENGTH)
  expect(name!.startsWith("evilname xxx")).toBe(true)
}

for (const strategy of ["database", "jwt"] as const) {
  describe(`names from providers (sqlite, ${strategy} strategy)`, () => {
    let db: TestDatabase
    let idp: OidcServer
    let apple: AppleIdp
    let config: AuthConfig

    beforeAll(async () => {
      db = await createTestDatabase("sqlite")
      idp = await startOidcServer({
        redirectUris: [`${ORIGIN}${BASE}/callback/oidc`, `${ORIGIN}${BASE}/callback/own-profile`],
        accounts: [
          { sub: "hostile-claims", email: `claims-${strategy}@example.test`, name: HOSTILE_NAME },
          { sub: "hostile-mapped", email: `mapped-${strategy}@example.test`, name: "Plain" },
        ],
      })
      const key = await appleSigningKey()
      apple = await startAppleIdp({ ...APPLE_CLIENT, publicKey: key.publicKey, redirectUris: [`${ORIGIN}${BASE}/callback/apple`] })
      config = {
        secret: SECRET,
        trustHost: true,
        basePath: BASE,
        adapter: PrismaAdapter(db.prisma),
        session: { strategy },
        providers: [
          OIDC({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret }),
          // An app's own profile() that hands on whatever it likes: the engine still applies the rule.
          OIDC({
            id: "own-profile",
            name: "Own profile",
            issuer: idp.issuer,
            clientId: idp.clientId,
            clientSecret: idp.clientSecret,
            profile: (profile) => ({ id: String(profile.sub), email: String(profile.email), name: HOSTILE_NAME, image: null }),
          }),
          Apple({ issuer: apple.issuer, clientId: APPLE_CLIENT.clientId, teamId: APPLE_CLIENT.teamId, keyId: APPLE_CLIENT.keyId, privateKey: key.privateKeyPem }),
        ],
      }
    })
    afterAll(async () => {
      await idp?.close()
      await apple?.close()
      await db?.cleanup()
    })

    async function storedName(email: string): Promise<string | null | undefined> {
      return (await db.prisma.user.findUnique({ where: { email } }))?.name
    }

    it("an OIDC provider's name claim with a bidi override, zero-width joiners, controls and 10 kB is stored clean and capped", async () => {
      const browser = new Browser(config)
      expect((await signInWith(browser, "oidc", "hostile-claims")).status).toBe(302)
      expectClean(await storedName(`claims-${strategy}@example.test`))
      expectClean((await sessionOf(browser))?.user?.name)
    })

    it("an app's own profile() returning such a name cannot bypass the rule", async () => {
      const browser = new Browser(config)
      expect((await signInWith(browser, "own-profile", "hostile-mapped")).status).toBe(302)
      expectClean(await storedName(`mapped-${strategy}@example.test`))
      expectClean((await sessionOf(browser))?.user?.name)
    })

    it("Apple's unsigned form_post `user` field with such a name is stored clean and capped", async () => {
      apple.user = { sub: `001.names.${strategy}`, email: `apple-${strategy}@privaterelay.appleid.com`, firstName: HOSTILE_NAME, lastName: "\u200BDoe\u202E" }
      const browser = new Browser(config)
      expect((await signInWithApple(browser)).status).toBe(302)
      expectClean(await storedName(`apple-${strategy}@privaterelay.appleid.com`))
      expectClean((await sessionOf(browser))?.user?.name)
    })
  })
}
