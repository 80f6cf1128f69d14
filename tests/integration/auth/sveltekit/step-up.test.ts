/**
 * requireRecentAuthentication for SvelteKit (step-up, ASVS 7.5.1): a recent
 * proof resolves to the session; a stale one throws SvelteKit's 303 redirect
 * to the re-authenticate page (pages.reauthenticate when set); signed out
 * redirects to sign-in. A two-factor user's password alone (or any try
 * without the second factor), posted through the handle, leaves the guarded
 * two-factor actions refused; password and code open them. Both strategies.
 */
import { isRedirect } from "@sveltejs/kit"
import { describe, expect, it } from "vitest"
import { disableTwoFactor, regenerateRecoveryCodes } from "@/lib/auth"
import { requireRecentAuthentication, SvelteKitAuth } from "@/lib/auth/sveltekit"
import { alice, aliceConfig, Browser, ORIGIN, withEnv } from "../support"
import { ada, ageMemoryProof, ageProof, memoryDatabase, passwords, stepUpConfig, turnOnTwoFactor } from "../step-up/support"
import { finish, requestEvent, type TestEvent } from "./event"

async function redirectOf(promise: Promise<unknown>): Promise<{ status: number; location: string }> {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  )
  if (!isRedirect(thrown)) throw new Error(`expected a redirect, got ${String(thrown)}`)
  return { status: thrown.status, location: thrown.location }
}

const request = (browser: Browser) => new Request(`${ORIGIN}/settings`, { method: "POST", headers: { cookie: browser.cookieHeader() } })

describe("requireRecentAuthentication (SvelteKit)", () => {
  it("resolves to the session on a recent proof; redirects a stale one to re-authenticate, a signed-out one to sign-in", async () => {
    await withEnv({ AUTH_URL: undefined, NEXTAUTH_URL: undefined }, async () => {
      const config = aliceConfig()
      const kit = { ...config, basePath: "/auth" }
      const browser = new Browser(config)
      expect(await redirectOf(requireRecentAuthentication(request(browser), kit, { callbackUrl: "/settings" }))).toEqual({
        status: 303,
        location: "/auth/signin?callbackUrl=%2Fsettings",
      })

      expect((await browser.signInWithCredentials({ email: alice.email!, password: "correct" })).status).toBe(302)
      expect((await requireRecentAuthentication(request(browser), kit)).user?.email).toBe(alice.email)

      await ageProof(browser, 601)
      expect(await redirectOf(requireRecentAuthentication(request(browser), kit, { callbackUrl: "/settings" }))).toEqual({
        status: 303,
        location: "/auth/reauthenticate?callbackUrl=%2Fsettings",
      })
      const custom = { ...kit, pages: { reauthenticate: "/confirm" } }
      expect((await redirectOf(requireRecentAuthentication(request(browser), custom, { callbackUrl: "/settings" }))).location).toBe(
        "/confirm?callbackUrl=%2Fsettings",
      )
    })
  })
})

describe.each(["database", "jwt"] as const)("a two-factor user's step-up through SvelteKit (%s strategy)", (strategy) => {
  it("the password alone gets no proof and the actions stay refused; password and code open them", async () => {
    await withEnv({ AUTH_URL: undefined, NEXTAUTH_URL: undefined }, async () => {
      const db = memoryDatabase()
      const config = stepUpConfig(strategy, db)
      const kit = SvelteKitAuth(config)
      /** The app's two-factor form actions behind the guard, as Settings has them; the guard's redirect answered as SvelteKit does. */
      const actions: Record<string, (request: Request) => Promise<unknown>> = {
        "/settings/recovery-codes": async (request) => {
          await requireRecentAuthentication(request, config, { callbackUrl: "/settings" })
          return regenerateRecoveryCodes(config, ada.id)
        },
        "/settings/two-factor/off": async (request) => {
          await requireRecentAuthentication(request, config, { callbackUrl: "/settings" })
          return disableTwoFactor(config, ada.id)
        },
      }
      const client = new Browser(config, ORIGIN, async (request) => {
        const event = requestEvent(request)
        const response = await kit.handle({
          event,
          resolve: async (e: TestEvent) => {
            const action = actions[e.url.pathname]
            if (!action) return new Response("page")
            try {
              await action(e.request)
              return new Response("done")
            } catch (thrown) {
              if (isRedirect(thrown)) return new Response(null, { status: thrown.status, headers: { location: thrown.location } })
              throw thrown
            }
          },
        })
        return finish(response, event)
      })

      expect((await client.signInWithCredentials({ email: ada.email!, password: passwords[ada.email!]! })).status).toBe(302)
      const { totp, recovery } = await turnOnTwoFactor(config, db, ada.id)
      await ageMemoryProof(db, client, 3600)

      const reauthenticate = async (form: Record<string, string>) =>
        client.send("/auth/reauthenticate", { form: { csrfToken: await client.csrfToken(), callbackUrl: "/settings", ...form } })
      const withoutSecondFactor: Record<string, string>[] = [
        { method: "password", password: passwords[ada.email!]! },
        { method: "password", password: passwords[ada.email!]!, code: "000000" },
        { method: "code", code: recovery[0]! },
      ]
      for (const form of withoutSecondFactor) {
        const tried = await reauthenticate(form)
        expect(new URL(tried.headers.get("location")!).searchParams.get("error")).toMatch(/^(missing_code|wrong_password_or_code|unavailable_method)$/)
        for (const path of Object.keys(actions)) {
          const refused = await client.send(path, { method: "POST" })
          expect(refused.status).toBe(303)
          expect(refused.headers.get("location")).toBe("/auth/reauthenticate?callbackUrl=%2Fsettings")
        }
        expect(db.twoFactor.has(ada.id)).toBe(true)
      }

      const confirmed = await reauthenticate({ method: "password", password: passwords[ada.email!]!, code: totp.generate() })
      expect(new URL(confirmed.headers.get("location")!).pathname).toBe("/settings")
      expect(await (await client.send("/settings/recovery-codes", { method: "POST" })).text()).toBe("done")
      expect(await (await client.send("/settings/two-factor/off", { method: "POST" })).text()).toBe("done")
      expect(db.twoFactor.has(ada.id)).toBe(false)
    })
  })
})
