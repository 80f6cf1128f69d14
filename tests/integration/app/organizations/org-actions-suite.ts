/**
 * The organization pages' server actions (ASVS 5.0 8.2.2, 8.4.1),
 * called directly as a crafted POST would call them: a member of
 * organization A aims every action of /orgs/new, the header's switcher and
 * /o/[slug]/settings at organization B (its slug in the hidden field, its id
 * where an id could go) and is refused with B exactly as it was; a plain
 * member of A can neither rename nor delete A; malformed payloads get a
 * sentence, never a throw. The owner's own changes go through, so the
 * refusals are not broken actions. The actions run against the app's own
 * configuration (auth.ts) on a real SQLite file, both session strategies;
 * next/headers is backed by real Headers, as a Next request would give them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signUp } from "@/server/accounts/users"
import { ORGANIZATION_ERROR_MESSAGES, ORGANIZATION_REFUSALS } from "@/server/organizations/error-messages"
import { appSessionCookieValue } from "@/tests/helpers/app-session"
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/db"
import { envFor } from "@/tests/helpers/env"

/** What next/headers answers in these tests (the test file mocks the module with it). */
export const incoming = { headers: new Headers() }

const ORIGIN = "http://app.localhost:3000"
const SECRET = "org-actions-secret-0123456789abcdef0123456789"
const COOKIE = "authjs.session-token"
const env = envFor(["AUTH_SECRET", "AUTH_URL", "AUTH_SESSION_STRATEGY", "DATABASE_URL", "EMAIL_SERVER", "AUTH_ADMIN_EMAILS"])

type State = { ok?: boolean; message?: string; typed?: string; field?: string }
type StateAction = (previous: State, form: FormData) => Promise<State>

interface Person {
  id: string
  email: string
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

/** The suite for one session strategy (one per test file: the app's modules keep process-wide state). */
export function organizationActionSuite(strategy: "database" | "jwt"): void {
  describe(`organization page actions (${strategy} sessions)`, () => {
    let db: TestDatabase
    let settings: typeof import("@/app/o/[slug]/settings/actions")
    let create: typeof import("@/app/orgs/new/actions")
    let switcher: typeof import("@/components/organization-switch-actions")
    let ops: import("@/lib/auth").OrganizationOperations
    let n = 0

    beforeAll(async () => {
      db = await createTestDatabase("sqlite")
      env.set({ AUTH_SECRET: SECRET, AUTH_URL: ORIGIN, AUTH_SESSION_STRATEGY: strategy, DATABASE_URL: db.url, EMAIL_SERVER: undefined, AUTH_ADMIN_EMAILS: undefined })
      settings = await import("@/app/o/[slug]/settings/actions")
      create = await import("@/app/orgs/new/actions")
      switcher = await import("@/components/organization-switch-actions")
      const { authConfig } = await import("@/auth")
      const { organizationOperations } = await import("@/lib/auth")
      ops = organizationOperations(authConfig)
    })

    afterAll(async () => {
      env.restore()
      await db?.cleanup()
    })

    async function person(): Promise<Person> {
      const email = `org-actions-${strategy}-${++n}@example.test`
      const created = await signUp(db.prisma, { email, name: `Person ${n}`, password: "org actions lantern 2026" })
      if (!created.ok) throw new Error(created.message)
      await db.prisma.user.update({ where: { id: created.user.id }, data: { emailVerified: new Date() } })
      return { id: created.user.id, email }
    }

    /** An organization owned by `owner`, with `members` added as plain members (straight into the table: the invitation flow is not under test here). */
    async function organization(owner: Person, members: Person[] = []) {
      const slug = `org-${strategy}-${++n}`
      const { organization } = await ops.create({ userId: owner.id }, { name: `Company ${n}`, slug })
      for (const member of members) await db.prisma.member.create({ data: { organizationId: organization.id, userId: member.id, roles: "member" } })
      return organization
    }

    /** Puts `who`'s session in this "browser": a Session row (database) or a sealed token (jwt); `proofAgeSeconds` ages its proof of identity. */
    async function signIn(who: Person, options: { proofAgeSeconds?: number; impersonatedBy?: string } = {}): Promise<string> {
      const value = await appSessionCookieValue(db, who.id, { strategy, secret: SECRET, cookieName: COOKIE, ...options })
      incoming.headers = new Headers({ host: "app.localhost:3000", origin: ORIGIN, "user-agent": "TestBrowser/1.0", cookie: `${COOKIE}=${value}` })
      return value
    }

    /** Everything the actions could change about an organization. */
    async function snapshot(organizationId: string) {
      const [organization, members, invitations, activity, sessions] = await Promise.all([
        db.prisma.organization.findUnique({ where: { id: organizationId } }),
        db.prisma.member.findMany({ where: { organizationId }, orderBy: { id: "asc" } }),
        db.prisma.invitation.findMany({ where: { organizationId }, orderBy: { id: "asc" } }),
        db.prisma.organizationActivity.findMany({ where: { organizationId }, orderBy: { id: "asc" } }),
        db.prisma.session.findMany({ where: { activeOrganizationId: organizationId }, select: { sessionToken: true }, orderBy: { sessionToken: "asc" } }),
      ])
      return { organization, members, invitations, activity, sessions }
    }

    /** The jwt cookie's active organization, or the session row's. */
    async function activeOrganizationOf(sessionValue: string): Promise<string | null> {
      if (strategy === "database") return (await db.prisma.session.findUniqueOrThrow({ where: { sessionToken: sessionValue } })).activeOrganizationId
      const { decode } = await import("@/lib/auth/jwt")
      const cookie = new RegExp(`${COOKIE}=([^;]+)`).exec(incoming.headers.get("cookie") ?? "")?.[1] ?? sessionValue
      const token = await decode({ token: cookie, secret: SECRET, salt: COOKIE })
      return typeof token?.activeOrganizationId === "string" ? token.activeOrganizationId : null
    }

    async function expectRedirect(call: Promise<unknown>, path: RegExp): Promise<void> {
      await expect(call).rejects.toMatchObject({ digest: expect.stringMatching(path) })
    }

    it("a member of A aims every action at B (slug in the hidden field, B's id wherever an id could go): refused, B unchanged", async () => {
      const alice = await person()
      const bob = await person()
      const a = await organization(alice)
      const b = await organization(bob)
      const sessionValue = await signIn(alice)
      await ops.setActive(new Request(ORIGIN, { headers: incoming.headers }), a.id).catch(() => undefined)
      const before = await snapshot(b.id)
      const activeBefore = await activeOrganizationOf(sessionValue)

      const notFound = ORGANIZATION_ERROR_MESSAGES.organization_not_found
      const attempts: [string, StateAction, FormData][] = [
        ["rename by slug", settings.renameOrganizationAction, form({ organization: b.slug, name: "Hijacked" })],
        ["rename by id", settings.renameOrganizationAction, form({ organization: b.id, organizationId: b.id, name: "Hijacked" })],
        ["change slug", settings.changeSlugAction, form({ organization: b.slug, slug: "stolen-slug" })],
        ["change slug by id", settings.changeSlugAction, form({ organization: b.id, organizationId: b.id, slug: "stolen-slug" })],
        ["delete", settings.deleteOrganizationAction, form({ organization: b.slug, confirmation: b.slug })],
        ["delete by id", settings.deleteOrganizationAction, form({ organization: b.id, organizationId: b.id, confirmation: b.slug })],
      ]
      for (const [name, action, payload] of attempts) expect(await action({}, payload), name).toEqual({ ok: false, message: notFound })

      // A's own slug with B's id in every extra field: the action acts on A (the URL's organization) only, never on B.
      const renamedA = await settings.renameOrganizationAction({}, form({ organization: a.slug, organizationId: b.id, id: b.id, name: "Alice Renamed" }))
      expect(renamedA).toMatchObject({ ok: true })
      expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: a.id } })).name).toBe("Alice Renamed")

      // Creating with B's slug: taken, nothing about B changes.
      expect(await create.createOrganizationAction({}, form({ name: "Copycat", slug: b.slug }))).toMatchObject({ ok: false, field: "slug", message: ORGANIZATION_ERROR_MESSAGES.slug_taken })

      // Switching to B: nothing switched, sent to the user's organizations page.
      await expectRedirect(switcher.switchOrganizationAction(form({ organization: b.slug })), /^NEXT_REDIRECT;[^;]*;\/orgs\?switch=failed;/)
      await expectRedirect(switcher.switchOrganizationAction(form({ organization: b.id })), /^NEXT_REDIRECT;[^;]*;\/orgs\?switch=failed;/)
      expect(await activeOrganizationOf(sessionValue)).toBe(activeBefore)

      expect(await snapshot(b.id)).toEqual(before)
    })

    it("a plain member of A can neither rename, change the slug of nor delete A; an admin cannot delete it either", async () => {
      const owner = await person()
      const plain = await person()
      const admin = await person()
      const a = await organization(owner, [plain, admin])
      await db.prisma.member.updateMany({ where: { organizationId: a.id, userId: admin.id }, data: { roles: "admin" } })
      const before = await snapshot(a.id)

      await signIn(plain)
      const forbidden = ORGANIZATION_REFUSALS.forbidden
      expect(await settings.renameOrganizationAction({}, form({ organization: a.slug, name: "Mine now" }))).toEqual({ ok: false, message: forbidden })
      expect(await settings.changeSlugAction({}, form({ organization: a.slug, slug: "mine-now" }))).toEqual({ ok: false, message: forbidden })
      expect(await settings.deleteOrganizationAction({}, form({ organization: a.slug, confirmation: a.slug }))).toEqual({ ok: false, message: forbidden })

      await signIn(admin)
      expect(await settings.deleteOrganizationAction({}, form({ organization: a.slug, confirmation: a.slug }))).toEqual({ ok: false, message: "Only an owner can delete the organization." })
      expect(await snapshot(a.id)).toEqual(before)
    })

    it("an impersonation session cannot change the user's organization", async () => {
      const owner = await person()
      const staff = await person()
      const a = await organization(owner)
      // An impersonation lives only while its admin holds user:impersonate.
      await db.prisma.user.update({ where: { id: staff.id }, data: { roles: "admin" } })
      const before = await snapshot(a.id)
      await signIn(owner, { impersonatedBy: staff.id })
      expect(await settings.renameOrganizationAction({}, form({ organization: a.slug, name: "Changed by staff" }))).toEqual({ ok: false, message: ORGANIZATION_REFUSALS.impersonating })
      expect(await snapshot(a.id)).toEqual(before)
    })

    it("deleting needs a recent proof of identity and the slug typed out; the owner's fresh, typed delete goes through", async () => {
      const owner = await person()
      const a = await organization(owner)
      const before = await snapshot(a.id)
      await signIn(owner, { proofAgeSeconds: 3600 })
      await expectRedirect(
        settings.deleteOrganizationAction({}, form({ organization: a.slug, confirmation: a.slug })),
        new RegExp(`^NEXT_REDIRECT;[^;]*;/api/auth/reauthenticate\\?callbackUrl=%2Fo%2F${a.slug}%2Fsettings;`),
      )
      expect(await snapshot(a.id)).toEqual(before)

      await signIn(owner)
      expect(await settings.deleteOrganizationAction({}, form({ organization: a.slug, confirmation: "something-else" }))).toEqual({
        ok: false,
        message: `That is not the organization's slug. Type ${a.slug} exactly to delete it.`,
        typed: "something-else",
      })
      expect(await snapshot(a.id)).toEqual(before)

      await expectRedirect(settings.deleteOrganizationAction({}, form({ organization: a.slug, confirmation: a.slug })), /^NEXT_REDIRECT;[^;]*;\/orgs\?deleted=1;/)
      expect(await db.prisma.organization.findUnique({ where: { id: a.id } })).toBeNull()
      expect(await db.prisma.member.count({ where: { organizationId: a.id } })).toBe(0)
    })

    it("the owner creates, switches, renames and moves the slug; a taken slug says so", async () => {
      const owner = await person()
      const other = await person()
      const taken = await organization(other)
      const sessionValue = await signIn(owner)

      const slug = `made-${strategy}-${++n}`
      await expectRedirect(create.createOrganizationAction({}, form({ name: "Made Here", slug })), new RegExp(`^NEXT_REDIRECT;[^;]*;/o/${slug};`))
      const made = await db.prisma.organization.findUniqueOrThrow({ where: { slug } })
      expect(await db.prisma.member.findMany({ where: { organizationId: made.id }, select: { userId: true, roles: true } })).toEqual([{ userId: owner.id, roles: "owner" }])
      expect(await activeOrganizationOf(sessionValue)).toBe(made.id)

      // An empty slug takes the one made from the name (the form without its script).
      await expectRedirect(create.createOrganizationAction({}, form({ name: `Ünïcode Späce ${n}`, slug: "" })), new RegExp(`^NEXT_REDIRECT;[^;]*;/o/unicode-space-${n};`))
      const second = await db.prisma.organization.findUniqueOrThrow({ where: { slug: `unicode-space-${n}` } })
      expect(await activeOrganizationOf(sessionValue)).toBe(second.id)

      await expectRedirect(switcher.switchOrganizationAction(form({ organization: slug })), new RegExp(`^NEXT_REDIRECT;[^;]*;/o/${slug};`))
      expect(await activeOrganizationOf(sessionValue)).toBe(made.id)

      expect(await settings.renameOrganizationAction({}, form({ organization: slug, name: "  Made   Better  " }))).toEqual({ ok: true, message: "Saved. The organization is now called Made Better." })
      expect(await settings.changeSlugAction({}, form({ organization: slug, slug: taken.slug }))).toEqual({ ok: false, message: ORGANIZATION_ERROR_MESSAGES.slug_taken, typed: taken.slug })
      const moved = `moved-${strategy}-${n}`
      await expectRedirect(settings.changeSlugAction({}, form({ organization: slug, slug: moved })), new RegExp(`^NEXT_REDIRECT;[^;]*;/o/${moved}/settings\\?saved=slug;`))
      expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: made.id } })).slug).toBe(moved)
    })

    it("malformed input: a sentence for each, never a throw, nothing changed", async () => {
      const owner = await person()
      const a = await organization(owner)
      const before = await snapshot(a.id)
      await signIn(owner)
      const notFound = ORGANIZATION_ERROR_MESSAGES.organization_not_found
      const crafted = (action: StateAction, payload: unknown) => (action as (s: unknown, f: unknown) => Promise<State>)({}, payload)
      for (const action of [settings.renameOrganizationAction, settings.changeSlugAction, settings.deleteOrganizationAction]) {
        expect(await crafted(action, "not a form")).toEqual({ ok: false, message: notFound })
        expect(await crafted(action, { organization: a.slug })).toEqual({ ok: false, message: notFound })
        expect(await action({}, form({ organization: "../../etc/passwd" }))).toEqual({ ok: false, message: notFound })
        expect(await action({}, form({ organization: "x".repeat(10_000) }))).toEqual({ ok: false, message: notFound })
        expect(await action({}, form({ organization: "A\u0000B" }))).toEqual({ ok: false, message: notFound })
      }
      expect(await settings.renameOrganizationAction({}, form({ organization: a.slug, name: "   " }))).toEqual({ ok: false, message: ORGANIZATION_ERROR_MESSAGES.invalid_organization_name })
      expect(await settings.renameOrganizationAction({}, form({ organization: a.slug, name: "x".repeat(101) }))).toEqual({ ok: false, message: ORGANIZATION_ERROR_MESSAGES.invalid_organization_name })
      expect(await settings.renameOrganizationAction({}, form({ organization: a.slug, name: "bad\u0007name" }))).toEqual({ ok: false, message: ORGANIZATION_ERROR_MESSAGES.invalid_organization_name })
      expect(await settings.changeSlugAction({}, form({ organization: a.slug, slug: "-bad--slug-" }))).toEqual({ ok: false, message: ORGANIZATION_ERROR_MESSAGES.invalid_slug, typed: "-bad--slug-" })
      expect(await settings.changeSlugAction({}, form({ organization: a.slug, slug: "settings" }))).toMatchObject({ ok: false, message: ORGANIZATION_ERROR_MESSAGES.invalid_slug })
      expect(await settings.changeSlugAction({}, form({ organization: a.slug }))).toMatchObject({ ok: false, message: ORGANIZATION_ERROR_MESSAGES.invalid_slug })
      expect(await settings.deleteOrganizationAction({}, form({ organization: a.slug }))).toMatchObject({ ok: false, message: expect.stringMatching(/^That is not the organization's slug/) })
      expect(await create.createOrganizationAction({}, form({ name: "", slug: "fine-slug" }))).toMatchObject({ ok: false, field: "name" })
      expect(await create.createOrganizationAction({}, form({ name: "!!!", slug: "" }))).toMatchObject({ ok: false, field: "slug", message: ORGANIZATION_ERROR_MESSAGES.invalid_slug })
      expect(await create.createOrganizationAction({}, form({ name: "x".repeat(150), slug: "long-name" }))).toMatchObject({ ok: false, field: "name" })
      expect(await (create.createOrganizationAction as (s: unknown, f: unknown) => Promise<State>)({}, 42)).toMatchObject({ ok: false, field: "name" })
      await expectRedirect((switcher.switchOrganizationAction as (f: unknown) => Promise<void>)("nonsense"), /^NEXT_REDIRECT;[^;]*;\/orgs\?switch=failed;/)
      expect(await snapshot(a.id)).toEqual(before)
    })

    it("signed out: every action answers that the session has ended; switching goes nowhere", async () => {
      const owner = await person()
      const a = await organization(owner)
      const before = await snapshot(a.id)
      incoming.headers = new Headers({ host: "app.localhost:3000", origin: ORIGIN })
      expect(await settings.renameOrganizationAction({}, form({ organization: a.slug, name: "x" }))).toEqual({ ok: false, message: ORGANIZATION_REFUSALS.signedOut })
      expect(await settings.deleteOrganizationAction({}, form({ organization: a.slug, confirmation: a.slug }))).toEqual({ ok: false, message: ORGANIZATION_REFUSALS.signedOut })
      expect(await create.createOrganizationAction({}, form({ name: "Anon", slug: "anon-org" }))).toEqual(expect.objectContaining({ ok: false, message: ORGANIZATION_REFUSALS.signedOut }))
      await expectRedirect(switcher.switchOrganizationAction(form({ organization: a.slug })), /^NEXT_REDIRECT;[^;]*;\/orgs\?switch=failed;/)
      expect(await snapshot(a.id)).toEqual(before)
    })
  })
}
