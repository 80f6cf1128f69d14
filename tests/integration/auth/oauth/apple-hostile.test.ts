/**
 * Sign in with Apple's form_post callback fed hostile input and
 * bursts, through Auth() against the stand-in IdP on SQLite, both session
 * strategies: the relay page reflects only escaped text under its own CSP
 * whatever is posted; missing, duplicated and oversized fields, a `user`
 * that is not JSON and the wrong content type are refusals (an error
 * redirect or a 4xx), never a 500; and 50 relayed POSTs of one code at once
 * make one session.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import { FORM_POST_RELAY_CSP } from "@/lib/auth/pages/form-post-relay"
import Apple from "@/lib/auth/providers/apple"
import { appleSigningKey, startAppleIdp, type AppleIdp } from "@/tests/helpers/apple-idp"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { ORIGIN, SECRET, setCookies } from "@/tests/integration/auth/support"
import { authorizeAtApple, followRelay, formOf, postFromApple, type PostedForm } from "./apple-flow"
import { BASE, Browser, errorOf, sessionOf, startSignIn } from "./support"

const CLIENT = { clientId: "com.example.app.web", teamId: "TEAM123456", keyId: "KEY1234567" }
const CALLBACK = `${BASE}/callback/apple`
const HOSTILE = `"><script>alert(1)</script><img src=x onerror=alert(2)>'&lt;\u0000\u2028`

for (const strategy of ["database", "jwt"] as const) {
  describe(`Sign in with Apple, hostile callbacks (sqlite, ${strategy} strategy)`, () => {
    let db: TestDatabase
    let idp: AppleIdp
    let config: AuthConfig
    let n = 0

    beforeAll(async () => {
      db = await createTestDatabase("sqlite")
      const key = await appleSigningKey()
      idp = await startAppleIdp({ ...CLIENT, publicKey: key.publicKey, redirectUris: [`${ORIGIN}${CALLBACK}`] })
      config = {
        secret: SECRET,
        trustHost: true,
        adapter: PrismaAdapter(db.prisma),
        session: { strategy },
        providers: [Apple({ issuer: idp.issuer, clientId: CLIENT.clientId, teamId: CLIENT.teamId, keyId: CLIENT.keyId, privateKey: key.privateKeyPem })],
      }
    })
    afterAll(async () => {
      await idp?.close()
      await db?.cleanup()
    })

    /** A browser at Apple's form: what the stand-in would POST for a new user. */
    async function atApple(): Promise<{ browser: Browser; form: PostedForm }> {
      idp.user = { sub: `001.hostile.${strategy}.${++n}`, email: `hostile-${strategy}-${n}@example.test`, firstName: "Eve", lastName: "Hostile" }
      const browser = new Browser(config)
      return { browser, form: await authorizeAtApple(await startSignIn(browser, "apple")) }
    }

    /** The cross-site POST as a raw body, with Apple's cookie-less request. */
    const rawPost = (browser: Browser, body: string, contentType = "application/x-www-form-urlencoded") =>
      browser.send(CALLBACK, { body, headers: { "content-type": contentType }, cookie: "", method: "POST" })

    function expectSafeRelay(res: Response, html: string): void {
      expect(res.status).toBe(200)
      expect(res.headers.get("content-security-policy")).toBe(FORM_POST_RELAY_CSP)
      // Only the page's own script and markup; whatever was posted stays inside a quoted value.
      expect(html.match(/<script/gi)).toHaveLength(1)
      const tags = [...html.matchAll(/<\/?([a-z!]+)/gi)].map((m) => m[1]!.toLowerCase())
      expect(new Set(tags)).toEqual(new Set(["!doctype", "html", "head", "meta", "title", "body", "form", "input", "noscript", "p", "button", "script"]))
      for (const input of html.match(/<input[^>]*>/g) ?? []) expect(input).toMatch(/^<input type="hidden" name="[^"<>]*" value="[^"<>]*">$/)
      expect(setCookies(res)).toEqual([])
    }

    it("the relay page escapes every reflected field and keeps its CSP", async () => {
      const { browser, form } = await atApple()
      const fields = { ...form.fields, state: HOSTILE, user: HOSTILE, iss: HOSTILE, error_description: HOSTILE, [HOSTILE]: HOSTILE }
      const relay = await postFromApple(browser, { ...form, fields })
      const html = await relay.clone().text()
      expectSafeRelay(relay, html)
      // Known fields come back as sent (decoded), unknown ones not at all.
      const echoed = formOf(html).fields
      expect(echoed.user).toBe(HOSTILE)
      expect(Object.keys(echoed).sort()).toEqual(["code", "error_description", "id_token", "iss", "relayed", "state", "user"])
      const res = await followRelay(browser, relay)
      expect(res.status).toBe(302)
      expect(errorOf(res).error).toBe("InvalidCheck")
      expect(await sessionOf(browser)).toBeNull()
    })

    it("missing code or state, and duplicated ones: a relay page, then a refusal; never a session or a 500", async () => {
      const { browser, form } = await atApple()
      const { code, state } = form.fields as { code: string; state: string }
      for (const body of [
        `state=${encodeURIComponent(state)}`,
        `code=${encodeURIComponent(code)}`,
        "",
        `code=forged&code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}&state=other`,
      ]) {
        const relay = await rawPost(browser, body)
        expectSafeRelay(relay, await relay.clone().text())
        const res = await followRelay(browser, relay)
        expect(res.status, body).toBe(302)
        expect(errorOf(res).error, body).not.toBeNull()
      }
      expect(await sessionOf(browser)).toBeNull()
    })

    it("oversized fields (1 MB code, state or user) and the wrong content type: a 4xx or the error page, no cookie", async () => {
      const { browser, form } = await atApple()
      const mb = "A".repeat(1024 * 1024)
      for (const name of ["code", "state", "user"]) {
        const body = new URLSearchParams({ ...form.fields, [name]: mb }).toString()
        for (const relayed of [false, true]) {
          const res = relayed ? await browser.send(CALLBACK, { body: `${body}&relayed=1`, headers: { "content-type": "application/x-www-form-urlencoded" }, method: "POST" }) : await rawPost(browser, body)
          expect(res.status, `${name} relayed=${relayed}`).toBe(413)
        }
      }
      for (const type of ["application/json", "text/plain", "multipart/form-data; boundary=x", "application/xml"]) {
        const body = type === "application/json" ? JSON.stringify(form.fields) : new URLSearchParams(form.fields).toString()
        const res = await browser.send(CALLBACK, { body, headers: { "content-type": type }, method: "POST" })
        // JSON is read as the fields: the relay page again, which sets nothing. The others are refused.
        if (res.status === 200) expectSafeRelay(res, await res.clone().text())
        else expect([302, 400, 415], type).toContain(res.status)
        expect(setCookies(res).filter((c) => c.name.includes("session-token"))).toEqual([])
      }
      expect(await sessionOf(browser)).toBeNull()
    })

    it("a `user` field that is not JSON (or is JSON of the wrong shape): the sign-in works, named from nothing it could not read", async () => {
      for (const user of ["{not json", "[]", "null", '{"name":"not an object"}', '{"name":{"firstName":{"x":1},"lastName":42}}', "9".repeat(5000)]) {
        const { browser, form } = await atApple()
        const res = await followRelay(browser, await postFromApple(browser, { ...form, fields: { ...form.fields, user } }))
        expect(res.status, user).toBe(302)
        expect(errorOf(res).error, user).toBeNull()
        const session = await sessionOf(browser)
        expect(session?.user?.email, user).toBe(idp.user!.email)
        expect(typeof (session?.user?.name ?? ""), user).toBe("string")
      }
    })

    it("50 relayed POSTs of one code at once: one session, the others refused, none a 500", async () => {
      const { browser, form } = await atApple()
      const relay = await postFromApple(browser, form)
      const fields = formOf(await relay.text()).fields
      const sessionsBefore = await db.prisma.session.count()
      const answers = await Promise.all(Array.from({ length: 50 }, () => browser.send(CALLBACK, { form: fields, keepJar: true })))
      for (const res of answers) expect(res.status).toBe(302)
      const signedIn = answers.filter((res) => errorOf(res).error === null)
      // The stand-in, as Apple, redeems a code once: the first exchange wins, the rest are refused.
      expect(signedIn).toHaveLength(1)
      const withSessionCookie = answers.filter((res) => setCookies(res).some((c) => c.name.endsWith("session-token") && c.value !== ""))
      expect(withSessionCookie).toHaveLength(1)
      if (strategy === "database") expect((await db.prisma.session.count()) - sessionsBefore).toBe(1)
      expect(await db.prisma.user.count({ where: { email: idp.user!.email } })).toBe(1)
    })
  })
}
