/**
 * Two-factor waits for a confirmed address: the Settings
 * server actions themselves refuse enrolment while the account's address is
 * unverified, whatever the page showed, and write nothing; once the address
 * is confirmed the same calls turn it on. The real actions of
 * app/(protected)/settings/two-factor-actions.ts run against the app's own
 * configuration (auth.ts) on a real SQLite file, with a signed-in database
 * session whose proof of identity is recent; next/headers is backed by real
 * Headers, as a Next request would give them.
 */
import { RequestCookies } from "next/dist/compiled/@edge-runtime/cookies"
import { URI } from "otpauth"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { signUp } from "@/server/accounts/users"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { envFor } from "@/tests/helpers/env"

const incoming = { headers: new Headers() }
vi.mock("next/headers", () => ({
  headers: async () => incoming.headers,
  cookies: async () => new RequestCookies(incoming.headers),
}))
vi.mock("next/cache", () => ({ revalidatePath: () => {} }))

const ORIGIN = "http://app.localhost:3000"
const env = envFor(["AUTH_SECRET", "AUTH_URL", "AUTH_SESSION_STRATEGY", "DATABASE_URL", "EMAIL_SERVER"])

let db: TestDatabase
let actions: typeof import("@/app/(protected)/settings/two-factor-actions")
let n = 0

beforeAll(async () => {
  db = await createTestDatabase("sqlite")
  env.set({
    AUTH_SECRET: "two-factor-unproven-secret-0123456789abcdef",
    AUTH_URL: ORIGIN,
    AUTH_SESSION_STRATEGY: "database",
    DATABASE_URL: db.url,
    EMAIL_SERVER: undefined,
  })
  actions = await import("@/app/(protected)/settings/two-factor-actions")
})

afterAll(async () => {
  env.restore()
  await db?.cleanup()
})

/** A password sign-up signed in in this "browser" (a database session with a fresh proof of identity). */
async function signedInUser(): Promise<{ id: string; email: string }> {
  const email = `unproven-${++n}@example.test`
  const created = await signUp(db.prisma, { email, name: "Grace", password: "compiler pioneer 1952" })
  if (!created.ok) throw new Error(created.message)
  const sessionToken = `session-${n}-${Math.random().toString(36).slice(2)}`
  await db.prisma.session.create({
    data: { sessionToken, userId: created.user.id, expires: new Date(Date.now() + 86_400_000), authenticatedAt: new Date() },
  })
  incoming.headers = new Headers({
    host: "app.localhost:3000",
    origin: ORIGIN,
    "user-agent": "TestBrowser/1.0",
    "x-forwarded-for": "198.51.100.20",
    cookie: `authjs.session-token=${sessionToken}`,
  })
  return { id: created.user.id, email }
}

/** What enrolment would write: the user row and its second factors. */
async function twoFactorRecords(userId: string) {
  const [user, twoFactor, recoveryCodes] = await Promise.all([
    db.prisma.user.findUniqueOrThrow({ where: { id: userId } }),
    db.prisma.twoFactor.findMany({ where: { userId } }),
    db.prisma.recoveryCode.findMany({ where: { userId } }),
  ])
  return { user, twoFactor, recoveryCodes }
}

describe("Settings › Two-factor authentication on an unverified address", () => {
  it("both actions refuse, saying why, and the database is unchanged", async () => {
    const user = await signedInUser()
    const before = await twoFactorRecords(user.id)

    const begun = await actions.beginTwoFactorSetupAction({})
    expect(begun).toMatchObject({ ok: false, needsVerifiedAddress: true })
    expect(begun.setup).toBeUndefined()
    expect(begun.message).toMatch(/^Confirm your email address before turning on two-factor authentication: .*take the account back/)

    // A setup made elsewhere (or an old page's form) is refused too, with a code that would be right.
    const { beginTwoFactorSetup } = await import("@/lib/auth")
    const { authConfig } = await import("@/auth")
    const setup = await beginTwoFactorSetup(authConfig, user)
    const form = new FormData()
    form.set("sealedSecret", setup.sealedSecret)
    form.set("code", URI.parse(setup.uri).generate())
    const confirmed = await actions.confirmTwoFactorSetupAction({}, form)
    expect(confirmed).toMatchObject({ ok: false, needsVerifiedAddress: true })
    expect(confirmed.recoveryCodes).toBeUndefined()

    expect(await twoFactorRecords(user.id)).toEqual(before)
    expect(before.twoFactor).toEqual([])
  })

  it("once the address is confirmed, the same actions turn two-factor on", async () => {
    const user = await signedInUser()
    await db.prisma.user.update({ where: { id: user.id }, data: { emailVerified: new Date() } })
    const begun = await actions.beginTwoFactorSetupAction({})
    if (!begun.setup) throw new Error(`refused: ${begun.message}`)
    const form = new FormData()
    form.set("sealedSecret", begun.setup.sealedSecret)
    form.set("code", URI.parse(begun.setup.uri).generate())
    const confirmed = await actions.confirmTwoFactorSetupAction({}, form)
    expect(confirmed).toMatchObject({ ok: true, message: "Two-factor authentication is on." })
    expect(confirmed.recoveryCodes).toHaveLength(10)
    expect(await db.prisma.twoFactor.count({ where: { userId: user.id } })).toBe(1)
  })

  it("an account without an address may turn it on (no mailbox can take it back)", async () => {
    const user = await signedInUser()
    await db.prisma.user.update({ where: { id: user.id }, data: { email: null } })
    const begun = await actions.beginTwoFactorSetupAction({})
    expect(begun.setup?.sealedSecret).toBeTruthy()
  })
})
