/**
 * The session lookup behind every request of the database strategy, on
 * SQLite: one JOIN through Prisma's own parameterised $queryRaw instead of the
 * ORM's two statements. Only reads; any other provider gets undefined and the
 * adapter keeps the ORM query.
 */
import type { AdapterSession, AdapterUser } from "../types"
import type { PrismaLike } from "./client"

/** A DATETIME read through a raw query: a Date, or ISO text / epoch ms from older SQLite files. */
function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(value as string | number)
}

interface SessionUserRow {
  sessionToken: string
  userId: string
  expires: unknown
  createdAt: unknown
  authenticatedAt: unknown
  id: string
  name: string | null
  email: string | null
  emailVerified: unknown
  image: string | null
}

/**
 * The lookup behind every request of the database strategy. On SQLite, Prisma
 * reads a relation with a second statement; this one JOIN through Prisma's
 * own parameterised $queryRaw costs a third of that. Table and column names
 * are the Auth.js schema's. Other providers use the ORM query (PostgreSQL
 * does it in one statement with the relationJoins preview feature, and may
 * use a non-default schema that an unqualified raw query would miss).
 */
export function sqliteSessionLookup(prisma: PrismaLike) {
  if (prisma._activeProvider !== "sqlite" || typeof prisma.$queryRaw !== "function") return undefined
  const client = prisma as PrismaLike & Required<Pick<PrismaLike, "$queryRaw">>
  return async (sessionToken: string): Promise<{ session: AdapterSession; user: AdapterUser } | null> => {
    const [row] = await client.$queryRaw<SessionUserRow[]>`
      SELECT s."sessionToken", s."userId", s."expires", s."createdAt", s."authenticatedAt",
             u."id", u."name", u."email", u."emailVerified", u."image"
      FROM "Session" s JOIN "User" u ON u."id" = s."userId"
      WHERE s."sessionToken" = ${sessionToken}`
    if (!row) return null
    return {
      session: {
        sessionToken: row.sessionToken,
        userId: row.userId,
        expires: toDate(row.expires),
        createdAt: row.createdAt === null ? null : toDate(row.createdAt),
        authenticatedAt: row.authenticatedAt === null ? null : toDate(row.authenticatedAt),
      },
      user: {
        id: row.id,
        name: row.name,
        email: row.email,
        emailVerified: row.emailVerified === null ? null : toDate(row.emailVerified),
        image: row.image,
      },
    }
  }
}
