/**
 * The pending cookie carries the provider's tokens (the jwt callback after the
 * second step sees them), split into chunks when they are large, and read
 * back whole; clearing it deletes every chunk.
 */
import { describe, expect, it } from "vitest"
import { resolveAuthConfig } from "@/lib/auth/auth"
import { createContext } from "@/lib/auth/context"
import { parseRequest } from "@/lib/auth/http/request"
import Credentials from "@/lib/auth/providers/credentials"
import { clearPendingCookie, hasPendingCookie, pendingCookie, readPending } from "@/lib/auth/two-factor/pending"
import type { Cookie } from "@/lib/auth/types"

const config = resolveAuthConfig({
  secret: "pending-cookie-test-secret-0123456789abcdef",
  trustHost: true,
  providers: [Credentials({ authorize: async () => null })],
})

async function contextWith(cookies: Cookie[] = []) {
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ")
  const request = new Request("http://localhost:3000/api/auth/two-factor", { headers: cookie ? { cookie } : {} })
  return createContext(config, await parseRequest(request, "/api/auth"))
}

const pending = (accessToken: string) => ({
  user: { id: "user-1", name: "Ada", email: "ada@example.com", image: null },
  account: { type: "oidc" as const, provider: "oidc", providerAccountId: "sub-1", access_token: accessToken, refresh_token: "r", id_token: "i" },
  isNewUser: false,
  callbackUrl: "http://localhost:3000/dashboard",
  method: "oauth" as const,
  enrol: false,
  startedAt: 1_790_000_000_123,
})

describe("the pending cookie", () => {
  it("keeps the provider's tokens, in one cookie when they are small", async () => {
    const cookies = await pendingCookie(await contextWith(), pending("small-token"))
    expect(cookies.map((c) => c.name)).toEqual(["authjs.two-factor"])
    expect(cookies[0]!.options.maxAge).toBe(300)
    const read = await readPending(await contextWith(cookies))
    expect(read?.account).toMatchObject({ access_token: "small-token", refresh_token: "r", id_token: "i" })
    // When the sign-in began travels with it, to the millisecond, for the second step's session.
    expect(read?.startedAt).toBe(1_790_000_000_123)
  })

  it("splits large tokens over chunks, reads them back whole, and clears every chunk", async () => {
    const big = "x".repeat(9000)
    const cookies = await pendingCookie(await contextWith(), pending(big))
    expect(cookies.length).toBeGreaterThan(1)
    expect(cookies.map((c) => c.name)).toEqual(cookies.map((_, i) => `authjs.two-factor.${i}`))
    for (const c of cookies) expect(c.value.length).toBeLessThan(4000)
    const ctx = await contextWith(cookies)
    expect(hasPendingCookie(ctx)).toBe(true)
    expect((await readPending(ctx))?.account?.access_token).toBe(big)
    const cleared = clearPendingCookie(ctx)
    expect(cleared.map((c) => [c.name, c.options.maxAge])).toEqual([
      ["authjs.two-factor", 0],
      ...cookies.map((c) => [c.name, 0]),
    ])
  })
})
