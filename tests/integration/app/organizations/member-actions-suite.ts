/**
 * The members page's and the invitation page's server actions (ASVS
 * 5.0 8.2.2 / 8.4.1), called directly as a crafted POST would call them,
 * against the app's own configuration (auth.ts) on a real SQLite file, with
 * mails read from a real SMTP server. next/headers is backed by real Headers
 * (the test files mock the module with `incoming`).
 *
 * Walls: a member (even an owner) of organization A calls every action with
 * B's slug, with A's slug and B's member and invitation ids, and B stays
 * exactly as it was. A member cannot raise their own role; malformed payloads
 * get a sentence, never a 500. Invitations: mailed, accepted once, refused to
 * another account, dead when expired or replaced, declined, and a sign-up
 * through the link makes a verified member who is signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { organizationOperations, type OrganizationOperations } from "@/lib/auth"
import { signUp } from "@/server/accounts/users"
import { appSessionCookieValue } from "@/tests/helpers/app-session"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { envFor } from "@/tests/helpers/env"
import { linkIn, startSmtpServer, type TestSmtpServer } from "@/tests/helpers/smtp"

/** What next/headers answers in these tests (the test file mocks the module with it). */
export const incoming = { headers: new Headers() }

const ORIGIN = "http://app.localhost:3000"
const SECRET = "member-actions-secret-0123456789abcdef0123"
const COOKIE = "authjs.session-token"
const PASSWORD = "member actions lantern 2026"
const env = envFor(["AUTH_SECRET", "AUTH_URL", "AUTH_SESSION_STRATEGY", "DATABASE_URL", "EMAIL_SERVER", "AUTH_ADMIN_EMAILS"])

type MemberActions = typeof import("@/app/o/[slug]/members/actions")
type InvitationActions = typeof import("@/app/invite/[token]/actions")
type State = { ok?: boolean; message?: string }

export function memberActionSuite(strategy: "database" | "jwt"): void {
  describe(`organization member actions (${strategy} sessions)`, () => {
    let db: TestDatabase
    let smtp: TestSmtpServer
    let members: MemberActions
    let invites: InvitationActions
    let ops: OrganizationOperations
    let n = 0

    beforeAll(async () => {
      db = await createTestDatabase("sqlite")
      smtp = await startSmtpServer()
      env.set({
        AUTH_SECRET: SECRET,
        AUTH_URL: ORIGIN,
        AUTH_SESSION_STRATEGY: strategy,
        DATABASE_URL: db.url,
        EMAIL_SERVER: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
        AUTH_ADMIN_EMAILS: undefined,
      })
      members = await import("@/app/o/[slug]/members/actions")
      invites = await import("@/app/invite/[token]/actions")
      ops = organizationOperations((await import("@/auth")).authConfig)
    })

    afterAll(async () => {
      env.restore()
      await smtp?.close()
      await db?.cleanup()
    })

    async function user(verified = true): Promise<{ id: string; email: string }> {
      const email = `member-actions-${strategy}-${++n}@example.test`
      const created = await signUp(db.prisma, { email, name: `Person ${n}`, password: PASSWORD })
      if (!created.ok) throw new Error(created.message)
      if (verified) await db.prisma.user.update({ where: { id: created.user.id }, data: { emailVerified: new Date() } })
      return { id: created.user.id, email }
    }

    /** Puts `userId`'s fresh session in this "browser"; null: signed out. */
    async function signIn(userId: string | null): Promise<void> {
      if (userId === null) {
        incoming.headers = new Headers({ host: "app.localhost:3000", origin: ORIGIN, "user-agent": "TestBrowser/1.0" })
        return
      }
      // A second old: a version or revocation written while the user was set up counts from before it.
      const value = await appSessionCookieValue(db, userId, { strategy, secret: SECRET, cookieName: COOKIE, proofAgeSeconds: 1 })
      incoming.headers = new Headers({ host: "app.localhost:3000", origin: ORIGIN, "user-agent": "TestBrowser/1.0", cookie: `${COOKIE}=${value}` })
    }

    /** An organization with an owner, a member and a pending invitation (its token returned). */
    async function organization(label: string) {
      const owner = await user()
      const member = await user()
      const slug = `${label}-${strategy}-${++n}`
      const { organization } = await ops.create({ userId: owner.id }, { name: `Org ${label} ${n}`, slug })
      const { token: memberToken } = await ops.invite({ userId: owner.id }, organization.id, { email: member.email, roles: ["member"] })
      await ops.acceptInvitation({ userId: member.id }, memberToken)
      const { invitation, token } = await ops.invite({ userId: owner.id }, organization.id, { email: `pending-${++n}@example.test`, roles: ["admin"] })
      return { organization, owner, member, invitation, token, slug }
    }

    /** Everything an action could change about an organization. */
    async function snapshot(organizationId: string) {
      const [organization, memberRows, invitations, activity] = await Promise.all([
        db.prisma.organization.findUnique({ where: { id: organizationId } }),
        db.prisma.member.findMany({ where: { organizationId }, orderBy: { id: "asc" } }),
        db.prisma.invitation.findMany({ where: { organizationId }, orderBy: { id: "asc" } }),
        db.prisma.organizationActivity.count({ where: { organizationId } }),
      ])
      return { organization, memberRows, invitations, activity }
    }

    const form = (fields: Record<string, string>) => {
      const data = new FormData()
      for (const [k, v] of Object.entries(fields)) data.set(k, v)
      return data
    }

    /** Every members-page action, aimed at `slug` with the given member and invitation ids. */
    function memberCalls(slug: string, userId: string, invitationId: string): [string, () => Promise<State>][] {
      return [
        ["invite", () => members.inviteMemberAction({}, form({ slug, email: `intruder-${++n}@example.test`, role: "member" }))],
        ["resend", () => members.resendInvitationAction({}, form({ slug, invitationId }))],
        ["cancel", () => members.cancelInvitationAction({}, form({ slug, invitationId }))],
        ["change role", () => members.changeRoleAction({}, form({ slug, userId, role: "admin" }))],
        ["remove", () => members.removeMemberAction({}, form({ slug, userId }))],
        ["transfer", () => members.transferOwnershipAction({}, form({ slug, userId }))],
        ["leave", () => members.leaveOrganizationAction({}, form({ slug }))],
      ]
    }

    async function expectRefused(calls: [string, () => Promise<State>][]): Promise<void> {
      for (const [name, call] of calls) {
        const state = await call()
        expect(state.ok, name).toBe(false)
        expect(state.message, name).toMatch(/\w/)
      }
    }

    it("an owner of A aims every action at B (B's slug, or A's slug with B's member and invitation ids): refused, B unchanged", async () => {
      const a = await organization("a")
      const b = await organization("b")
      const before = await snapshot(b.organization.id)
      await signIn(a.owner.id)
      // B's slug with B's ids: B is "not found" for a non-member.
      await expectRefused(memberCalls(b.slug, b.member.id, b.invitation.id))
      // A's slug (where the caller may act) with B's ids: looked up in A only. Leave is left out: it would leave A.
      // Invite and leave are left out: with A's slug they are the caller's own business in A.
      const inA = (userId: string) => memberCalls(a.slug, userId, b.invitation.id).filter(([name]) => name !== "leave" && name !== "invite")
      await expectRefused(inA(b.member.id))
      await expectRefused(inA(b.owner.id))
      expect(await snapshot(b.organization.id)).toEqual(before)
      expect((await members.changeRoleAction({}, form({ slug: b.slug, userId: b.member.id, role: "admin" }))).message).toBe("That organization was not found.")
    })

    it("the invitation actions with another organization's token are not a way in: the wrong account is refused, B unchanged", async () => {
      const a = await organization("a")
      const b = await organization("b")
      const before = await snapshot(b.organization.id)
      await signIn(a.member.id)
      expect(await invites.acceptInvitationAction({}, form({ token: b.token }))).toMatchObject({ ok: false, message: "This invitation is for a different email address." })
      expect(await invites.declineInvitationAction({}, form({ token: b.token }))).toMatchObject({ ok: false, message: "This invitation is for a different email address." })
      expect(await invites.signUpThroughInvitationAction({}, form({ token: b.token, name: "Intruder", password: PASSWORD }))).toMatchObject({ ok: false })
      expect(await snapshot(b.organization.id)).toEqual(before)
    })

    it("a member cannot raise their own role, nor invite, remove or change others; an admin cannot touch an owner", async () => {
      const a = await organization("a")
      const before = await snapshot(a.organization.id)
      await signIn(a.member.id)
      expect(await members.changeRoleAction({}, form({ slug: a.slug, userId: a.member.id, role: "admin" }))).toMatchObject({ ok: false })
      expect(await members.changeRoleAction({}, form({ slug: a.slug, userId: a.member.id, role: "owner" }))).toMatchObject({ ok: false })
      await expectRefused(memberCalls(a.slug, a.owner.id, a.invitation.id).filter(([name]) => name !== "leave"))
      expect(await snapshot(a.organization.id)).toEqual(before)

      await ops.changeRoles({ userId: a.owner.id }, a.organization.id, a.member.id, ["admin"])
      const promoted = await snapshot(a.organization.id)
      await signIn(a.member.id)
      expect(await members.changeRoleAction({}, form({ slug: a.slug, userId: a.owner.id, role: "member" }))).toMatchObject({ ok: false })
      expect(await members.removeMemberAction({}, form({ slug: a.slug, userId: a.owner.id }))).toMatchObject({ ok: false })
      expect(await members.changeRoleAction({}, form({ slug: a.slug, userId: a.member.id, role: "owner" }))).toMatchObject({ ok: false })
      expect(await snapshot(a.organization.id)).toEqual(promoted)
    })

    it("malformed payloads get a sentence, never a crash, and change nothing", async () => {
      const a = await organization("a")
      const before = await snapshot(a.organization.id)
      await signIn(a.owner.id)
      const odd: unknown[] = ["not a form", 42, { slug: a.slug }, null, form({}), form({ slug: "" }), form({ slug: "x".repeat(5000) }), form({ slug: "../../etc" })]
      for (const payload of odd) {
        for (const action of [members.inviteMemberAction, members.changeRoleAction, members.removeMemberAction, members.cancelInvitationAction, members.resendInvitationAction]) {
          const state = await action({}, payload as FormData)
          expect(state.ok).toBe(false)
          expect(state.message).toMatch(/\w/)
        }
      }
      expect(await members.inviteMemberAction({}, form({ slug: a.slug, email: "not an address", role: "member" }))).toMatchObject({ ok: false })
      expect(await members.inviteMemberAction({}, form({ slug: a.slug, email: "x@example.test", role: "emperor" }))).toMatchObject({ ok: false, message: "Choose one of the roles offered." })
      expect(await members.changeRoleAction({}, form({ slug: a.slug, userId: a.member.id, role: "emperor" }))).toMatchObject({ ok: false, message: "Choose one of the roles offered." })
      expect(await members.changeRoleAction({}, form({ slug: a.slug, userId: a.member.id }))).toMatchObject({ ok: false, message: "Choose a role." })
      expect(await invites.acceptInvitationAction({}, "nonsense" as unknown as FormData)).toMatchObject({ ok: false })
      expect(await snapshot(a.organization.id)).toEqual(before)
    })

    it("the last owner is told why they cannot leave; a member leaves", async () => {
      const a = await organization("a")
      await signIn(a.owner.id)
      expect(await members.leaveOrganizationAction({}, form({ slug: a.slug }))).toMatchObject({ ok: false, message: expect.stringMatching(/at least one owner/) })
      await signIn(a.member.id)
      await expect(members.leaveOrganizationAction({}, form({ slug: a.slug }))).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT;.*\/dashboard/) })
      expect(await db.prisma.member.count({ where: { organizationId: a.organization.id, userId: a.member.id } })).toBe(0)
    })

    it("invite by mail, accept once with the invited verified address; wrong account refused; role change, transfer and removal are mailed", async () => {
      const a = await organization("a")
      const invitee = await user()
      const stranger = await user()
      await signIn(a.owner.id)
      expect(await members.inviteMemberAction({}, form({ slug: a.slug, email: invitee.email.toUpperCase(), role: "member" }))).toMatchObject({ ok: true })
      const mail = await smtp.waitFor(invitee.email)
      expect(mail.subject).toContain(a.organization.name)
      expect(mail.text).toContain("Member")
      expect(mail.text).toMatch(/valid until \d{4}-\d\d-\d\d \d\d:\d\d UTC/)
      const link = linkIn(mail, `${ORIGIN}/invite/`)
      const token = decodeURIComponent(link.slice(`${ORIGIN}/invite/`.length))

      await signIn(stranger.id)
      expect(await invites.acceptInvitationAction({}, form({ token }))).toMatchObject({ ok: false, message: "This invitation is for a different email address." })
      await signIn(invitee.id)
      await expect(invites.acceptInvitationAction({}, form({ token }))).rejects.toMatchObject({ digest: expect.stringContaining(`/o/${a.slug}`) })
      expect(await db.prisma.member.count({ where: { organizationId: a.organization.id, userId: invitee.id } })).toBe(1)
      // Single use: the same link again is the one "not valid" answer.
      expect(await invites.acceptInvitationAction({}, form({ token }))).toMatchObject({ ok: false, message: expect.stringMatching(/not valid/) })

      await signIn(a.owner.id)
      expect(await members.changeRoleAction({}, form({ slug: a.slug, userId: invitee.id, role: "admin" }))).toMatchObject({ ok: true })
      expect((await smtp.waitFor(invitee.email)).subject).toContain("Your role in")
      expect(await members.transferOwnershipAction({}, form({ slug: a.slug, userId: invitee.id }))).toMatchObject({ ok: true })
      expect((await smtp.waitFor(invitee.email)).subject).toContain("You are now an owner of")
      await signIn(invitee.id)
      expect(await members.removeMemberAction({}, form({ slug: a.slug, userId: a.member.id }))).toMatchObject({ ok: true })
      expect((await smtp.waitFor(a.member.email)).subject).toContain("You were removed from")
      expect(await db.prisma.member.count({ where: { organizationId: a.organization.id, userId: a.member.id } })).toBe(0)
    })

    it("an expired link, a link replaced by Resend and a cancelled one are all the same refusal; decline ends a link", async () => {
      const a = await organization("a")
      const invitee = await user()
      await signIn(a.owner.id)
      await members.inviteMemberAction({}, form({ slug: a.slug, email: invitee.email, role: "member" }))
      const first = linkIn(await smtp.waitFor(invitee.email), `${ORIGIN}/invite/`)
      const pending = await db.prisma.invitation.findFirstOrThrow({ where: { organizationId: a.organization.id, email: invitee.email, status: "pending" } })
      expect(await members.resendInvitationAction({}, form({ slug: a.slug, invitationId: pending.id }))).toMatchObject({ ok: true })
      const second = linkIn(await smtp.waitFor(invitee.email), `${ORIGIN}/invite/`)
      expect(second).not.toBe(first)
      const tokenOf = (link: string) => decodeURIComponent(link.slice(`${ORIGIN}/invite/`.length))

      await signIn(invitee.id)
      expect(await invites.acceptInvitationAction({}, form({ token: tokenOf(first) }))).toMatchObject({ ok: false, message: expect.stringMatching(/not valid/) })
      // Expired: the current link, a moment past its end.
      await db.prisma.invitation.updateMany({ where: { organizationId: a.organization.id, email: invitee.email, status: "pending" }, data: { expires: new Date(Date.now() - 1000) } })
      expect(await invites.acceptInvitationAction({}, form({ token: tokenOf(second) }))).toMatchObject({ ok: false, message: expect.stringMatching(/not valid/) })
      expect(await db.prisma.member.count({ where: { organizationId: a.organization.id, userId: invitee.id } })).toBe(0)

      // Cancelled by an owner, then a fresh one declined by its holder.
      await signIn(a.owner.id)
      await members.inviteMemberAction({}, form({ slug: a.slug, email: invitee.email, role: "member" }))
      const third = tokenOf(linkIn(await smtp.waitFor(invitee.email), `${ORIGIN}/invite/`))
      const live = await db.prisma.invitation.findFirstOrThrow({ where: { organizationId: a.organization.id, email: invitee.email, status: "pending" } })
      expect(await members.cancelInvitationAction({}, form({ slug: a.slug, invitationId: live.id }))).toMatchObject({ ok: true })
      await signIn(invitee.id)
      expect(await invites.acceptInvitationAction({}, form({ token: third }))).toMatchObject({ ok: false, message: expect.stringMatching(/not valid/) })

      await signIn(a.owner.id)
      await members.inviteMemberAction({}, form({ slug: a.slug, email: invitee.email, role: "member" }))
      const fourth = tokenOf(linkIn(await smtp.waitFor(invitee.email), `${ORIGIN}/invite/`))
      await signIn(null)
      expect(await invites.declineInvitationAction({}, form({ token: fourth }))).toMatchObject({ ok: true })
      await signIn(invitee.id)
      expect(await invites.acceptInvitationAction({}, form({ token: fourth }))).toMatchObject({ ok: false, message: expect.stringMatching(/not valid/) })
      expect(await db.prisma.member.count({ where: { organizationId: a.organization.id, userId: invitee.id } })).toBe(0)
    })

    it("an invitation mail the server refuses: the inviter is told, and the invitation is withdrawn", async () => {
      const a = await organization("a")
      const address = `refused-${++n}@example.test`
      await signIn(a.owner.id)
      smtp.beforeAccept = (to) => {
        if (to.includes(address)) throw new Error("mailbox unavailable")
      }
      try {
        expect(await members.inviteMemberAction({}, form({ slug: a.slug, email: address, role: "member" }))).toMatchObject({ ok: false, message: expect.stringMatching(/could not be sent/) })
      } finally {
        smtp.beforeAccept = undefined
      }
      expect(await db.prisma.invitation.count({ where: { organizationId: a.organization.id, email: address, status: "pending" } })).toBe(0)
    })

    it("sign-up through an invitation: a new account with the invited address, verified, a member, signed in on the organization", async () => {
      const a = await organization("a")
      const address = `newcomer-${strategy}-${++n}@example.test`
      await signIn(a.owner.id)
      await members.inviteMemberAction({}, form({ slug: a.slug, email: address, role: "admin" }))
      const token = decodeURIComponent(linkIn(await smtp.waitFor(address), `${ORIGIN}/invite/`).slice(`${ORIGIN}/invite/`.length))
      await signIn(null)
      // A weak password is refused with the sign-up rules, and nothing is created.
      expect(await invites.signUpThroughInvitationAction({}, form({ token, name: "Newcomer", password: "short" }))).toMatchObject({ ok: false, field: "password" })
      expect(await db.prisma.user.count({ where: { email: address } })).toBe(0)
      // The address typed in a crafted form is ignored: the account gets the invited one.
      const signing = invites.signUpThroughInvitationAction({}, form({ token, name: "Newcomer", password: PASSWORD, email: "someone-else@example.test" }))
      await expect(signing).rejects.toMatchObject({ digest: expect.stringContaining(`/o/${a.slug}`) })
      const created = await db.prisma.user.findUniqueOrThrow({ where: { email: address } })
      expect(created.emailVerified).toBeInstanceOf(Date)
      expect(await db.prisma.user.count({ where: { email: "someone-else@example.test" } })).toBe(0)
      const membership = await db.prisma.member.findFirstOrThrow({ where: { organizationId: a.organization.id, userId: created.id } })
      expect(membership.roles).toBe("admin")
      // Signed in: the session this "browser" now holds is the new account's.
      expect((await (await import("@/auth")).auth())?.user?.email).toBe(address)
      await signIn(null)
      // The link is used up: a second sign-up (or accept) through it is the "not valid" page.
      expect(await invites.signUpThroughInvitationAction({}, form({ token, name: "Again", password: PASSWORD }))).toMatchObject({ ok: false, message: expect.stringMatching(/not valid/) })
    })
  })
}
