/**
 * The browser passkey client (lib/auth/webauthn) when adding a passkey needs
 * step-up first: it reports `code: REAUTHENTICATION_REQUIRED` with the
 * re-authenticate page's URL, goes there unless `redirect: false`, and starts
 * no ceremony. The network is the only stand-in: fetch() hands each request
 * to Auth() with a browser's cookie jar.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Auth } from "@/lib/auth"
import type { AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import Passkey from "@/lib/auth/providers/passkey"
import { REAUTHENTICATION_REQUIRED, signIn } from "@/lib/auth/webauthn"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { ageProof } from "@/tests/integration/auth/step-up/support"
import { BASE, Browser, ORIGIN, SECRET } from "@/tests/integration/auth/support"

let db: TestDatabase
let config: AuthConfig
let browser: Browser
const assigned: string[] = []
const realFetch = globalThis.fetch
const g = globalThis as unknown as { window?: unknown }

beforeAll(async () => {
  db = await createTestDatabase("sqlite")
  await db.prisma.user.create({ data: { id: "u1", email: "ada@example.com", name: "Ada" } })
  config = {
    secret: SECRET,
    trustHost: true,
    basePath: BASE,
    adapter: PrismaAdapter(db.prisma),
    session: { strategy: "jwt" },
    experimental: { enableWebAuthn: true },
    logger: { error: () => {}, warn: () => {} },
    providers: [
      Passkey(),
      Credentials({ authorize: async (c) => (c.password === "right" ? { id: "u1", name: "Ada", email: "ada@example.com" } : null) }),
    ],
  }
  browser = new Browser(config)
  g.window = { location: { href: `${ORIGIN}/settings`, assign: (url: string) => void assigned.push(url), reload: () => {} } }
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers)
    const cookie = browser.cookieHeader()
    if (cookie) headers.set("cookie", cookie)
    const request = new Request(new URL(String(input), ORIGIN), { method: init?.method ?? "GET", headers, body: init?.body })
    const response = await Auth(request, config)
    browser.store(response)
    return response
  }) as typeof fetch
})
afterAll(async () => {
  globalThis.fetch = realFetch
  delete g.window
  await db.cleanup()
})

describe("adding a passkey with a stale proof", () => {
  it("reports reauthentication_required with the page's URL, and goes there unless redirect is false", async () => {
    expect((await browser.signInWithCredentials({ password: "right" })).status).toBe(302)
    await ageProof(browser, 601)
    const page = `${ORIGIN}${BASE}/reauthenticate?${new URLSearchParams({ callbackUrl: `${ORIGIN}/settings`, code: REAUTHENTICATION_REQUIRED })}`

    const result = await signIn("passkey", { action: "register", redirect: false, basePath: BASE })
    expect(result).toEqual({ ok: false, error: "ReauthenticationRequired", code: "reauthentication_required", status: 403, url: page })
    expect(assigned).toEqual([])

    await signIn("passkey", { action: "register", basePath: BASE })
    expect(assigned).toEqual([page])
    expect(await db.prisma.authenticator.count()).toBe(0)
  })
})
