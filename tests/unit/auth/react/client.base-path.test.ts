/**
 * The React client follows the base path the SessionProvider was given, so a
 * configured base path moves the browser's calls too. The network is the only
 * stand-in: fetch() hands each request to the real Auth().
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Auth } from "@/lib/auth"
import Credentials from "@/lib/auth/providers/credentials"
import { defaultBasePath, getProviders, getSession, setDefaultBasePath, signIn } from "@/lib/auth/react/client"
import type { AuthConfig } from "@/lib/auth/config/types"

const ORIGIN = "http://localhost:3000"
const config: AuthConfig = {
  secret: "react-base-path-suite-secret-0123456789abcdef",
  trustHost: true,
  basePath: "/custom/auth",
  session: { strategy: "jwt" },
  providers: [Credentials({ credentials: { email: {} }, authorize: () => null })],
}

const requested: string[] = []
const assigned: string[] = []
const realFetch = globalThis.fetch
const g = globalThis as unknown as { window?: unknown }

beforeAll(() => {
  g.window = { location: { href: `${ORIGIN}/somewhere`, assign: (url: string) => void assigned.push(url), reload: () => {} } }
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), ORIGIN)
    requested.push(url.pathname)
    return Auth(new Request(url, init), config)
  }) as typeof fetch
})

afterAll(() => {
  globalThis.fetch = realFetch
  delete g.window
  setDefaultBasePath("/api/auth")
})

describe("the React client's base path", () => {
  it("is /api/auth until a provider names another", () => {
    expect(defaultBasePath()).toBe("/api/auth")
  })

  it("moves every call to the base path the provider was given", async () => {
    setDefaultBasePath("/custom/auth/")
    expect(await getSession()).toBeNull()
    const providers = await getProviders()
    expect(providers?.credentials?.signinUrl).toBe(`${ORIGIN}/custom/auth/signin/credentials`)
    await signIn()
    expect(requested).toEqual(["/custom/auth/session", "/custom/auth/providers"])
    expect(assigned).toEqual([`/custom/auth/signin?${new URLSearchParams({ callbackUrl: `${ORIGIN}/somewhere` })}`])
  })
})
