/**
 * The Prisma side of organizations: tables Organization, Member,
 * Invitation, OrganizationActivity and Session.activeOrganizationId. The two
 * rules that must hold under concurrency are single conditional writes whose
 * row count says who won: an invitation is claimed by one UPDATE … WHERE
 * status = 'pending', and a role change or removal that would leave no owner
 * matches no row (the owner count is a subquery of the same statement). On
 * PostgreSQL that statement runs after locking the organization's row, so two
 * owners demoting each other at once are serialised and the second sees one
 * owner left; SQLite runs one write at a time anyway.
 *
 * Multi-row writes avoid transactions on SQLite for the reason given in
 * createUserAndAccount (./index.ts): they run in an order whose partial
 * failure leaves nothing looser (an old invitation is voided before the new
 * one exists; an organization without its owner is deleted again).
 */
import { randomUUID } from "node:crypto"
import { parseStoredRoles, storedRoles } from "../../access/user-access"
import { toDate } from "./sqlite-session"
import { sqliteDirectAll } from "./sqlite-direct"
import type {
  AcceptInvitationResult,
  AdapterInvitation,
  AdapterMember,
  AdapterOrganization,
  InvitationStatus,
  MembershipChange,
  NewInvitation,
  NewOrganizationActivity,
  OrganizationActivityEntry,
  OrganizationEventType,
} from "../../organizations/types"

const organizationSelect = { id: true, name: true, slug: true, createdAt: true } as const
const memberSelect = { id: true, organizationId: true, userId: true, roles: true, createdAt: true } as const
const invitationSelect = {
  id: true,
  organizationId: true,
  email: true,
  roles: true,
  inviterId: true,
  expires: true,
  status: true,
  createdAt: true,
} as const
const activitySelect = { id: true, organizationId: true, type: true, actorId: true, subject: true, detail: true, createdAt: true } as const

type OrganizationRow = AdapterOrganization
type MemberRow = Omit<AdapterMember, "roles"> & { roles: string }
type InvitationRow = Omit<AdapterInvitation, "roles" | "status"> & { roles: string; status: string }
type ActivityRow = Omit<OrganizationActivityEntry, "type"> & { type: string }
type Where = Record<string, unknown>

/** The statuses in which an invitation can still be cancelled or replaced (InvitationStatus). */
const OPEN = ["pending", "claiming"]

/** The slice of a Prisma client these methods call. */
export interface PrismaOrganizationsLike {
  readonly _activeProvider?: string
  $transaction?(operations: PromiseLike<unknown>[]): PromiseLike<unknown>
  $executeRaw(query: TemplateStringsArray, ...values: unknown[]): PromiseLike<number>
  $queryRaw(query: TemplateStringsArray, ...values: unknown[]): PromiseLike<unknown>
  organization: {
    create(args: {
      data: { name: string; slug: string; members?: { create: { userId: string; roles: string } } }
      select: typeof organizationSelect
    }): PromiseLike<OrganizationRow>
    findFirst(args: { where: Where; select: typeof organizationSelect }): PromiseLike<OrganizationRow | null>
    deleteMany(args: { where: { id: string } }): PromiseLike<{ count: number }>
    updateMany(args: { where: { id: string }; data: { name?: string; slug?: string } }): PromiseLike<{ count: number }>
  }
  member: {
    create(args: { data: { organizationId: string; userId: string; roles: string }; select: typeof memberSelect }): PromiseLike<MemberRow>
    findFirst(args: { where: Where; select: typeof memberSelect }): PromiseLike<MemberRow | null>
    findMany(args: { where: Where; select: typeof memberSelect; orderBy: Where }): PromiseLike<MemberRow[]>
    count(args: { where: Where }): PromiseLike<number>
  }
  invitation: {
    create(args: { data: Omit<NewInvitation, "roles"> & { roles: string; status: string }; select: typeof invitationSelect }): PromiseLike<InvitationRow>
    findFirst(args: { where: Where; select: typeof invitationSelect }): PromiseLike<InvitationRow | null>
    findMany(args: { where: Where; select: typeof invitationSelect; orderBy: Where }): PromiseLike<InvitationRow[]>
    updateMany(args: { where: Where; data: { status: string } }): PromiseLike<{ count: number }>
  }
  organizationActivity: {
    create(args: { data: NewOrganizationActivity; select: { id: true } }): PromiseLike<{ id: string }>
    findMany(args: { where: Where; select: typeof activitySelect; orderBy: Where[]; take: number }): PromiseLike<ActivityRow[]>
  }
  session: {
    updateMany(args: { where: Where; data: { activeOrganizationId: string | null } }): PromiseLike<{ count: number }>
    findFirst(args: { where: { sessionToken: string }; select: { activeOrganizationId: true } }): PromiseLike<{ activeOrganizationId: string | null } | null>
  }
}

const toMember = (row: MemberRow): AdapterMember => ({ ...row, roles: parseStoredRoles(row.roles) })
const toInvitation = (row: InvitationRow): AdapterInvitation => ({ ...row, roles: parseStoredRoles(row.roles), status: row.status as InvitationStatus })
const toActivity = (row: ActivityRow): OrganizationActivityEntry => ({ ...row, type: row.type as OrganizationEventType })

/*
 * An organization home reads its open invitations and latest activity on every load by an owner or
 * admin. On SQLite with the file known, both run on the read-only connection of ./sqlite-direct, the
 * same statements Prisma would send; the rows come back with SQLite's stored dates, made Dates here.
 */
const INVITATIONS_SQL = `SELECT "id", "organizationId", "email", "roles", "inviterId", "expires", "status", "createdAt"
  FROM "Invitation" WHERE "organizationId" = ? ORDER BY "createdAt" DESC`
const ACTIVITY_SQL = `SELECT "id", "organizationId", "type", "actorId", "subject", "detail", "createdAt"
  FROM "OrganizationActivity" WHERE "organizationId" = ? ORDER BY "createdAt" DESC, "id" DESC LIMIT ?`

type StoredDates<Row, Keys extends keyof Row> = Omit<Row, Keys> & { [Key in Keys]: unknown }
const storedInvitation = (row: StoredDates<InvitationRow, "expires" | "createdAt">): InvitationRow => ({ ...row, expires: toDate(row.expires), createdAt: toDate(row.createdAt) })
const storedActivity = (row: StoredDates<ActivityRow, "createdAt">): ActivityRow => ({ ...row, createdAt: toDate(row.createdAt) })

/** Roles as the column keeps them; never empty (a member always holds at least one role). */
function rolesColumn(roles: readonly string[]): string {
  const stored = storedRoles(roles)
  if (!stored) throw new TypeError("A member needs at least one role")
  return stored
}

const hasNul = (...values: string[]) => values.some((value) => value.includes("\u0000"))

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "P2002"
}

export function organizationStore(prisma: PrismaOrganizationsLike, options: { sqliteFile?: string } = {}) {
  const postgres = prisma._activeProvider === "postgresql"
  const directFile = prisma._activeProvider === "sqlite" ? options.sqliteFile : undefined

  /** Runs a conditional write on one organization's memberships: after locking its row on PostgreSQL. */
  async function underOrganizationLock(organizationId: string, write: () => PromiseLike<number>): Promise<number> {
    if (!postgres || !prisma.$transaction) return write()
    const [, count] = (await prisma.$transaction([
      prisma.$queryRaw`SELECT 1 FROM "Organization" WHERE "id" = ${organizationId} FOR UPDATE`,
      write(),
    ])) as [unknown, number]
    return count
  }

  /** After a conditional write matched nothing: was there no such member, or was it the last owner? */
  async function whyUnchanged(organizationId: string, userId: string): Promise<MembershipChange> {
    const member = await prisma.member.findFirst({ where: { organizationId, userId }, select: memberSelect })
    return member ? "last-owner" : "not-found"
  }

  /**
   * Inserts the membership only while the organization has fewer than `limit` members and the
   * invitation is still held by this accept ("claiming": not cancelled or replaced meanwhile). The
   * count, the check and the insert are one statement (SQLite runs it as one write transaction),
   * after the organization's row lock on PostgreSQL, so different invitations accepted at once
   * cannot both take the last seat. null: full, or the invitation ended.
   */
  async function joinWithinLimit(organizationId: string, userId: string, roles: string, limit: number, invitationId: string): Promise<MemberRow | null> {
    const id = randomUUID()
    const inserted = await underOrganizationLock(
      organizationId,
      () => prisma.$executeRaw`INSERT INTO "Member" ("id", "organizationId", "userId", "roles", "createdAt")
        SELECT ${id}, ${organizationId}, ${userId}, ${roles}, ${new Date()}
        WHERE (SELECT COUNT(*) FROM "Member" WHERE "organizationId" = ${organizationId}) < ${limit}
          AND EXISTS (SELECT 1 FROM "Invitation" WHERE "id" = ${invitationId} AND "status" = 'claiming')`,
    )
    return inserted > 0 ? prisma.member.findFirst({ where: { id }, select: memberSelect }) : null
  }

  /** The membership `userId` already has (a concurrent accept of theirs won the unique key), or rethrows. */
  async function memberAfterConflict(organizationId: string, userId: string, error: unknown): Promise<MemberRow> {
    if (!isUniqueViolation(error)) throw error
    const member = await prisma.member.findFirst({ where: { organizationId, userId }, select: memberSelect })
    if (!member) throw error
    return member
  }

  return {
    async createOrganization(input: { name: string; slug: string; creatorId: string; roles: readonly string[] }): Promise<AdapterOrganization | null> {
      const roles = rolesColumn(input.roles)
      try {
        if (postgres) {
          // A nested create is one transaction: the organization never exists without its owner.
          return await prisma.organization.create({
            data: { name: input.name, slug: input.slug, members: { create: { userId: input.creatorId, roles } } },
            select: organizationSelect,
          })
        }
        const organization = await prisma.organization.create({ data: { name: input.name, slug: input.slug }, select: organizationSelect })
        try {
          await prisma.member.create({ data: { organizationId: organization.id, userId: input.creatorId, roles }, select: memberSelect })
        } catch (error) {
          await prisma.organization.deleteMany({ where: { id: organization.id } }).then(undefined, () => undefined)
          throw error
        }
        return organization
      } catch (error) {
        if (isUniqueViolation(error)) return null
        throw error
      }
    },

    async getOrganization(id: string): Promise<AdapterOrganization | null> {
      if (hasNul(id)) return null
      return prisma.organization.findFirst({ where: { id }, select: organizationSelect })
    },

    async getOrganizationBySlug(slug: string): Promise<AdapterOrganization | null> {
      if (hasNul(slug)) return null
      return prisma.organization.findFirst({ where: { slug }, select: organizationSelect })
    },

    async updateOrganization(id: string, changes: { name?: string; slug?: string }): Promise<AdapterOrganization | null | "slug-taken"> {
      if (hasNul(id)) return null
      const data: { name?: string; slug?: string } = {}
      if (changes.name !== undefined) data.name = changes.name
      if (changes.slug !== undefined) data.slug = changes.slug
      try {
        // Nothing to change is no write (an empty UPDATE counts no row on SQLite).
        if (Object.keys(data).length > 0 && (await prisma.organization.updateMany({ where: { id }, data })).count === 0) return null
      } catch (error) {
        if (isUniqueViolation(error)) return "slug-taken"
        throw error
      }
      return prisma.organization.findFirst({ where: { id }, select: organizationSelect })
    },

    async deleteOrganization(id: string): Promise<boolean> {
      if (hasNul(id)) return false
      // Members, invitations, teams and the log go with it (onDelete: Cascade); sessions lose it (SetNull).
      const { count } = await prisma.organization.deleteMany({ where: { id } })
      return count > 0
    },

    async listOrganizationsOfUser(userId: string): Promise<{ organization: AdapterOrganization; member: AdapterMember }[]> {
      if (hasNul(userId)) return []
      const members = await prisma.member.findMany({ where: { userId }, select: memberSelect, orderBy: { createdAt: "asc" } })
      const out: { organization: AdapterOrganization; member: AdapterMember }[] = []
      for (const member of members) {
        const organization = await prisma.organization.findFirst({ where: { id: member.organizationId }, select: organizationSelect })
        if (organization) out.push({ organization, member: toMember(member) })
      }
      return out
    },

    async getMember(organizationId: string, userId: string): Promise<AdapterMember | null> {
      if (hasNul(organizationId, userId)) return null
      const row = await prisma.member.findFirst({ where: { organizationId, userId }, select: memberSelect })
      return row && toMember(row)
    },

    async listMembers(organizationId: string): Promise<AdapterMember[]> {
      if (hasNul(organizationId)) return []
      return (await prisma.member.findMany({ where: { organizationId }, select: memberSelect, orderBy: { createdAt: "asc" } })).map(toMember)
    },

    async setMemberRoles(organizationId: string, userId: string, roles: readonly string[]): Promise<MembershipChange> {
      if (hasNul(organizationId, userId)) return "not-found"
      const column = rolesColumn(roles)
      const keepsOwner = `,${column},`.includes(",owner,")
      const count = await underOrganizationLock(organizationId, () =>
        keepsOwner
          ? prisma.$executeRaw`UPDATE "Member" SET "roles" = ${column} WHERE "organizationId" = ${organizationId} AND "userId" = ${userId}`
          : prisma.$executeRaw`UPDATE "Member" SET "roles" = ${column}
              WHERE "organizationId" = ${organizationId} AND "userId" = ${userId}
                AND ((',' || "roles" || ',') NOT LIKE '%,owner,%'
                  OR (SELECT COUNT(*) FROM "Member" o WHERE o."organizationId" = ${organizationId} AND (',' || o."roles" || ',') LIKE '%,owner,%') > 1)`,
      )
      return count > 0 ? "done" : whyUnchanged(organizationId, userId)
    },

    async removeMember(organizationId: string, userId: string): Promise<MembershipChange> {
      if (hasNul(organizationId, userId)) return "not-found"
      const count = await underOrganizationLock(
        organizationId,
        () => prisma.$executeRaw`DELETE FROM "Member"
          WHERE "organizationId" = ${organizationId} AND "userId" = ${userId}
            AND ((',' || "roles" || ',') NOT LIKE '%,owner,%'
              OR (SELECT COUNT(*) FROM "Member" o WHERE o."organizationId" = ${organizationId} AND (',' || o."roles" || ',') LIKE '%,owner,%') > 1)`,
      )
      // The same statement cleared it as active organization in the user's sessions (a trigger:
      // migration 20261128131451_organization_sessions).
      return count === 0 ? whyUnchanged(organizationId, userId) : "done"
    },

    async createInvitation(invitation: NewInvitation): Promise<AdapterInvitation> {
      // The earlier link dies before the new one exists; one held by an accept dies too (the accept then fails).
      await prisma.invitation.updateMany({
        where: { organizationId: invitation.organizationId, email: invitation.email, status: { in: OPEN } },
        data: { status: "replaced" },
      })
      const row = await prisma.invitation.create({
        data: { ...invitation, roles: rolesColumn(invitation.roles), status: "pending" },
        select: invitationSelect,
      })
      return toInvitation(row)
    },

    async getInvitationByTokenHash(tokenHash: string): Promise<AdapterInvitation | null> {
      if (hasNul(tokenHash)) return null
      const row = await prisma.invitation.findFirst({ where: { tokenHash }, select: invitationSelect })
      return row && toInvitation(row)
    },

    async listInvitations(organizationId: string): Promise<AdapterInvitation[]> {
      if (hasNul(organizationId)) return []
      const direct = directFile === undefined ? undefined : sqliteDirectAll<StoredDates<InvitationRow, "expires" | "createdAt">>(directFile, INVITATIONS_SQL, organizationId)
      if (direct) return direct.map((row) => toInvitation(storedInvitation(row)))
      return (await prisma.invitation.findMany({ where: { organizationId }, select: invitationSelect, orderBy: { createdAt: "desc" } })).map(toInvitation)
    },

    async cancelInvitation(organizationId: string, invitationId: string): Promise<boolean> {
      if (hasNul(organizationId, invitationId)) return false
      const { count } = await prisma.invitation.updateMany({ where: { id: invitationId, organizationId, status: { in: OPEN } }, data: { status: "cancelled" } })
      return count > 0
    },

    async acceptInvitation(params: { tokenHash: string; userId: string; now: Date; memberLimit?: number }): Promise<AcceptInvitationResult> {
      if (hasNul(params.tokenHash, params.userId)) return { status: "unavailable" }
      const row = await prisma.invitation.findFirst({ where: { tokenHash: params.tokenHash, status: "pending", expires: { gt: params.now } }, select: invitationSelect })
      if (!row) return { status: "unavailable" }
      const existing = await prisma.member.findFirst({ where: { organizationId: row.organizationId, userId: params.userId }, select: memberSelect })
      const limit = existing ? undefined : params.memberLimit
      // The claim: of concurrent accepts exactly one matches the pending row. Under a member limit it is
      // only held ("claiming") until the seat is taken, so that a cancel or a new invitation to the
      // address can still end it, and a refused accept hands back only what nobody ended meanwhile.
      const { count } = await prisma.invitation.updateMany({
        where: { id: row.id, status: "pending", expires: { gt: params.now } },
        data: { status: limit === undefined ? "accepted" : "claiming" },
      })
      if (count === 0) return { status: "unavailable" }
      const invitation = { ...toInvitation(row), status: "accepted" as const }
      if (existing) return { status: "joined", member: toMember(existing), invitation }
      if (limit === undefined) {
        const member = await prisma.member
          .create({ data: { organizationId: row.organizationId, userId: params.userId, roles: row.roles }, select: memberSelect })
          .then(undefined, (error: unknown) => memberAfterConflict(row.organizationId, params.userId, error))
        return { status: "joined", member: toMember(member), invitation }
      }
      const finish = () => prisma.invitation.updateMany({ where: { id: row.id, status: "claiming" }, data: { status: "accepted" } })
      let member: MemberRow | null
      try {
        member = await joinWithinLimit(row.organizationId, params.userId, row.roles, limit, row.id)
      } catch (error) {
        const already = await memberAfterConflict(row.organizationId, params.userId, error)
        await finish()
        return { status: "joined", member: toMember(already), invitation }
      }
      if (member) {
        if ((await finish()).count > 0) return { status: "joined", member: toMember(member), invitation }
        // Cancelled or replaced between the insert and now: the cancel stands, and the seat is given back.
        await prisma.$executeRaw`DELETE FROM "Member" WHERE "id" = ${member.id}`
        return { status: "unavailable" }
      }
      // Not inserted. Still held: the organization is full, and the claim goes back so that the
      // invitation stays pending for when a seat frees up. Not held: it was cancelled or replaced.
      const handedBack = await prisma.invitation.updateMany({ where: { id: row.id, status: "claiming" }, data: { status: "pending" } })
      return handedBack.count > 0 ? { status: "member-limit" } : { status: "unavailable" }
    },

    async setSessionOrganization(sessionToken: string, organizationId: string | null): Promise<boolean> {
      if (hasNul(sessionToken)) return false
      const { count } = await prisma.session.updateMany({ where: { sessionToken }, data: { activeOrganizationId: organizationId } })
      return count > 0
    },

    async getSessionOrganization(sessionToken: string): Promise<string | null> {
      if (hasNul(sessionToken)) return null
      return (await prisma.session.findFirst({ where: { sessionToken }, select: { activeOrganizationId: true } }))?.activeOrganizationId ?? null
    },

    async createOrganizationActivity(entry: NewOrganizationActivity): Promise<void> {
      await prisma.organizationActivity.create({ data: { ...entry }, select: { id: true } })
    },

    async listOrganizationActivity(organizationId: string, limit: number): Promise<OrganizationActivityEntry[]> {
      if (hasNul(organizationId)) return []
      const take = Math.max(1, Math.min(500, Math.floor(limit)))
      const direct = directFile === undefined ? undefined : sqliteDirectAll<StoredDates<ActivityRow, "createdAt">>(directFile, ACTIVITY_SQL, organizationId, take)
      if (direct) return direct.map((row) => toActivity(storedActivity(row)))
      const rows = await prisma.organizationActivity.findMany({ where: { organizationId }, select: activitySelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take })
      return rows.map(toActivity)
    },
  }
}
