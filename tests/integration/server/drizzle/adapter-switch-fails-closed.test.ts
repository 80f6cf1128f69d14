// AUTH_ADAPTER switched to drizzle over a SQLite file the Prisma adapter wrote: a user who enrolled
// two-factor, a suspended user and an admin's impersonation session are refused, never served as if
// the contract had no such thing; the production start-up check names the counts and the way back.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { banUser, startImpersonation, type AuthConfig } from "@/lib/auth"
import { PrismaAdapter } from "@/lib/auth/adapters/prisma"
import Credentials from "@/lib/auth/providers/credentials"
import { authorizeWithPassword } from "@/server/accounts/sign-in"
import { signUp } from "@/server/accounts/users"
import { starterDrizzleAdapter } from "@/server/drizzle/adapter"
import { checkAdapterSwitchAtStartup } from "@/server/drizzle/switch-check"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { BASE, Browser, ORIGIN, SECRET, recordingLogger } from "../../auth/support"

const PASSWORD = "adapter-switch-password-7731"

describe("switching to @auth/drizzle-adapter over rows the Prisma adapter wrote (sqlite, database sessions)", () => {
  let db: TestDatabase
  let file: string
  let prismaConfig: AuthConfig
  let drizzleConfig: AuthConfig
  const log = recordingLogger()
  let n = 0

  const configOn = (adapter: AuthConfig["adapter"], logger?: AuthConfig["logger"]): AuthConfig => ({
    secret: SECRET,
    basePath: BASE,
    trustHost: true,
    adapter,
    session: { strategy: "database" },
    ...(logger && { logger }),
    providers: [Credentials({ authorize: (credentials) => authorizeWithPassword(db.prisma, credentials) })],
  })

  beforeAll(async () => {
    db = await createTestDatabase("sqlite")
    file = db.url.slice("file:".length)
    prismaConfig = configOn(PrismaAdapter(db.prisma))
    drizzleConfig = configOn(starterDrizzleAdapter(file), log.logger)
  })
  afterAll(async () => db?.cleanup())

  async function account(roles?: string) {
    const email = `switch-${++n}@example.test`
    const created = await signUp(db.prisma, { email, name: `Person ${n}`, password: PASSWORD })
    if (!created.ok) throw new Error(created.message)
    if (roles) await db.prisma.user.update({ where: { id: created.user.id }, data: { roles } })
    return { id: created.user.id, email }
  }

  it("a user who enrolled two-factor under Prisma is refused with the password alone: no session, a code that says why", async () => {
    const user = await account()
    const prisma = PrismaAdapter(db.prisma)
    await prisma.enableTwoFactor!(user.id, { secret: "sealed-secret-written-by-prisma", recoveryCodeHashes: ["a".repeat(64)] })

    const browser = new Browser(drizzleConfig)
    const res = await browser.signInWithCredentials({ email: user.email, password: PASSWORD })
    const location = new URL(res.headers.get("location") ?? "", ORIGIN)
    expect(location.pathname).toBe(`${BASE}/signin`)
    expect(location.searchParams.get("error")).toBe("TwoFactorSignInError")
    expect(location.searchParams.get("code")).toBe("two_factor_unavailable")
    expect(browser.sessionValue()).toBe("")
    expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(0)
    expect(log.warnings).toContain("unserved-standing-refused")

    // The page the user lands on says why, and offers the way back (sign in again / home).
    const page = await (await browser.send(`${location.pathname}${location.search}`)).text()
    expect(page).toContain("second step that this site cannot check")

    // The same password with a user who has no second factor signs in: the refusal is the factor's.
    const plain = await account()
    const ok = new Browser(drizzleConfig)
    await ok.signInWithCredentials({ email: plain.email, password: PASSWORD })
    expect(ok.sessionValue()).not.toBe("")
  })

  it("under jwt sessions too: no token is issued to a two-factor or suspended user signing in through drizzle", async () => {
    const jwtConfig: AuthConfig = { ...drizzleConfig, session: { strategy: "jwt" } }
    const enrolled = await account()
    await PrismaAdapter(db.prisma).enableTwoFactor!(enrolled.id, { secret: "sealed-secret-written-by-prisma", recoveryCodeHashes: [] })
    const suspended = await account()
    await db.prisma.user.update({ where: { id: suspended.id }, data: { bannedAt: new Date() } })
    for (const [user, error] of [[enrolled, "TwoFactorSignInError"], [suspended, "AccountSuspended"]] as const) {
      const browser = new Browser(jwtConfig)
      const res = await browser.signInWithCredentials({ email: user.email, password: PASSWORD })
      expect(new URL(res.headers.get("location") ?? "", ORIGIN).searchParams.get("error")).toBe(error)
      expect(browser.sessionValue()).toBe("")
    }
  })

  it("a user suspended under Prisma is refused as suspended, and their session from before reads as signed out", async () => {
    const user = await account()
    const before = new Browser(drizzleConfig)
    await before.signInWithCredentials({ email: user.email, password: PASSWORD })
    expect(((await (await before.send(`${BASE}/session`)).json()) as { user?: { email?: string } } | null)?.user?.email).toBe(user.email)

    const until = new Date(Date.now() + 86_400_000)
    // Written while the Prisma adapter served: the ban's row, not its session purge, is what is left to honour.
    await db.prisma.user.update({ where: { id: user.id }, data: { bannedAt: new Date(), banReason: "abuse", banExpires: until } })

    const browser = new Browser(drizzleConfig)
    const res = await browser.signInWithCredentials({ email: user.email, password: PASSWORD })
    const location = new URL(res.headers.get("location") ?? "", ORIGIN)
    expect(location.searchParams.get("error")).toBe("AccountSuspended")
    expect(location.searchParams.get("until")).toBe(until.toISOString())
    expect(browser.sessionValue()).toBe("")
    expect(await (await before.send(`${BASE}/session`)).json()).toBeNull()
  })

  it("a ban made through the Prisma adapter's operation is refused at sign-in through drizzle", async () => {
    const user = await account()
    await banUser(prismaConfig, user.id, { reason: "r", until: null })
    const browser = new Browser(drizzleConfig)
    const res = await browser.signInWithCredentials({ email: user.email, password: PASSWORD })
    expect(new URL(res.headers.get("location") ?? "", ORIGIN).searchParams.get("error")).toBe("AccountSuspended")
    expect(browser.sessionValue()).toBe("")
  })

  it("an impersonation session row started under Prisma does not read as the target's own session through drizzle", async () => {
    const admin = await account("admin")
    const target = await account()
    const browser = new Browser(prismaConfig)
    await browser.signInWithCredentials({ email: admin.email, password: PASSWORD })
    const request = new Request(`${ORIGIN}/dashboard`, { headers: { cookie: browser.cookieHeader() } })
    const started = await startImpersonation(prismaConfig, request, { userId: admin.id, authenticatedAt: new Date() }, target.id, "support request")
    for (const c of started.cookies) browser.jar.set(c.name, c.value)
    // Under Prisma it reads as what it is: the target, marked with the admin who started it.
    const asPrisma = (await (await browser.send(`${BASE}/session`)).json()) as { user?: { email?: string }; impersonatedBy?: string }
    expect(asPrisma).toMatchObject({ user: { email: target.email }, impersonatedBy: admin.id })

    browser.config = drizzleConfig
    expect(await (await browser.send(`${BASE}/session`)).json()).toBeNull()
  })

  it("production refuses to start, naming how many users and sessions are affected and the way back; development starts with a warning", () => {
    const lines: string[] = []
    const exits: number[] = []
    const problem = checkAdapterSwitchAtStartup(file, { env: { NODE_ENV: "production" }, print: (l) => lines.push(l), exit: (c) => exits.push(c) })
    expect(exits).toEqual([1])
    expect(lines[0]).toMatch(/^\[auth\] Refusing to start: /)
    expect(problem).toContain("2 user(s) with two-factor sign-in on")
    expect(problem).toContain("3 suspended user(s)")
    expect(problem).toContain("1 live impersonation session(s)")
    expect(problem).toContain("Unset AUTH_ADAPTER")

    const dev: string[] = []
    const devExits: number[] = []
    checkAdapterSwitchAtStartup(file, { env: { NODE_ENV: "development" }, print: (l) => dev.push(l), exit: (c) => devExits.push(c) })
    expect(devExits).toEqual([])
    expect(dev[0]).toMatch(/^\[auth\] Warning: /)
  })
})

describe("the start-up check on a file with nothing the drizzle adapter cannot serve", () => {
  it("says nothing and starts", async () => {
    const db = await createTestDatabase("sqlite")
    try {
      const exits: number[] = []
      expect(checkAdapterSwitchAtStartup(db.url.slice("file:".length), { env: { NODE_ENV: "production" }, print: () => {}, exit: (c) => exits.push(c) })).toBeUndefined()
      expect(exits).toEqual([])
    } finally {
      await db.cleanup()
    }
  })
})
