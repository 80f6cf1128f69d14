/**
 * The session lookup behind every request of the database strategy, on
 * SQLite. Prisma reads a relation with a second statement, and even one
 * $queryRaw JOIN costs ~70 µs of query building and result mapping, more than
 * the rest of a session check. Given the database file, the lookup runs the
 * same JOIN as one prepared statement on the file's read-only connection
 * (./sqlite-direct, ~7 µs); without it, or whenever that connection cannot
 * answer, the same statement goes through Prisma's parameterised $queryRaw.
 */
import type { AdapterSession, AdapterUser } from "../types"
import { parseStoredRoles } from "../../access/user-access"
import type { PrismaLike } from "./client"
import { asQueryTemplate, sqliteDirectGet } from "./sqlite-direct"

/** A DATETIME read raw: ISO text from Prisma, epoch ms from older SQLite files, or a Date from $queryRaw. */
export function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(value as string | number)
}

export interface SessionUserRow {
  sessionToken: string
  userId: string
  expires: unknown
  createdAt: unknown
  authenticatedAt: unknown
  impersonatedBy: string | null
  impersonationStoppedAt: unknown
  id: string
  name: string | null
  email: string | null
  emailVerified: unknown
  image: string | null
  roles: string | null
  bannedAt: unknown
  banExpires: unknown
  memberOfAny: unknown
  activeOrganizationId: string | null
  activeOrganizationName: string | null
  activeOrganizationSlug: string | null
}

export type SessionAndUser = { session: AdapterSession; user: AdapterUser }

// Table and column names are the Auth.js schema's, plus the starter's roles and ban columns:
// the database strategy learns a user's roles and ban in this same statement, and whether the
// user belongs to any organization (the header's question on every page) from the index on
// "Member"."userId", and the session's active organization with the header's name for it (joined
// through the user's membership, so an organization they have left reads as none).
export const SELECT_SESSION_AND_USER = `
  SELECT s."sessionToken", s."userId", s."expires", s."createdAt", s."authenticatedAt", s."impersonatedBy", s."impersonationStoppedAt",
         u."id", u."name", u."email", u."emailVerified", u."image", u."roles", u."bannedAt", u."banExpires",
         EXISTS (SELECT 1 FROM "Member" ma WHERE ma."userId" = u."id") AS "memberOfAny",
         s."activeOrganizationId", ao."name" AS "activeOrganizationName", ao."slug" AS "activeOrganizationSlug"
  FROM "Session" s JOIN "User" u ON u."id" = s."userId"
  LEFT JOIN "Member" am ON am."organizationId" = s."activeOrganizationId" AND am."userId" = s."userId"
  LEFT JOIN "Organization" ao ON ao."id" = am."organizationId"
  WHERE s."sessionToken" = ?`

/** Where the statement's FROM clause starts (the select list has a FROM of its own, in the subquery). */
export const SESSION_AND_USER_FROM = SELECT_SESSION_AND_USER.indexOf('FROM "Session"')

/** The same statement for Prisma's $queryRaw: the text is written once, and the token is still bound apart. */
const SESSION_AND_USER_TEMPLATE = asQueryTemplate(SELECT_SESSION_AND_USER)

export function toSessionAndUser(row: SessionUserRow): SessionAndUser {
  return {
    session: {
      sessionToken: row.sessionToken,
      userId: row.userId,
      expires: toDate(row.expires),
      createdAt: row.createdAt === null ? null : toDate(row.createdAt),
      authenticatedAt: row.authenticatedAt === null ? null : toDate(row.authenticatedAt),
      impersonatedBy: row.impersonatedBy,
      impersonationStoppedAt: row.impersonationStoppedAt === null ? null : toDate(row.impersonationStoppedAt),
      // SQLite answers 0/1.
      memberOfAny: row.memberOfAny === true || Number(row.memberOfAny) === 1,
      activeOrganization: {
        id: row.activeOrganizationId,
        current: row.activeOrganizationName !== null && row.activeOrganizationSlug !== null ? { name: row.activeOrganizationName, slug: row.activeOrganizationSlug } : null,
      },
    },
    user: {
      id: row.id,
      name: row.name,
      email: row.email,
      emailVerified: row.emailVerified === null ? null : toDate(row.emailVerified),
      image: row.image,
      roles: parseStoredRoles(row.roles),
      bannedAt: row.bannedAt === null ? null : toDate(row.bannedAt),
      banExpires: row.banExpires === null ? null : toDate(row.banExpires),
    },
  }
}

export interface SqliteSessionLookupOptions {
  /** The SQLite database file Prisma uses; without it every lookup goes through Prisma. */
  file?: string
}

/** The lookup for a SQLite client, or undefined for any other provider (the adapter keeps the ORM query). */
export function sqliteSessionLookup(prisma: PrismaLike, options: SqliteSessionLookupOptions = {}) {
  if (prisma._activeProvider !== "sqlite" || typeof prisma.$queryRaw !== "function") return undefined
  const client = prisma as PrismaLike & Required<Pick<PrismaLike, "$queryRaw">>
  const { file } = options
  // Not async: the direct read answers with one resolved promise, and nothing more, on every request.
  return (sessionToken: string): Promise<SessionAndUser | null> => {
    let direct: SessionUserRow | null | undefined
    try {
      direct = file === undefined ? undefined : sqliteDirectGet<SessionUserRow>(file, SELECT_SESSION_AND_USER, sessionToken)
    } catch (error) {
      return Promise.reject(error)
    }
    if (direct !== undefined) return Promise.resolve(direct && toSessionAndUser(direct))
    return Promise.resolve(client.$queryRaw<SessionUserRow[]>(SESSION_AND_USER_TEMPLATE, sessionToken)).then(([row]) => (row ? toSessionAndUser(row) : null))
  }
}
