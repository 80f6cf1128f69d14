/**
 * The admin console's server actions (ASVS 5.0 8.3.1), called
 * directly as a crafted POST would call them: every action of
 * app/admin/users/[id]/actions.ts, with a well-formed payload aimed at a real
 * user, from a signed-in non-admin, a banned admin, an impersonation session,
 * an admin whose role was taken away after their (jwt) session was made, and
 * an admin with a stale proof of identity. Each is refused (a message, or for
 * the stale proof the redirect to "Confirm it's you") and the database is
 * unchanged. An admin with a fresh proof succeeds, so the refusals are not
 * the actions being broken. The actions run against the app's own
 * configuration (auth.ts) on a real SQLite file, both session strategies;
 * next/headers is backed by real Headers, as a Next request would give them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signUp } from "@/server/accounts/users"
import { appSessionCookieValue } from "@/tests/helpers/app-session"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { envFor } from "@/tests/helpers/env"

/** What next/headers answers in these tests (the test file mocks the module with it). */
export const incoming = { headers: new Headers() }

const ORIGIN = "http://app.localhost:3000"
const SECRET = "admin-actions-secret-0123456789abcdef0123"
const COOKIE = "authjs.session-token"
const env = envFor(["AUTH_SECRET", "AUTH_URL", "AUTH_SESSION_STRATEGY", "DATABASE_URL", "EMAIL_SERVER", "AUTH_ADMIN_EMAILS"])

type Actions = typeof import("@/app/admin/users/[id]/actions")
type ActionName = Exclude<keyof Actions, never>

interface Caller {
  id: string
  /** Roles the session claims (jwt) ; the database row holds its own. */
  claimedRoles?: string[]
  impersonatedBy?: string
  proofAgeSeconds?: number
}

/** The suite for one session strategy (one per test file: the app's modules keep process-wide state). */
export function adminActionSuite(strategy: "database" | "jwt"): void {
  describe(`admin server actions (${strategy} sessions)`, () => {
    let db: TestDatabase
    let actions: Actions
    let n = 0

    beforeAll(async () => {
      db = await createTestDatabase("sqlite")
      env.set({ AUTH_SECRET: SECRET, AUTH_URL: ORIGIN, AUTH_SESSION_STRATEGY: strategy, DATABASE_URL: db.url, EMAIL_SERVER: undefined, AUTH_ADMIN_EMAILS: undefined })
      actions = await import("@/app/admin/users/[id]/actions")
    })

    afterAll(async () => {
      env.restore()
      await db?.cleanup()
    })

    async function user(roles: string | null = null): Promise<{ id: string; email: string }> {
      const email = `admin-actions-${strategy}-${++n}@example.test`
      const created = await signUp(db.prisma, { email, name: `Person ${n}`, password: "admin actions lantern 2026" })
      if (!created.ok) throw new Error(created.message)
      await db.prisma.user.update({ where: { id: created.user.id }, data: { roles, emailVerified: new Date() } })
      return { id: created.user.id, email }
    }

    /** Puts `caller`'s session in this "browser": a Session row (database) or a sealed token (jwt). */
    async function signIn(caller: Caller): Promise<void> {
      const value = await appSessionCookieValue(db, caller.id, {
        strategy,
        secret: SECRET,
        cookieName: COOKIE,
        proofAgeSeconds: caller.proofAgeSeconds,
        impersonatedBy: caller.impersonatedBy,
        claimedRoles: caller.claimedRoles,
      })
      incoming.headers = new Headers({ host: "app.localhost:3000", origin: ORIGIN, "user-agent": "TestBrowser/1.0", cookie: `${COOKIE}=${value}` })
    }

    /** Everything an admin action could change about `userId`. */
    async function state(userId: string) {
      const [row, sessions, events, twoFactor] = await Promise.all([
        db.prisma.user.findUnique({ where: { id: userId } }),
        db.prisma.session.findMany({ where: { userId }, orderBy: { sessionToken: "asc" } }),
        db.prisma.securityEvent.count({ where: { userId } }),
        db.prisma.twoFactor.count({ where: { userId } }),
      ])
      return { row, sessions, events, twoFactor }
    }

    /** A target with something to lose: a session, a two-factor row and a ban to lift. */
    async function target() {
      const victim = await user()
      await db.prisma.session.create({ data: { sessionToken: `victim-${++n}`, userId: victim.id, expires: new Date(Date.now() + 3_600_000) } })
      await db.prisma.twoFactor.create({ data: { userId: victim.id, secret: "sealed-secret-placeholder" } })
      return victim
    }

    function payloads(targetId: string): [ActionName, FormData][] {
      const form = (fields: Record<string, string | string[]>) => {
        const data = new FormData()
        data.set("userId", targetId)
        for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) data.append(k, one)
        return data
      }
      return [
        ["changeRolesAction", form({ roles: ["admin"] })],
        ["banUserAction", form({ reason: "spam", duration: "permanent" })],
        ["unbanUserAction", form({})],
        ["revokeUserSessionAction", form({ sessionId: "any-session-id" })],
        ["revokeAllUserSessionsAction", form({})],
        ["sendPasswordResetAction", form({})],
        ["disableTwoFactorAction", form({})],
        ["deleteUserAction", form({})],
        ["impersonateAction", form({ reason: "curious" })],
      ]
    }

    /** Calls every action as the signed-in caller; each must refuse (message or redirect) and leave the target as it was. */
    async function expectAllRefused(caller: Caller, refusal: RegExp | "reauthenticate") {
      const victim = await target()
      await db.prisma.user.update({ where: { id: victim.id }, data: { bannedAt: new Date(), banReason: "earlier", banExpires: new Date(Date.now() + 86_400_000) } })
      await signIn(caller)
      const before = await state(victim.id)
      for (const [name, form] of payloads(victim.id)) {
        const call = (actions[name] as (s: object, f: FormData) => Promise<{ ok?: boolean; message?: string }>)({}, form)
        if (refusal === "reauthenticate") {
          await expect(call, name).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT;.*\/api\/auth\/reauthenticate\?callbackUrl=%2Fadmin%2Fusers%2F/) })
        } else {
          const answer = await call
          expect(answer.ok, name).toBe(false)
          expect(answer.message, name).toMatch(refusal)
        }
      }
      expect(await state(victim.id)).toEqual(before)
    }

    it("a signed-in user without the admin role: every action refused, nothing changed", async () => {
      const plain = await user()
      await expectAllRefused({ id: plain.id }, /^You do not have permission to do that\.$/)
    })

    it("a banned admin: every action refused, nothing changed", async () => {
      const banned = await user("admin")
      await db.prisma.user.update({ where: { id: banned.id }, data: { bannedAt: new Date(), banReason: "rogue", banExpires: null } })
      // Database sessions read the ban with the session (signed out); a jwt still claims admin, and the library's re-read refuses.
      await expectAllRefused({ id: banned.id }, /^(Your session has ended\. Sign in again\.|You do not have permission to do that\.)$/)
    })

    it("an admin whose role was taken away after sign-in: every action refused, nothing changed", async () => {
      const demoted = await user(null)
      // The jwt still says admin (it was issued before the change); the database row no longer does.
      await expectAllRefused({ id: demoted.id, claimedRoles: ["user", "admin"] }, /^You do not have permission to do that\.$/)
    })

    it("an impersonation session (started by an admin): every action refused, nothing changed", async () => {
      const boss = await user("admin")
      const impersonated = await user()
      await expectAllRefused({ id: impersonated.id, impersonatedBy: boss.id }, /^Not while you are impersonating someone: stop impersonating first\.$/)
    })

    it("an admin with a stale proof of identity: sent to re-authenticate, nothing changed", async () => {
      const admin = await user("admin")
      await expectAllRefused({ id: admin.id, proofAgeSeconds: 3600 }, "reauthenticate")
    })

    it("an admin with a fresh proof: ban and unban go through and say so (the refusals above are not a broken action)", async () => {
      const admin = await user("admin")
      const victim = await target()
      await signIn({ id: admin.id })
      const form = new FormData()
      form.set("userId", victim.id)
      form.set("reason", "spam")
      form.set("duration", "7d")
      expect(await actions.banUserAction({}, form)).toMatchObject({ ok: true, message: expect.stringMatching(/^User suspended until .* UTC\. Every session was ended\.$/) })
      const banned = await db.prisma.user.findUniqueOrThrow({ where: { id: victim.id } })
      expect(banned.bannedAt).not.toBeNull()
      expect(banned.banReason).toBe("spam")
      // Database sessions are rows, deleted; jwt ones are ended by the user's "valid since" instant.
      if (strategy === "database") expect(await db.prisma.session.count({ where: { userId: victim.id } })).toBe(0)
      else expect((await db.prisma.user.findUniqueOrThrow({ where: { id: victim.id } })).sessionsValidSince).not.toBeNull()
      expect(await actions.unbanUserAction({}, form)).toEqual({ ok: true, message: "Suspension lifted. The user can sign in again." })
      expect((await db.prisma.user.findUniqueOrThrow({ where: { id: victim.id } })).bannedAt).toBeNull()
      const events = await db.prisma.securityEvent.findMany({ where: { userId: victim.id }, orderBy: { createdAt: "asc" } })
      expect(events.map((e) => [e.type, e.actorId])).toEqual(expect.arrayContaining([["banned", admin.id], ["unbanned", admin.id]]))
    })

    it("an admin with a fresh proof: revoke one session (database) or is told why not (jwt), revoke all, change role", async () => {
      const admin = await user("admin")
      const victim = await target()
      await signIn({ id: admin.id })
      const { admin: adminOps } = await import("@/auth")
      const listing = await adminOps().listUserSessions(victim.id)
      const form = (fields: Record<string, string>) => {
        const data = new FormData()
        data.set("userId", victim.id)
        for (const [k, v] of Object.entries(fields)) data.set(k, v)
        return data
      }
      if (strategy === "database") {
        if (listing.status !== "ok") throw new Error("the database strategy lists sessions")
        expect(listing.sessions).toHaveLength(1)
        expect(await actions.revokeUserSessionAction({}, form({ sessionId: listing.sessions[0].id }))).toEqual({ ok: true, message: "Session revoked. That device is signed out." })
        expect(await db.prisma.session.count({ where: { userId: victim.id } })).toBe(0)
      } else {
        expect(listing).toEqual({ status: "jwt" })
        expect(await actions.revokeUserSessionAction({}, form({ sessionId: "anything" }))).toMatchObject({ ok: false, message: expect.stringMatching(/^With the jwt session strategy one session cannot be ended alone/) })
      }
      expect(await actions.revokeAllUserSessionsAction({}, form({}))).toMatchObject({ ok: true })
      const roles = form({})
      roles.append("roles", "admin")
      expect(await actions.changeRolesAction({}, roles)).toMatchObject({ ok: true, message: expect.stringMatching(/^Roles saved: admin\./) })
      expect((await db.prisma.user.findUniqueOrThrow({ where: { id: victim.id } })).roles).toBe("admin")
    })

    it("Stop impersonating from a session that is no impersonation: home, and nothing ended", async () => {
      const plain = await user()
      await signIn({ id: plain.id })
      const { stopImpersonatingAction } = await import("@/components/impersonation-actions")
      // Reading the session slides its expiry; what counts is that it is still there and the user unchanged.
      const kept = async () => {
        const { row, sessions, events } = await state(plain.id)
        return { row, sessions: sessions.map((s) => s.sessionToken), events }
      }
      const before = await kept()
      await expect(stopImpersonatingAction()).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT;[^;]*;\/;/) })
      expect(await kept()).toEqual(before)
    })

    it("malformed payloads from an admin (missing, extra, wrong-typed, huge fields; nobody's ids): refused, database unchanged", async () => {
      const admin = await user("admin")
      const victim = await target()
      await signIn({ id: admin.id })
      const everything = async () => ({
        users: await db.prisma.user.findMany({ orderBy: { id: "asc" } }),
        sessions: (await db.prisma.session.findMany({ orderBy: { sessionToken: "asc" } })).map((s) => [s.sessionToken, s.userId]),
        events: await db.prisma.securityEvent.count(),
        twoFactor: await db.prisma.twoFactor.count(),
      })
      const before = await everything()
      const big = "x".repeat(100_000)
      const form = (fields: Record<string, string | Blob | (string | Blob)[]>) => {
        const data = new FormData()
        for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) data.append(k, one)
        return data
      }
      const file = new Blob(["not text"], { type: "text/plain" })
      const cases: [ActionName, FormData | unknown][] = [
        // No userId, an empty one, a file, a huge one, ids of nobody.
        ...(Object.keys(actions) as ActionName[]).flatMap((name): [ActionName, FormData | unknown][] => [
          [name, form({ reason: "x", duration: "1d", roles: "admin", sessionId: "s" })],
          [name, form({ userId: "" })],
          [name, form({ userId: file })],
          [name, form({ userId: big })],
          [name, form({ userId: "nosuchuser0000000000000", reason: "x", duration: "1d", sessionId: "s" })],
          [name, form({ userId: "nosuchuser0000000000000\u0000" })],
          [name, null],
          [name, { userId: victim.id, reason: "x", duration: "1d" }],
        ]),
        // The target exists; the other fields do not hold up.
        ["banUserAction", form({ userId: victim.id, reason: big, duration: "7d" })],
        ["banUserAction", form({ userId: victim.id, reason: file, duration: "7d" })],
        ["banUserAction", form({ userId: victim.id, reason: "spam" })],
        ["banUserAction", form({ userId: victim.id, reason: "spam", duration: ["-1d", "7d"] })],
        ["banUserAction", form({ userId: victim.id, reason: "spam", duration: "365d" })],
        ["banUserAction", form({ userId: victim.id, reason: "spam", duration: "Infinity" })],
        ["banUserAction", form({ userId: victim.id, reason: "spam", duration: file })],
        ["changeRolesAction", form({ userId: victim.id, roles: Array.from({ length: 1000 }, (_, i) => `role${i}`) })],
        ["changeRolesAction", form({ userId: victim.id, roles: ["admin", big] })],
        ["changeRolesAction", form({ userId: victim.id, roles: ["admin", "__proto__"] })],
        ["revokeUserSessionAction", form({ userId: victim.id, sessionId: big })],
        ["revokeUserSessionAction", form({ userId: victim.id, sessionId: file })],
        ["revokeUserSessionAction", form({ userId: victim.id })],
        ["impersonateAction", form({ userId: victim.id, reason: big })],
        ["impersonateAction", form({ userId: victim.id, reason: file })],
        ["impersonateAction", form({ userId: victim.id })],
      ]
      for (const [name, payload] of cases) {
        const answer = await (actions[name] as (s: unknown, f: unknown) => Promise<{ ok?: boolean; message?: string }>)({}, payload)
        expect(answer.ok, `${name} ${String(payload instanceof FormData ? [...payload.keys()] : payload)}`).toBe(false)
        expect(answer.message, name).toMatch(/^[A-Z].{10,300}$/)
        expect(answer.message, name).not.toContain("xxxxxxxxxx")
      }
      expect(await everything()).toEqual(before)
    })

    it("bad input from an admin: typed messages, never a throw", async () => {
      const admin = await user("admin")
      const victim = await target()
      await signIn({ id: admin.id })
      const form = (fields: Record<string, string>) => {
        const data = new FormData()
        for (const [k, v] of Object.entries(fields)) data.set(k, v)
        return data
      }
      const noUser = await actions.unbanUserAction({}, form({ userId: "../../etc" }))
      expect(noUser).toEqual({ ok: false, message: "That user does not exist (any more)." })
      expect(await actions.unbanUserAction({}, form({ userId: "nosuchuser123" }))).toEqual({ ok: false, message: "That user does not exist (any more)." })
      expect(await actions.banUserAction({}, form({ userId: victim.id, reason: " ", duration: "7d" }))).toMatchObject({ ok: false, message: expect.stringMatching(/^Give a reason/) })
      expect(await actions.banUserAction({}, form({ userId: victim.id, reason: "x", duration: "forever" }))).toMatchObject({ ok: false, message: expect.stringMatching(/^Choose a duration/) })
      expect(await actions.banUserAction({}, form({ userId: admin.id, reason: "x", duration: "1d" }))).toEqual({ ok: false, message: "An admin cannot ban themself." })
      expect(await actions.changeRolesAction({}, form({ userId: victim.id, roles: "overlord" }))).toEqual({ ok: false, message: "Choose roles from the list." })
      expect(await actions.impersonateAction({}, form({ userId: victim.id, reason: "" }))).toMatchObject({ ok: false, message: expect.stringMatching(/^Give a reason/) })
      // Not a form at all (a crafted payload): the form's own error.
      expect(await (actions.revokeAllUserSessionsAction as (s: unknown, f: unknown) => Promise<unknown>)({}, "not a form")).toEqual({ ok: false, message: "That user does not exist (any more)." })
      expect((await db.prisma.user.findUniqueOrThrow({ where: { id: victim.id } })).bannedAt).toBeNull()
    })
  })
}
