/**
 * Sign in with Apple through Auth() against the stand-in IdP, on each
 * database and session strategy: the cross-site form_post relayed by a
 * same-origin page, the name that comes only with the first sign-in, the
 * address from the ID token, and the refusals (forged state, a form_post to
 * a provider that did not ask for one, a GET where Apple POSTs).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Apple from "@/lib/auth/providers/apple"
import GitHub from "@/lib/auth/providers/github"
import { appleSigningKey, startAppleIdp, type AppleIdp } from "@/tests/helpers/apple-idp"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { DATABASE_AND_STRATEGY_CASES, ORIGIN, SECRET, setCookies } from "@/tests/integration/auth/support"
import { authorizeAtApple, followRelay, formOf, postFromApple, signInWithApple } from "./apple-flow"
import { BASE, Browser, errorOf, sessionOf, startSignIn } from "./support"

const CLIENT = { clientId: "com.example.app.web", teamId: "TEAM123456", keyId: "KEY1234567" }

for (const [database, strategy] of DATABASE_AND_STRATEGY_CASES) {
  describe(`Sign in with Apple (${database}, ${strategy} strategy)`, () => {
    let db: TestDatabase
    let idp: AppleIdp
    let config: AuthConfig

    beforeAll(async () => {
      db = await createTestDatabase(database)
      const key = await appleSigningKey()
      idp = await startAppleIdp({ ...CLIENT, publicKey: key.publicKey, redirectUris: [`${ORIGIN}${BASE}/callback/apple`] })
      config = {
        secret: SECRET,
        trustHost: true,
        adapter: PrismaAdapter(db.prisma),
        session: { strategy },
        providers: [
          Apple({ issuer: idp.issuer, clientId: CLIENT.clientId, teamId: CLIENT.teamId, keyId: CLIENT.keyId, privateKey: key.privateKeyPem }),
          // Answers by redirect (GET), never form_post; never reached over the network here.
          GitHub({ clientId: "github-client", clientSecret: "github-secret" }),
        ],
      }
    })
    afterAll(async () => {
      await idp?.close()
      await db?.cleanup()
    })

    it("the first sign-in names the new user from Apple's `user` field; the address comes from the ID token", async () => {
      idp.user = { sub: `001.${database}.${strategy}.ada`, email: `ada-${database}-${strategy}@privaterelay.appleid.com`, firstName: "Ada", lastName: "Lovelace", privateEmail: true }
      const browser = new Browser(config)
      const res = await signInWithApple(browser)
      expect(errorOf(res).error).toBeNull()
      const session = await sessionOf(browser)
      expect(session?.user?.name).toBe("Ada Lovelace")
      expect(session?.user?.email).toBe(idp.user.email)
      const user = await db.prisma.user.findUnique({ where: { email: idp.user.email } })
      expect(user?.name).toBe("Ada Lovelace")
      // Apple's "true" (a string) counts as verified.
      expect(user?.emailVerified).toBeInstanceOf(Date)
    })

    it("a later sign-in, which carries no name, keeps the stored one", async () => {
      idp.user = { sub: `001.${database}.${strategy}.grace`, email: `grace-${database}-${strategy}@example.test`, firstName: "Grace", lastName: "Hopper" }
      await signInWithApple(new Browser(config))
      const again = new Browser(config)
      const form = await authorizeAtApple(await startSignIn(again, "apple"))
      expect(form.fields.user).toBeUndefined()
      const res = await followRelay(again, await postFromApple(again, form))
      expect(errorOf(res).error).toBeNull()
      expect((await sessionOf(again))?.user?.name).toBe("Grace Hopper")
      const users = await db.prisma.user.findMany({ where: { email: idp.user.email } })
      expect(users.map((u) => u.name)).toEqual(["Grace Hopper"])
    })

    it("Apple's cross-site POST gets the relay page, which changes no cookie and posts the answer back from this origin", async () => {
      idp.user = { sub: `001.${database}.${strategy}.relay`, email: `relay-${database}-${strategy}@example.test` }
      const browser = new Browser(config)
      const form = await authorizeAtApple(await startSignIn(browser, "apple"))
      const relay = await postFromApple(browser, form)
      expect(relay.status).toBe(200)
      expect(setCookies(relay)).toEqual([])
      expect(relay.headers.get("content-security-policy")).toMatch(/script-src 'sha256-[^']+'/)
      expect(relay.headers.get("content-security-policy")).toContain("frame-ancestors 'none'")
      const relayed = formOf(await relay.clone().text())
      expect(relayed.fields).toMatchObject({ state: form.fields.state, code: form.fields.code, relayed: "1" })
      const res = await followRelay(browser, relay)
      expect(errorOf(res).error).toBeNull()
      expect((await sessionOf(browser))?.user?.email).toBe(idp.user.email)
    })

    it("asks Apple only for what it documents: state and nonce, no PKCE challenge, and a token request without a code verifier", async () => {
      idp.user = { sub: `001.${database}.${strategy}.params`, email: `params-${database}-${strategy}@example.test` }
      const before = { authorize: idp.authorizeRequests.length, token: idp.tokenRequests.length }
      const res = await signInWithApple(new Browser(config))
      expect(errorOf(res).error).toBeNull()
      const authorize = idp.authorizeRequests[before.authorize]!
      expect([...new Set(authorize.keys())].sort()).toEqual(["client_id", "nonce", "redirect_uri", "response_mode", "response_type", "scope", "state"])
      expect([authorize.get("response_mode"), authorize.get("scope")]).toEqual(["form_post", "name email"])
      const token = idp.tokenRequests[before.token]!
      expect([...new Set(token.keys())].sort()).toEqual(["client_id", "client_secret", "code", "grant_type", "redirect_uri"])
    })

    it("another sign-in's code, relayed with this browser's state, is refused by the nonce in its ID token", async () => {
      idp.user = { sub: `001.${database}.${strategy}.swap`, email: `swap-${database}-${strategy}@example.test` }
      const victim = new Browser(config)
      const stolen = await authorizeAtApple(await startSignIn(victim, "apple"))
      const attacker = new Browser(config)
      const own = await authorizeAtApple(await startSignIn(attacker, "apple"))
      const relay = await postFromApple(attacker, { ...own, fields: { ...own.fields, code: stolen.fields.code!, id_token: stolen.fields.id_token! } })
      const res = await followRelay(attacker, relay)
      expect(errorOf(res).error).not.toBeNull()
      expect(await sessionOf(attacker)).toBeNull()
    })

    it("a forged state is refused: no session, no user", async () => {
      idp.user = { sub: `001.${database}.${strategy}.forged`, email: `forged-${database}-${strategy}@example.test`, firstName: "Mallory" }
      const browser = new Browser(config)
      const form = await authorizeAtApple(await startSignIn(browser, "apple"))
      const relay = await postFromApple(browser, { ...form, fields: { ...form.fields, state: "forged-state" } })
      const res = await followRelay(browser, relay)
      expect(errorOf(res).error).toBe("InvalidCheck")
      expect(await sessionOf(browser)).toBeNull()
      expect(await db.prisma.user.findUnique({ where: { email: idp.user.email } })).toBeNull()
    })

    it("the relayed POST without the check cookies (another browser, or expired) is refused, not a 500", async () => {
      idp.user = { sub: `001.${database}.${strategy}.other`, email: `other-${database}-${strategy}@example.test` }
      const victim = new Browser(config)
      const form = await authorizeAtApple(await startSignIn(victim, "apple"))
      const attacker = new Browser(config)
      const res = await attacker.send(`${BASE}/callback/apple`, { form: { ...form.fields, relayed: "1" } })
      expect(errorOf(res).error).toBe("InvalidCheck")
      expect(await sessionOf(attacker)).toBeNull()
    })

    it("a form_post to a provider that did not ask for one is refused, and the sign-in in progress is left alone", async () => {
      const browser = new Browser(config)
      await startSignIn(browser, "github")
      const before = new Map(browser.jar)
      const res = await browser.send(`${BASE}/callback/github`, { form: { code: "c", state: "s", relayed: "1" } })
      expect(res.status).toBeLessThan(500)
      expect(errorOf(res).error).toBe("OAuthCallbackError")
      expect(setCookies(res).filter((c) => c.name.includes("state") || c.name.includes("pkce"))).toEqual([])
      expect(browser.jar).toEqual(before)
    })

    it("Apple's answer by GET (response_mode is form_post) is refused", async () => {
      idp.user = { sub: `001.${database}.${strategy}.get`, email: `get-${database}-${strategy}@example.test` }
      const browser = new Browser(config)
      const form = await authorizeAtApple(await startSignIn(browser, "apple"))
      const query = new URLSearchParams({ code: form.fields.code!, state: form.fields.state! })
      const res = await browser.send(`${BASE}/callback/apple?${query}`)
      expect(errorOf(res).error).toBe("OAuthCallbackError")
      expect(await sessionOf(browser)).toBeNull()
    })
  })
}
