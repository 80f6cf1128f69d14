/**
 * A malformed AUTH_URL that got past the start-up check (an app without
 * instrumentation.ts): requests must not fail. AUTH_URL=localhost:4102 used
 * to make every page a 500 ("Failed to parse URL from null4102/session"):
 * the value was read as origin "null" and base path "4102".
 */
import { NextRequest } from "next/server"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import NextAuth, { resolveBasePath } from "@/lib/auth/next"
import Credentials from "@/lib/auth/providers/credentials"
import { envFor } from "@/tests/helpers/env"

const env = envFor(["AUTH_URL", "AUTH_TRUST_HOST", "AUTH_SECRET"])
beforeEach(() => env.set({ AUTH_URL: "localhost:4102", AUTH_TRUST_HOST: undefined, AUTH_SECRET: undefined }))
afterEach(() => env.restore())

const config = () => ({
  secret: "malformed-auth-url-secret-0123456789abcdef",
  providers: [Credentials({ credentials: { email: {} }, authorize: async () => null })],
  callbacks: { authorized: ({ auth }: { auth: unknown }) => Boolean(auth) },
})

describe("AUTH_URL without a scheme, at request time", () => {
  it("keeps the default base path", () => {
    expect(resolveBasePath({}, process.env)).toBe("/api/auth")
  })

  it("the middleware reads no session and sends the user to sign-in, instead of throwing", async () => {
    const { auth } = NextAuth(config())
    const res = await auth(new NextRequest("http://localhost:4102/dashboard", { headers: { host: "localhost:4102" } }))
    expect(res.status).toBe(307)
    expect(new URL(res.headers.get("location")!).pathname).toBe("/api/auth/signin")
  })

  it("the auth routes answer the server-configuration page (the log names AUTH_URL), not an exception", async () => {
    const { handlers } = NextAuth(config())
    const res = await handlers.GET(new NextRequest("http://localhost:4102/api/auth/signin", { headers: { host: "localhost:4102" } }))
    expect(await res.text()).toContain("There is a problem with the server configuration.")
  })
})
