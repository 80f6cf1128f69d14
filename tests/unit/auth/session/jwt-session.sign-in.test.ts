/**
 * jwt strategy: a sign-in always issues a new session token, whatever session
 * cookie the browser already holds (one planted by an attacker included), and
 * the token carries nothing from the network (no address, no user agent).
 * The database strategy's counterpart: tests/integration/auth/sign-in-replaces-session.test.ts.
 */
import { describe, expect, it } from "vitest"
import { Auth, type AuthConfig } from "@/lib/auth"
import { decode, encode } from "@/lib/auth/jwt"
import Credentials from "@/lib/auth/providers/credentials"

const ORIGIN = "http://localhost:3000"
const SECRET = "new-token-on-sign-in-secret-0123456789abcdef"
const SALT = "authjs.session-token"
const config: AuthConfig = {
  secret: SECRET,
  trustHost: true,
  basePath: "/auth",
  session: { strategy: "jwt" },
  providers: [Credentials({ credentials: { email: {} }, authorize: (c) => ({ id: `user-${String(c.email)}`, email: String(c.email) }) })],
}

async function signIn(email: string, sessionCookie?: string, headers: Record<string, string> = {}): Promise<string> {
  const csrf = await Auth(new Request(`${ORIGIN}/auth/csrf`), config)
  const { csrfToken } = (await csrf.json()) as { csrfToken: string }
  const cookie = [csrf.headers.getSetCookie()[0]!.split(";")[0]!, sessionCookie && `${SALT}=${sessionCookie}`].filter(Boolean).join("; ")
  const res = await Auth(
    new Request(`${ORIGIN}/auth/callback/credentials`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ csrfToken, email }),
    }),
    config,
  )
  expect(res.status).toBe(302)
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${SALT}=`))
  return decodeURIComponent(set!.split(";")[0]!.slice(SALT.length + 1))
}

describe("jwt strategy: signing in", () => {
  it("issues a new token on every sign-in, replacing the one the browser held", async () => {
    const first = await signIn("jane@example.com")
    const second = await signIn("jane@example.com", first)
    expect(second).not.toBe(first)
    const claims = await decode({ token: second, secret: SECRET, salt: SALT })
    expect(claims?.jti).not.toBe((await decode({ token: first, secret: SECRET, salt: SALT }))?.jti)
  })

  it("does not keep a planted session: the victim's sign-in yields their own, fresh token", async () => {
    const planted = await encode({ token: { sub: "user-attacker@example.com", email: "attacker@example.com", jti: "fixed" }, secret: SECRET, salt: SALT })
    const issued = await signIn("victim@example.com", planted)
    expect(issued).not.toBe(planted)
    const claims = await decode({ token: issued, secret: SECRET, salt: SALT })
    expect(claims).toMatchObject({ email: "victim@example.com" })
    expect(claims?.jti).not.toBe("fixed")
  })

  it("binds the session to nothing from the network: the same token works from any address and browser", async () => {
    const token = await signIn("roamer@example.com", undefined, { "user-agent": "Browser A", "x-forwarded-for": "1.2.3.4" })
    const claims = await decode({ token, secret: SECRET, salt: SALT })
    expect(JSON.stringify(claims)).not.toMatch(/Browser A|1\.2\.3\.4/)
    const res = await Auth(new Request(`${ORIGIN}/auth/session`, { headers: { cookie: `${SALT}=${token}`, "user-agent": "Browser B", "x-forwarded-for": "5.6.7.8" } }), config)
    expect(((await res.json()) as { user?: { email?: string } }).user?.email).toBe("roamer@example.com")
  })
})
