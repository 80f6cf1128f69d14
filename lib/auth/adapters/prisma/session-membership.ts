/**
 * The Prisma side of the session's organization: the organization
 * page's read of session, user, membership and organization as one SQL
 * statement (raw, as Prisma would otherwise read each relation apart on
 * SQLite), the active organization each user made last, and the memberships
 * version read with "sessions valid since". The version itself is moved on by
 * database triggers (migration 20261128131451_organization_sessions) in the
 * statement that ends or changes a membership, never here.
 */
import Database from "better-sqlite3"
import { parseStoredRoles } from "../../access/user-access"
import type { MembershipAtVersion, MembershipRecord } from "../../organizations/types"
import type { AdapterSession, AdapterUser, SessionStanding } from "../types"
import { SELECT_SESSION_AND_USER, SESSION_AND_USER_FROM, toDate, toSessionAndUser, type SessionUserRow } from "./sqlite-session"

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

/** The session lookup's statement with the membership of the organization named by slug joined on. */
const SESSION_AND_MEMBERSHIP_TEMPLATE: TemplateStringsArray = (() => {
  const select = SELECT_SESSION_AND_USER.slice(0, SESSION_AND_USER_FROM).trimEnd()
  const from = SELECT_SESSION_AND_USER.slice(SESSION_AND_USER_FROM + "FROM".length)
  const text = `${select},
         o."id" AS "orgId", o."name" AS "orgName", o."slug" AS "orgSlug", o."createdAt" AS "orgCreatedAt",
         m."id" AS "memberId", m."userId" AS "memberUserId", m."roles" AS "memberRoles", m."createdAt" AS "memberCreatedAt"
  FROM ${from.replace(
    'WHERE s."sessionToken" = ?',
    `LEFT JOIN "Organization" o ON o."slug" = ?
  LEFT JOIN "Member" m ON m."organizationId" = o."id" AND m."userId" = s."userId"
  WHERE s."sessionToken" = ?`,
  )}`
  const parts = text.split("?")
  return Object.assign([...parts], { raw: [...parts] })
})()

type Row = SessionUserRow & MembershipColumns
type Statement = Database.Statement<[string, string], Row>

/**
 * On SQLite with the database file known, the statement runs on a read-only better-sqlite3
 * connection of its own, as the plain session lookup does (./sqlite-session: same reasons, same
 * fallback to Prisma whenever that connection cannot answer), so an organization page's read costs
 * what the dashboard's does. One prepared statement per file for the process, on globalThis.
 */
const statementsKey = Symbol.for("auth.prisma.sqlite-session-membership-readers")
type StatementsGlobal = typeof globalThis & { [statementsKey]?: Map<string, Statement | { retryAt: number }> }

function readDirect(file: string, slug: string, sessionToken: string): Row | null | undefined {
  const readers = ((globalThis as StatementsGlobal)[statementsKey] ??= new Map())
  let known = readers.get(file)
  if (known && "retryAt" in known) {
    if (known.retryAt > Date.now()) return undefined
    known = undefined
  }
  if (!known) {
    let connection: Database.Database | undefined
    try {
      connection = new Database(file, { readonly: true, fileMustExist: true, timeout: 0 })
      known = connection.prepare<[string, string], Row>(SESSION_AND_MEMBERSHIP_TEMPLATE.join("?"))
      readers.set(file, known)
    } catch {
      connection?.close()
      readers.set(file, { retryAt: Date.now() + 5_000 })
      return undefined
    }
  }
  try {
    return known.get(slug, sessionToken) ?? null
  } catch {
    return undefined
  }
}

export function sessionMembershipStore(prisma: PrismaSessionMembershipLike & { readonly _activeProvider?: string }, options: { sqliteFile?: string } = {}) {
  const directFile = prisma._activeProvider === "sqlite" ? options.sqliteFile : undefined
  return {
    async getSessionAndMembership(
      sessionToken: string,
      slug: string,
    ): Promise<{ session: AdapterSession; user: AdapterUser; membership: MembershipRecord | null } | null> {
      if (hasNul(sessionToken, slug)) return null
      const direct = directFile === undefined ? undefined : readDirect(directFile, slug, sessionToken)
      const row = direct !== undefined ? direct : ((await prisma.$queryRaw(SESSION_AND_MEMBERSHIP_TEMPLATE, slug, sessionToken)) as Row[])[0]
      return row ? { ...toSessionAndUser(row), membership: membershipOf(row) } : null
    },

    async setMemberLastActive(organizationId: string, userId: string, at: Date): Promise<void> {
      if (hasNul(organizationId, userId)) return
      await prisma.member.updateMany({ where: { organizationId, userId }, data: { lastActiveAt: at } })
    },

    async getActiveMembership(userId: string, organizationId?: string): Promise<MembershipAtVersion> {
      if (hasNul(userId, organizationId ?? "")) return { membership: null, membershipsVersion: null }
      const rows = (await (organizationId === undefined
        ? prisma.$queryRaw`
            SELECT u."membershipsVersion", o."id" AS "orgId", o."name" AS "orgName", o."slug" AS "orgSlug", o."createdAt" AS "orgCreatedAt",
                   m."id" AS "memberId", m."userId" AS "memberUserId", m."roles" AS "memberRoles", m."createdAt" AS "memberCreatedAt"
            FROM "User" u
            LEFT JOIN "Member" m ON m."id" = (
              SELECT l."id" FROM "Member" l WHERE l."userId" = u."id" AND l."lastActiveAt" IS NOT NULL ORDER BY l."lastActiveAt" DESC LIMIT 1)
            LEFT JOIN "Organization" o ON o."id" = m."organizationId"
            WHERE u."id" = ${userId}`
        : prisma.$queryRaw`
            SELECT u."membershipsVersion", o."id" AS "orgId", o."name" AS "orgName", o."slug" AS "orgSlug", o."createdAt" AS "orgCreatedAt",
                   m."id" AS "memberId", m."userId" AS "memberUserId", m."roles" AS "memberRoles", m."createdAt" AS "memberCreatedAt"
            FROM "User" u
            LEFT JOIN "Member" m ON m."userId" = u."id" AND m."organizationId" = ${organizationId}
            LEFT JOIN "Organization" o ON o."id" = m."organizationId"
            WHERE u."id" = ${userId}`)) as (MembershipColumns & { membershipsVersion: unknown })[]
      const row = rows[0]
      if (!row) return { membership: null, membershipsVersion: null }
      return { membership: membershipOf(row), membershipsVersion: Number(row.membershipsVersion) }
    },

    async getSessionStanding(userId: string): Promise<SessionStanding> {
      if (hasNul(userId)) return { validSince: "no-such-user", membershipsVersion: null }
      const rows = (await prisma.$queryRaw`SELECT u."sessionsValidSince", u."membershipsVersion",
          EXISTS (SELECT 1 FROM "Member" m WHERE m."userId" = u."id") AS "memberOfAny"
        FROM "User" u WHERE u."id" = ${userId}`) as {
        sessionsValidSince: unknown
        membershipsVersion: unknown
        memberOfAny: unknown
      }[]
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
