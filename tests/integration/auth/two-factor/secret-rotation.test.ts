/**
 * Rotating AUTH_SECRET (old secrets still decrypt after rotation, or every user would be signed out):
 * a TOTP secret sealed under the old secret keeps working once the deployment
 * lists the new secret first and the old one second, through the whole
 * sign-in (password, pending cookie, code, session), and a setup begun before
 * the rotation can still be confirmed after it. Dropping the old secret is
 * the operator's choice to make the sealed secrets unreadable: a TOTP code
 * then ends on the Configuration error page with no session, while the
 * recovery codes (hashed, not sealed) still sign in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Secret, TOTP } from "otpauth"
import { beginTwoFactorSetup, confirmTwoFactorSetup, getTwoFactorStatus, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, ORIGIN, OTHER_SECRET, SECRET } from "../support"

const PASSWORD = "correct-horse-battery-9"
const OLD = SECRET
const NEW = OTHER_SECRET

function codeFor(secret: string, stepOffset = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 })
  return totp.generate({ timestamp: Date.now() + stepOffset * 30_000 })
}

describe.each(["database", "jwt"] as const)("AUTH_SECRET rotation and two-factor (%s sessions)", (strategy) => {
  let db: TestDatabase
  let n = 0

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
  })
  afterAll(async () => {
    await db.cleanup()
  })

  function configWith(secret: string | string[]): AuthConfig {
    return {
      secret,
      trustHost: true,
      basePath: BASE,
      adapter: PrismaAdapter(db.prisma),
      session: { strategy },
      callbacks: {
        session: ({ session, user, token }) => ({ ...session, user: { ...session.user, id: user?.id ?? token?.sub } }),
      },
      providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) })],
    }
  }

  async function newUser(): Promise<{ id: string; email: string }> {
    const email = `rotation-${strategy}-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: "User", password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    return { id: created.user.id, email }
  }

  /** Password, then `code`, all under `config`: where the second step sends the browser, and its session. */
  async function signIn(config: AuthConfig, email: string, code: string) {
    const browser = new Browser(config)
    const first = await browser.signInWithCredentials({ email, password: PASSWORD, callbackUrl: "/dashboard" })
    expect(first.headers.get("location")).toContain(`${BASE}/two-factor?callbackUrl=`)
    const csrfToken = await browser.csrfToken()
    const second = await browser.send(`${BASE}/two-factor`, { form: { csrfToken, code } })
    expect(second.status).toBe(302)
    const session = (await (await browser.send(`${BASE}/session`)).json()) as { user?: { id?: string } } | null
    return { location: second.headers.get("location"), session }
  }

  it("enrolled under the old secret, the code still signs in with [new, old]", async () => {
    const user = await newUser()
    const before = configWith(OLD)
    const setup = await beginTwoFactorSetup(before, user)
    await confirmTwoFactorSetup(before, user.id, setup.sealedSecret, codeFor(setup.secret))
    const stored = (await db.prisma.twoFactor.findUniqueOrThrow({ where: { userId: user.id } })).secret

    const rotated = configWith([NEW, OLD])
    expect((await getTwoFactorStatus(rotated, user.id)).enabled).toBe(true)
    const { location, session } = await signIn(rotated, user.email, codeFor(setup.secret, 1))
    expect(location).toBe(`${ORIGIN}/dashboard`)
    expect(session?.user?.id).toBe(user.id)
    // Nothing was rewritten to make it work: the old secret opened the stored value.
    expect((await db.prisma.twoFactor.findUniqueOrThrow({ where: { userId: user.id } })).secret).toBe(stored)
  })

  it("a setup begun before the rotation is confirmed after it, and signs in under the new secret alone", async () => {
    const user = await newUser()
    const setup = await beginTwoFactorSetup(configWith(OLD), user)
    const rotated = configWith([NEW, OLD])
    await confirmTwoFactorSetup(rotated, user.id, setup.sealedSecret, codeFor(setup.secret))
    // Confirmed after the rotation, the stored secret is sealed under the new secret: the old one may go.
    const { location, session } = await signIn(configWith(NEW), user.email, codeFor(setup.secret, 1))
    expect(location).toBe(`${ORIGIN}/dashboard`)
    expect(session?.user?.id).toBe(user.id)
  })

  it("with the old secret dropped, a TOTP code sealed under it is a configuration error, not a session; a recovery code still works", async () => {
    const user = await newUser()
    const before = configWith(OLD)
    const setup = await beginTwoFactorSetup(before, user)
    const { recoveryCodes } = await confirmTwoFactorSetup(before, user.id, setup.sealedSecret, codeFor(setup.secret))
    const dropped = configWith(NEW)
    const totp = await signIn(dropped, user.email, codeFor(setup.secret, 1))
    expect(totp.location).toBe(`${ORIGIN}${BASE}/error?error=Configuration`)
    expect(totp.session).toBeNull()
    // Recovery codes are hashed, not sealed: they do not depend on the secret.
    const recovery = await signIn(dropped, user.email, recoveryCodes[0]!)
    expect(recovery.location).toBe(`${ORIGIN}/dashboard`)
    expect(recovery.session?.user?.id).toBe(user.id)
  })
})
