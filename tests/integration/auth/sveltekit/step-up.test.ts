/**
 * requireRecentAuthentication for SvelteKit (step-up, ASVS 7.5.1): a recent
 * proof resolves to the session; a stale one throws SvelteKit's 303 redirect
 * to the re-authenticate page (pages.reauthenticate when set); signed out
 * redirects to sign-in.
 */
import { isRedirect } from "@sveltejs/kit"
import { describe, expect, it } from "vitest"
import { requireRecentAuthentication } from "@/lib/auth/sveltekit"
import { alice, aliceConfig, Browser, ORIGIN, withEnv } from "../support"
import { ageProof } from "../step-up/support"

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
