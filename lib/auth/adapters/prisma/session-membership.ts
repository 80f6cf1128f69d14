/**
 * The Prisma side of the session's organization: the organization
 * page's read of session, user, membership and organization as one SQL
 * statement (raw, as Prisma would otherwise read each relation apart on
 * SQLite), the active organization each user made last, and the memberships
 * version read with "sessions valid since". The version itself is moved on by
 * database triggers (migration 20261128131451_organization_sessions) in the
 * statement that ends or changes a membership, never here.
 */
import { parseStoredRoles } from "../../access/user-access"
import type { MembershipAtVersion, MembershipRecord } from "../../organizations/types"
import type { AdapterSession, AdapterUser, SessionStanding } from "../types"
import { SELECT_SESSION_AND_USER, SESSION_AND_USER_FROM, toDate, toSessionAndUser, type SessionUserRow } from "./sqlite-session"
import { asQueryTemplate, sqliteDirectGet } from "./sqlite-direct"

/** The slice of a Prisma client these methods call. */
export interface PrismaSessionMembershipLike {
  $queryRaw(query: TemplateStringsArray, ...values: unknown[]): PromiseLike<unknown>
  member: {
    updateMany(args: { where: { organizationId: string; userId: string }; data: { lastActiveAt: Date } }): PromiseLike<{ count: number }>
  }
}

interface MembershipColumns {
  orgId: string | null
  orgName: string | null
  orgSlug: string | null
  orgCreatedAt: unknown
  memberId: string | null
  memberUserId: string | null
  memberRoles: string | null
  memberCreatedAt: unknown
}

const hasNul = (...values: string[]) => values.some((value) => value.includes("\u0000"))

function membershipOf(row: MembershipColumns): MembershipRecord | null {
  if (row.memberId === null || row.orgId === null || row.memberUserId === null) return null
  return {
    organization: { id: row.orgId, name: row.orgName ?? "", slug: row.orgSlug ?? "", createdAt: toDate(row.orgCreatedAt) },
    member: { id: row.memberId, organizationId: row.orgId, userId: row.memberUserId, roles: parseStoredRoles(row.memberRoles), createdAt: toDate(row.memberCreatedAt) },
  }
}

/**
 * The session lookup's statement with the membership of the organization named by slug joined on.
 * On SQLite with the database file known, it runs on the file's read-only connection, as the plain
 * session lookup does (./sqlite-direct), so an organization page's read costs what the dashboard's does.
 */
const SESSION_AND_MEMBERSHIP_SQL = (() => {
  const select = SELECT_SESSION_AND_USER.slice(0, SESSION_AND_USER_FROM).trimEnd()
  const from = SELECT_SESSION_AND_USER.slice(SESSION_AND_USER_FROM + "FROM".length)
  return `${select},
         o."id" AS "orgId", o."name" AS "orgName", o."slug" AS "orgSlug", o."createdAt" AS "orgCreatedAt",
         m."id" AS "memberId", m."userId" AS "memberUserId", m."roles" AS "memberRoles", m."createdAt" AS "memberCreatedAt"
  FROM ${from.replace(
    'WHERE s."sessionToken" = ?',
    `LEFT JOIN "Organization" o ON o."slug" = ?
  LEFT JOIN "Member" m ON m."organizationId" = o."id" AND m."userId" = s."userId"
  WHERE s."sessionToken" = ?`,
  )}`
})()
const SESSION_AND_MEMBERSHIP_TEMPLATE = asQueryTemplate(SESSION_AND_MEMBERSHIP_SQL)

type Row = SessionUserRow & MembershipColumns

const SESSION_STANDING_SQL = `SELECT u."sessionsValidSince", u."membershipsVersion",
    EXISTS (SELECT 1 FROM "Member" m WHERE m."userId" = u."id") AS "memberOfAny"
  FROM "User" u WHERE u."id" = ?`
const SESSION_STANDING_TEMPLATE = asQueryTemplate(SESSION_STANDING_SQL)

const MEMBERSHIP_COLUMNS = `u."membershipsVersion", o."id" AS "orgId", o."name" AS "orgName", o."slug" AS "orgSlug", o."createdAt" AS "orgCreatedAt",
         m."id" AS "memberId", m."userId" AS "memberUserId", m."roles" AS "memberRoles", m."createdAt" AS "memberCreatedAt"`
/** The membership the user made active last, if any. */
const LAST_ACTIVE_SQL = `SELECT ${MEMBERSHIP_COLUMNS}
  FROM "User" u
  LEFT JOIN "Member" m ON m."id" = (
    SELECT l."id" FROM "Member" l WHERE l."userId" = u."id" AND l."lastActiveAt" IS NOT NULL ORDER BY l."lastActiveAt" DESC LIMIT 1)
  LEFT JOIN "Organization" o ON o."id" = m."organizationId"
  WHERE u."id" = ?`
const LAST_ACTIVE_TEMPLATE = asQueryTemplate(LAST_ACTIVE_SQL)
/** The user's membership of one organization. */
const MEMBERSHIP_SQL = `SELECT ${MEMBERSHIP_COLUMNS}
  FROM "User" u
  LEFT JOIN "Member" m ON m."userId" = u."id" AND m."organizationId" = ?
  LEFT JOIN "Organization" o ON o."id" = m."organizationId"
  WHERE u."id" = ?`
const MEMBERSHIP_TEMPLATE = asQueryTemplate(MEMBERSHIP_SQL)

type MembershipVersionRow = MembershipColumns & { membershipsVersion: unknown }

interface StandingRow {
  sessionsValidSince: unknown
  membershipsVersion: unknown
  memberOfAny: unknown
}

export function sessionMembershipStore(prisma: PrismaSessionMembershipLike & { readonly _activeProvider?: string }, options: { sqliteFile?: string } = {}) {
  const directFile = prisma._activeProvider === "sqlite" ? options.sqliteFile : undefined
  return {
    async getSessionAndMembership(
      sessionToken: string,
      slug: string,
    ): Promise<{ session: AdapterSession; user: AdapterUser; membership: MembershipRecord | null } | null> {
      if (hasNul(sessionToken, slug)) return null
      const direct = directFile === undefined ? undefined : sqliteDirectGet<Row>(directFile, SESSION_AND_MEMBERSHIP_SQL, slug, sessionToken)
      const row = direct !== undefined ? direct : ((await prisma.$queryRaw(SESSION_AND_MEMBERSHIP_TEMPLATE, slug, sessionToken)) as Row[])[0]
      return row ? { ...toSessionAndUser(row), membership: membershipOf(row) } : null
    },

    async setMemberLastActive(organizationId: string, userId: string, at: Date): Promise<void> {
      if (hasNul(organizationId, userId)) return
      await prisma.member.updateMany({ where: { organizationId, userId }, data: { lastActiveAt: at } })
    },

    async getActiveMembership(userId: string, organizationId?: string): Promise<MembershipAtVersion> {
      if (hasNul(userId, organizationId ?? "")) return { membership: null, membershipsVersion: null }
      // The organization pages of a jwt session and each permission-checked organization read ask this.
      const [sql, template, params] = organizationId === undefined ? [LAST_ACTIVE_SQL, LAST_ACTIVE_TEMPLATE, [userId]] : [MEMBERSHIP_SQL, MEMBERSHIP_TEMPLATE, [organizationId, userId]]
      const direct = directFile === undefined ? undefined : sqliteDirectGet<MembershipVersionRow>(directFile, sql, ...params)
      const rows = direct !== undefined ? (direct ? [direct] : []) : ((await prisma.$queryRaw(template, ...params)) as MembershipVersionRow[])
      const row = rows[0]
      if (!row) return { membership: null, membershipsVersion: null }
      return { membership: membershipOf(row), membershipsVersion: Number(row.membershipsVersion) }
    },

    async getSessionStanding(userId: string): Promise<SessionStanding> {
      if (hasNul(userId)) return { validSince: "no-such-user", membershipsVersion: null }
      // Every jwt request of a user whose cached standing has aged past the revocation delay asks this.
      const direct = directFile === undefined ? undefined : sqliteDirectGet<StandingRow>(directFile, SESSION_STANDING_SQL, userId)
      const rows = direct !== undefined ? (direct ? [direct] : []) : ((await prisma.$queryRaw(SESSION_STANDING_TEMPLATE, userId)) as StandingRow[])
      const row = rows[0]
      if (!row) return { validSince: "no-such-user", membershipsVersion: null }
      const since = row.sessionsValidSince === null ? null : toDate(row.sessionsValidSince)
      return {
        validSince: since && !Number.isNaN(since.getTime()) ? since : null,
        membershipsVersion: Number(row.membershipsVersion),
        // SQLite answers 0/1, PostgreSQL a boolean.
        memberOfAny: row.memberOfAny === true || Number(row.memberOfAny) === 1,
      }
    },
  }
}
