/**
 * A custom page is handed the callback URL only after the redirect callback
 * accepted it, as GET /signin does for pages.signIn. GET /signout used to
 * forward the raw query value to pages.signOut, so
 * /api/auth/signout?callbackUrl=https://evil.example landed on the app's own
 * sign-out page carrying an attacker's URL as if the library had vetted it.
 */
import { describe, expect, it } from "vitest"
import type { AuthConfig } from "@/lib/auth"
import Credentials from "@/lib/auth/providers/credentials"
import { BASE, Browser, ORIGIN, SECRET } from "@/tests/integration/auth/support"

function config(pages: AuthConfig["pages"]): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    basePath: BASE,
    pages,
    providers: [Credentials({ credentials: { email: {} }, authorize: async () => null })],
  }
}

function callbackParam(res: Response): string | null {
  return new URL(res.headers.get("location")!).searchParams.get("callbackUrl")
}

describe("custom pages get vetted callback URLs", () => {
  it.each(["https://evil.example/phish", "//evil.example", "javascript:alert(1)"])(
    "GET /signout?callbackUrl=%s → pages.signOut gets the origin instead",
    async (hostile) => {
      const browser = new Browser(config({ signOut: "/bye" }))
      const res = await browser.send(`${BASE}/signout?${new URLSearchParams({ callbackUrl: hostile })}`)
      expect(res.status).toBe(302)
      expect(new URL(res.headers.get("location")!).pathname).toBe("/bye")
      expect(callbackParam(res)).toBe(ORIGIN)
    },
  )

  it("a same-origin callbackUrl reaches pages.signOut resolved", async () => {
    const browser = new Browser(config({ signOut: "/bye" }))
    const res = await browser.send(`${BASE}/signout?callbackUrl=%2Fafter`)
    expect(callbackParam(res)).toBe(`${ORIGIN}/after`)
  })

  it("the same hostile value is refused on the pages.signIn path too", async () => {
    const browser = new Browser(config({ signIn: "/login" }))
    const res = await browser.send(`${BASE}/signin?callbackUrl=https%3A%2F%2Fevil.example`)
    expect(callbackParam(res)).toBe(ORIGIN)
  })
})
