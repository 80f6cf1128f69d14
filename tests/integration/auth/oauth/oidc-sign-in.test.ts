/**
 * OpenID Connect sign-in against a real provider (oidc-provider over HTTPS),
 * under both session strategies: new and returning users, linking, the
 * refusals Auth.js defines, and every tampered or missing check.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { removeCredentials } from "@/server/accounts/take-back"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import OIDC from "@/lib/auth/providers/oidc"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { IdpBrowser, startOidcServer, type OidcServer } from "@/tests/helpers/oidc-provider"
import { ORIGIN, SECRET, setCookies, isDeletion } from "@/tests/integration/auth/support"
import { BASE, Browser, deliverCallback, errorOf, loginAtProvider, sessionOf, signInWith, startSignIn } from "./support"
import { ageProof } from "../step-up/support"

for (const strategy of ["database", "jwt"] as const) {
  describe(`OIDC sign-in (${strategy} strategy)`, () => {
    let db: TestDatabase
    let idp: OidcServer
    let config: AuthConfig
    const events: { name: string; message: Record<string, unknown> }[] = []

    beforeAll(async () => {
      db = await createTestDatabase("sqlite")
      idp = await startOidcServer({
        redirectUris: [`${ORIGIN}${BASE}/callback/oidc`, `${ORIGIN}${BASE}/callback/linkable`],
        postLogoutRedirectUris: [`${ORIGIN}/signed-out`],
        accounts: [
          { sub: "taken", email: "Taken@Example.com", name: "Taken" },
          { sub: "linkable", email: "linkable@example.com", name: "Linkable" },
          { sub: "no-email", name: "Nobody" },
          // Attackers at a provider that lets them type any address and says it did not verify it.
          { sub: "unverified-taker", email: "Linkable@Example.com", name: "Taker", emailVerified: false },
          { sub: "unverified-claim", email: "victim-oidc@example.com", name: "Claimer", emailVerified: false },
        ],
      })
      const record = (name: string) => (message: Record<string, unknown>) => void events.push({ name, message })
      config = {
        secret: SECRET,
        trustHost: true,
        adapter: { ...PrismaAdapter(db.prisma), removeCredentials: (userId) => removeCredentials(db.prisma, userId) },
        session: { strategy },
        pages: { newUser: "/welcome" },
        events: { createUser: record("createUser"), linkAccount: record("linkAccount"), signIn: record("signIn") },
        providers: [
          OIDC({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, federatedSignOut: true }),
          OIDC({
            id: "linkable",
            name: "Linkable",
            issuer: idp.issuer,
            clientId: idp.clientId,
            clientSecret: idp.clientSecret,
            allowDangerousEmailAccountLinking: true,
          }),
          Credentials({
            authorize: async (c) => {
              const user = await db.prisma.user.findUnique({ where: { email: String(c.email) } })
              return user && { id: user.id, email: user.email, name: user.name }
            },
          }),
        ],
      }
      await db.prisma.user.create({ data: { email: "taken@example.com", name: "Existing" } })
      await db.prisma.user.create({ data: { email: "linkable@example.com", name: "Existing linkable" } })
      await db.prisma.user.create({ data: { email: "password-user@example.com", name: "Password user" } })
    })
    afterAll(async () => {
      await idp.close()
      await db.cleanup()
    })

    it("a new user is created, linked and signed in, and goes to pages.newUser", async () => {
      const browser = new Browser(config)
      events.length = 0
      const res = await signInWith(browser, "oidc", "alice")
      expect(res.headers.get("location")).toBe(`${ORIGIN}/welcome?callbackUrl=${encodeURIComponent(ORIGIN)}`)
      const session = await sessionOf(browser)
      expect(session?.user?.email).toBe("alice@idp.example.test")
      const user = await db.prisma.user.findUnique({ where: { email: "alice@idp.example.test" } })
      expect(user?.name).toBe("User alice")
      const accounts = await db.prisma.account.findMany({ where: { userId: user!.id } })
      expect(accounts).toHaveLength(1)
      expect(accounts[0]).toMatchObject({ provider: "oidc", providerAccountId: "alice", type: "oidc", token_type: "bearer" })
      expect(accounts[0]!.id_token).toMatch(/^ey/)
      expect(events.map((e) => e.name)).toEqual(["createUser", "linkAccount", "signIn"])
      // The link is the new user's sign-up, not a new way into an existing account.
      expect(events[1]!.message.isNewUser).toBe(true)
      expect(events[2]!.message.isNewUser).toBe(true)
    })

    it("the provider's email_verified is recorded: a vouched-for address is verified; an unvouched one is not kept at all", async () => {
      await signInWith(new Browser(config), "oidc", "vouched")
      const vouched = await db.prisma.user.findUnique({ where: { email: "vouched@idp.example.test" } })
      expect(vouched?.emailVerified).toBeInstanceOf(Date)
      const browser = new Browser(config)
      await signInWith(browser, "oidc", "unverified-eve")
      expect(await db.prisma.user.findUnique({ where: { email: "unverified-eve@idp.example.test" } })).toBeNull()
      const account = await db.prisma.account.findUnique({
        where: { provider_providerAccountId: { provider: "oidc", providerAccountId: "unverified-eve" } },
        include: { user: true },
      })
      expect(account?.user).toMatchObject({ email: null, emailVerified: null })
      expect((await sessionOf(browser))?.user?.email ?? null).toBeNull()
    })

    it("email_verified false never claims an address: no user is created with it, nothing is linked to its owner", async () => {
      // The address nobody has an account for yet stays free for its owner.
      const claimer = new Browser(config)
      await signInWith(claimer, "oidc", "unverified-claim")
      expect(await db.prisma.user.findUnique({ where: { email: "victim-oidc@example.com" } })).toBeNull()
      expect((await sessionOf(claimer))?.user?.email ?? null).toBeNull()

      // Not even a provider with allowDangerousEmailAccountLinking links an address it did not verify.
      const owner = await db.prisma.user.findUnique({ where: { email: "linkable@example.com" } })
      const taker = new Browser(config)
      await signInWith(taker, "linkable", "unverified-taker")
      const account = await db.prisma.account.findUnique({
        where: { provider_providerAccountId: { provider: "linkable", providerAccountId: "unverified-taker" } },
      })
      expect(account).not.toBeNull()
      expect(account?.userId).not.toBe(owner!.id)
      const session = await sessionOf(taker)
      expect(session?.user?.email ?? null).toBeNull()
      expect(session?.user?.id).not.toBe(owner!.id)
    })

    it("linking by email (the opt-in) to a never-verified account takes it back: the provider proved the mailbox", async () => {
      // The attacker signed up first with the address and set up a password, a passkey and a session.
      const claimed = await db.prisma.user.create({
        data: { email: "owner-proves@idp.example.test", name: "Attacker", passwordHash: "scrypt$attacker" },
      })
      await db.prisma.authenticator.create({
        data: {
          credentialID: `cred-${claimed.id}`, userId: claimed.id, providerAccountId: `cred-${claimed.id}`, credentialPublicKey: "pk",
          counter: 0, credentialDeviceType: "singleDevice", credentialBackedUp: false,
        },
      })
      await db.prisma.session.create({ data: { sessionToken: `attacker-${claimed.id}`, userId: claimed.id, expires: new Date(Date.now() + 86400_000) } })

      const owner = new Browser(config)
      await signInWith(owner, "linkable", "owner-proves")
      expect((await sessionOf(owner))?.user?.email).toBe("owner-proves@idp.example.test")
      const after = await db.prisma.user.findUnique({ where: { id: claimed.id } })
      expect(after?.passwordHash).toBeNull()
      expect(after?.emailVerified).toBeInstanceOf(Date)
      expect(after?.sessionsValidSince).toBeInstanceOf(Date)
      expect(await db.prisma.authenticator.count({ where: { userId: claimed.id } })).toBe(0)
      expect(await db.prisma.session.count({ where: { sessionToken: `attacker-${claimed.id}` } })).toBe(0)
      expect(await db.prisma.account.count({ where: { userId: claimed.id, provider: "linkable" } })).toBe(1)
    })

    it("a signed-in user who links an account vouching for their own address becomes verified; another address changes nothing", async () => {
      await db.prisma.user.create({ data: { email: "same@idp.example.test", name: "Same address" } })
      const browser = new Browser(config)
      expect((await browser.signInWithCredentials({ email: "same@idp.example.test" })).status).toBe(302)
      await signInWith(browser, "oidc", "same")
      expect((await db.prisma.user.findUnique({ where: { email: "same@idp.example.test" } }))?.emailVerified).toBeInstanceOf(Date)

      await db.prisma.user.create({ data: { email: "other-address@example.com", name: "Other address" } })
      const other = new Browser(config)
      await other.signInWithCredentials({ email: "other-address@example.com" })
      await signInWith(other, "oidc", "frank")
      expect(await db.prisma.account.count({ where: { providerAccountId: "frank" } })).toBe(1)
      expect((await db.prisma.user.findUnique({ where: { email: "other-address@example.com" } }))?.emailVerified).toBeNull()
    })

    it("a returning user whose user row predates the claim being recorded is marked verified on the next sign-in", async () => {
      await signInWith(new Browser(config), "oidc", "returning-grace")
      await db.prisma.user.update({ where: { email: "returning-grace@idp.example.test" }, data: { emailVerified: null } })
      await signInWith(new Browser(config), "oidc", "returning-grace")
      expect((await db.prisma.user.findUnique({ where: { email: "returning-grace@idp.example.test" } }))?.emailVerified).toBeInstanceOf(Date)
    })

    it("a returning user gets the same user id and is not new", async () => {
      const first = new Browser(config)
      await signInWith(first, "oidc", "bob")
      const firstId = (await db.prisma.user.findUnique({ where: { email: "bob@idp.example.test" } }))!.id
      events.length = 0
      const second = new Browser(config)
      const res = await signInWith(second, "oidc", "bob")
      expect(res.headers.get("location")).toBe(ORIGIN)
      expect((await db.prisma.user.findMany({ where: { email: "bob@idp.example.test" } })).map((u) => u.id)).toEqual([firstId])
      expect(events.map((e) => e.name)).toEqual(["signIn"])
      expect(events[0]!.message.isNewUser).toBe(false)
      if (strategy === "database") expect((await sessionOf(second))?.user?.email).toBe("bob@idp.example.test")
    })

    it("a signed-in user who signs in with the provider gets the account linked to them", async () => {
      const browser = new Browser(config)
      const signedIn = await browser.signInWithCredentials({ email: "password-user@example.com" })
      expect(signedIn.status).toBe(302)
      const res = await signInWith(browser, "oidc", "carol")
      expect(res.status).toBe(302)
      const user = await db.prisma.user.findUnique({ where: { email: "password-user@example.com" } })
      const accounts = await db.prisma.account.findMany({ where: { userId: user!.id } })
      expect(accounts.map((a) => a.providerAccountId)).toEqual(["carol"])
      expect(await db.prisma.user.findUnique({ where: { email: "carol@idp.example.test" } })).toBeNull()
      expect((await sessionOf(browser))?.user?.email).toBe("password-user@example.com")
    })

    it("step-up: a signed-in user whose proof is stale is sent to re-authenticate and nothing is linked; a fresh proof links", async () => {
      await db.prisma.user.create({ data: { email: "stale-linker@example.com", name: "Stale linker" } })
      const browser = new Browser(config)
      expect((await browser.signInWithCredentials({ email: "stale-linker@example.com" })).status).toBe(302)
      const before = browser.sessionValue()
      await ageProof(browser, 601, db.prisma)
      const res = await signInWith(browser, "oidc", "erin")
      expect(res.status).toBe(302)
      const location = new URL(res.headers.get("location")!)
      expect(location.pathname).toBe(`${BASE}/reauthenticate`)
      expect(location.searchParams.get("code")).toBe("reauthentication_required")
      expect(location.searchParams.get("callbackUrl")).toBe(ORIGIN)
      expect(await db.prisma.account.count({ where: { providerAccountId: "erin" } })).toBe(0)
      expect(await db.prisma.user.findUnique({ where: { email: "erin@idp.example.test" } })).toBeNull()
      // Still the same user, still signed in: a refusal is not a sign-out.
      expect((await sessionOf(browser))?.user?.email).toBe("stale-linker@example.com")
      if (strategy === "database") expect(browser.sessionValue()).toBe(before)

      const fresh = new Browser(config)
      await fresh.signInWithCredentials({ email: "stale-linker@example.com" })
      expect((await signInWith(fresh, "oidc", "erin")).status).toBe(302)
      const user = await db.prisma.user.findUniqueOrThrow({ where: { email: "stale-linker@example.com" } })
      expect((await db.prisma.account.findMany({ where: { userId: user.id } })).map((a) => a.providerAccountId)).toEqual(["erin"])
    })

    it("an account already linked to another user is refused while signed in as someone else", async () => {
      const owner = new Browser(config)
      await signInWith(owner, "oidc", "dave")
      const other = new Browser(config)
      await other.signInWithCredentials({ email: "password-user@example.com" })
      const before = other.sessionValue()
      const res = await signInWith(other, "oidc", "dave")
      expect(errorOf(res)).toEqual({ page: `${BASE}/signin`, error: "OAuthAccountNotLinked" })
      expect(other.sessionValue()).toBe(before)
    })

    it("an unlinked account whose email belongs to a user is refused with OAuthAccountNotLinked", async () => {
      const browser = new Browser(config)
      const res = await signInWith(browser, "oidc", "taken")
      expect(errorOf(res)).toEqual({ page: `${BASE}/signin`, error: "OAuthAccountNotLinked" })
      expect(await sessionOf(browser)).toBeNull()
      expect(await db.prisma.account.count({ where: { providerAccountId: "taken" } })).toBe(0)
    })

    it("allowDangerousEmailAccountLinking links to the user with that email, without a createUser event", async () => {
      const browser = new Browser(config)
      events.length = 0
      await signInWith(browser, "linkable", "linkable")
      const user = await db.prisma.user.findUnique({ where: { email: "linkable@example.com" } })
      expect(await db.prisma.account.count({ where: { userId: user!.id, provider: "linkable" } })).toBe(1)
      expect(events.map((e) => e.name)).toEqual(["linkAccount", "signIn"])
      expect(events[0]!.message.isNewUser).toBe(false)
      expect((await sessionOf(browser))?.user?.email).toBe("linkable@example.com")
    })

    it("an account without an email signs in (User.email is null)", async () => {
      const browser = new Browser(config)
      await signInWith(browser, "oidc", "no-email")
      const account = await db.prisma.account.findFirst({ where: { providerAccountId: "no-email" }, include: { user: true } })
      expect(account?.user.email).toBeNull()
      expect(account?.user.name).toBe("Nobody")
      if (strategy === "database") expect((await sessionOf(browser))?.user?.name).toBe("Nobody")
    })

    it("access_denied from the provider ends on the sign-in page with OAuthCallbackError and no session", async () => {
      const browser = new Browser(config)
      const authorization = await startSignIn(browser, "oidc")
      const state = authorization.searchParams.get("state")!
      const res = await browser.send(`${BASE}/callback/oidc?error=access_denied&state=${encodeURIComponent(state)}&iss=${encodeURIComponent(idp.issuer)}`)
      expect(errorOf(res)).toEqual({ page: `${BASE}/signin`, error: "OAuthCallbackError" })
      expect(await sessionOf(browser)).toBeNull()
    })

    it("a tampered state, a wrong iss, or missing check cookies end with InvalidCheck and no session", async () => {
      for (const tamper of ["state", "iss", "cookies", "foreign"] as const) {
        const browser = new Browser(config)
        const authorization = await startSignIn(browser, tamper === "foreign" ? "linkable" : "oidc")
        const callback = await loginAtProvider(authorization, `tamper-${tamper}`)
        if (tamper === "state") callback.searchParams.set("state", "attacker-state")
        if (tamper === "iss") callback.searchParams.set("iss", "https://evil.example.test")
        // The check cookies made for one provider do not serve another provider's callback.
        if (tamper === "foreign") callback.pathname = `${BASE}/callback/oidc`
        const res = await deliverCallback(browser, callback, tamper === "cookies" ? { cookie: "" } : {})
        expect(errorOf(res), tamper).toEqual({ page: `${BASE}/error`, error: "InvalidCheck" })
        expect(res.headers.getSetCookie().some((c) => c.includes("session-token=") && !c.includes("Max-Age=0")), tamper).toBe(false)
        expect(await sessionOf(browser), tamper).toBeNull()
      }
    })

    it("a replayed callback (same code, same cookies) is refused and makes no session", async () => {
      const browser = new Browser(config)
      const authorization = await startSignIn(browser, "oidc")
      const cookies = browser.cookieHeader()
      const callback = await loginAtProvider(authorization, "replay")
      expect((await deliverCallback(browser, callback)).status).toBe(302)
      const attacker = new Browser(config)
      const res = await deliverCallback(attacker, callback, { cookie: cookies })
      expect(errorOf(res)).toEqual({ page: `${BASE}/signin`, error: "OAuthCallbackError" })
      expect(await sessionOf(attacker)).toBeNull()
    })

    it("check cookies are encrypted, HttpOnly, Lax, 15 minutes, and cleared after the callback", async () => {
      const browser = new Browser(config)
      const csrfToken = await browser.csrfToken()
      const res = await browser.send(`${BASE}/signin/oidc`, { form: { csrfToken } })
      const checks = setCookies(res).filter((c) => /^authjs\.(state|pkce\.code_verifier|nonce)$/.test(c.name))
      expect(checks.map((c) => c.name).sort()).toEqual(["authjs.nonce", "authjs.pkce.code_verifier", "authjs.state"])
      const location = new URL(res.headers.get("location")!)
      for (const cookie of checks) {
        expect(cookie.attributes).toMatchObject({ httponly: true, samesite: "Lax", "max-age": "900", path: "/" })
        expect(decodeURIComponent(cookie.value).split(".")).toHaveLength(5)
        // The secrets the request carries (state, nonce, code challenge) must not appear in clear. Short
        // fixed words ("S256", "code", "openid") are left out: random ciphertext contains them by chance.
        const secrets = [...location.searchParams.values()].filter((value) => value.length >= 16)
        expect(secrets.length).toBeGreaterThanOrEqual(3)
        for (const value of secrets) expect(cookie.value).not.toContain(value)
      }
      const callback = await loginAtProvider(location, "cookie-check")
      const done = await deliverCallback(browser, callback)
      const cleared = setCookies(done).filter((c) => checks.some((k) => k.name === c.name))
      expect(cleared).toHaveLength(3)
      expect(cleared.every(isDeletion)).toBe(true)
    })

    it("the request query adds authorization parameters but cannot replace redirect_uri, client_id, response_type or checks", async () => {
      const browser = new Browser(config)
      const query =
        "?prompt=login&login_hint=x&redirect_uri=https://evil.example.test/cb&client_id=evil&response_type=token&state=s&nonce=n&code_challenge=c&code_challenge_method=plain"
      const url = await startSignIn(browser, "oidc", query)
      expect(url.origin).toBe(idp.issuer)
      expect(url.searchParams.get("prompt")).toBe("login")
      expect(url.searchParams.get("login_hint")).toBe("x")
      expect(url.searchParams.get("redirect_uri")).toBe(`${ORIGIN}${BASE}/callback/oidc`)
      expect(url.searchParams.get("client_id")).toBe(idp.clientId)
      expect(url.searchParams.get("response_type")).toBe("code")
      expect(url.searchParams.get("code_challenge_method")).toBe("S256")
      expect(url.searchParams.get("state")).not.toBe("s")
      expect(url.searchParams.get("nonce")).not.toBe("n")
      expect(url.searchParams.get("code_challenge")).not.toBe("c")
      expect(url.searchParams.getAll("redirect_uri")).toHaveLength(1)
    })

    it("response_mode=form_post: the provider POSTs the response to the callback", async () => {
      const formPostConfig: AuthConfig = {
        ...config,
        providers: [
          OIDC({
            id: "oidc",
            issuer: idp.issuer,
            clientId: idp.clientId,
            clientSecret: idp.clientSecret,
            authorization: { params: { response_mode: "form_post" } },
          }),
        ],
      }
      const browser = new Browser(formPostConfig)
      const authorization = await startSignIn(browser, "oidc")
      expect(authorization.searchParams.get("response_mode")).toBe("form_post")
      const { action, fields } = await new IdpBrowser().authorizeFormPost(authorization.href, "form-poster")
      expect(action).toBe(`${ORIGIN}${BASE}/callback/oidc`)
      // The provider's POST is cross-site: no Lax cookie comes with it, and the app answers with
      // its relay page, whose same-origin POST (with the cookies) finishes the sign-in.
      const relay = await browser.send(`${BASE}/callback/oidc`, { form: fields, cookie: "" })
      expect(relay.status).toBe(200)
      const relayed = Object.fromEntries(
        [...(await relay.text()).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]),
      )
      expect(relayed).toMatchObject({ code: fields.code, relayed: "1" })
      const res = await browser.send(`${BASE}/callback/oidc`, { form: { ...fields, relayed: "1" } })
      expect(res.status).toBe(302)
      expect(new URL(res.headers.get("location")!).searchParams.get("error")).toBeNull()
      const user = await db.prisma.user.findUnique({ where: { email: "form-poster@idp.example.test" } })
      expect(user).not.toBeNull()
    })

    it("sign-out with federatedSignOut continues to the provider's end_session_endpoint and back to the app", async () => {
      const browser = new Browser(config)
      const idpBrowser = new IdpBrowser()
      await signInWith(browser, "oidc", "erin", idpBrowser)
      const csrfToken = await browser.csrfToken()
      const res = await browser.send(`${BASE}/signout`, { form: { csrfToken, callbackUrl: `${ORIGIN}/signed-out` } })
      const endSession = new URL(res.headers.get("location")!)
      expect(`${endSession.origin}${endSession.pathname}`).toBe(`${idp.issuer}/session/end`)
      expect(endSession.searchParams.get("id_token_hint")).toMatch(/^ey/)
      expect(endSession.searchParams.get("post_logout_redirect_uri")).toBe(`${ORIGIN}/signed-out`)
      expect(await sessionOf(browser)).toBeNull()
      expect(await idpBrowser.confirmLogout(endSession.href)).toBe(`${ORIGIN}/signed-out`)
    })
  })
}
