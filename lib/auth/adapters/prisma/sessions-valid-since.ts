/**
 * The Prisma side of revoking jwt sessions: the user's "sessions valid since"
 * instant, a nullable column the starter adds to Auth.js's User table (a
 * database shared with Auth.js keeps working; its rows read as null). A user
 * id with no row (a deleted account) answers "no-such-user", which revokes
 * every token naming it.
 */
import type { SessionsValidSince } from "../types"

/** The slice of a Prisma client these two methods call. */
export interface PrismaValidSinceLike {
  user: {
    // findFirst rather than findUnique: the adapter's user slice already types findUnique for its own select.
    findFirst(args: {
      where: { id: string }
      select: { sessionsValidSince: true }
    }): PromiseLike<{ sessionsValidSince: Date | null } | null>
    updateMany(args: { where: { id: string }; data: { sessionsValidSince: Date } }): PromiseLike<{ count: number }>
  }
}

export function getSessionsValidSince(prisma: PrismaValidSinceLike) {
  return async (userId: string): Promise<SessionsValidSince> => {
    // PostgreSQL text cannot hold U+0000 and would reject the query; no id contains it.
    if (userId.includes("\u0000")) return "no-such-user"
    const row = await prisma.user.findFirst({ where: { id: userId }, select: { sessionsValidSince: true } })
    if (!row) return "no-such-user"
    return row.sessionsValidSince ?? null
  }
}

export function setSessionsValidSince(prisma: PrismaValidSinceLike) {
  // updateMany: a user deleted meanwhile is no error, there is nobody left to sign out; false says so.
  return async (userId: string, since: Date): Promise<boolean> => {
    if (userId.includes("\u0000")) return false
    const { count } = await prisma.user.updateMany({ where: { id: userId }, data: { sessionsValidSince: since } })
    return count > 0
  }
}
