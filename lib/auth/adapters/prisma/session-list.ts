/**
 * The Prisma side of a user's list of their own sessions (Settings ›
 * Sessions): the unexpired rows of one user with the details the starter
 * stores beside Auth.js's columns, and deleting all of a user's rows but one;
 * and deleting the impersonations an admin started (their own sessions ended)
 * or marking one stopped. Rows written by Auth.js have null details and read
 * like any other; a stopped impersonation's row is in no list.
 */
import type { AdapterSession } from "../types"

const sessionDetailsSelect = {
  sessionToken: true,
  userId: true,
  expires: true,
  createdAt: true,
  lastActiveAt: true,
  userAgent: true,
  impersonatedBy: true,
  impersonationReason: true,
} as const

export interface SessionDetailsRow {
  sessionToken: string
  userId: string
  expires: Date
  createdAt: Date | null
  lastActiveAt: Date | null
  userAgent: string | null
  impersonatedBy: string | null
  impersonationReason: string | null
}

/** The slice of a Prisma client these two methods call. */
export interface PrismaSessionListLike {
  session: {
    findMany(args: {
      where: { userId: string; expires: { gt: Date }; impersonationStoppedAt: null }
      select: typeof sessionDetailsSelect
    }): PromiseLike<SessionDetailsRow[]>
    deleteMany(args: { where: { userId?: string; sessionToken?: { not: string }; impersonatedBy?: string } }): PromiseLike<{ count: number }>
    updateMany(args: {
      where: { sessionToken: string; impersonatedBy: { not: null }; impersonationStoppedAt: null }
      data: { impersonationStoppedAt: Date; expires: Date }
    }): PromiseLike<{ count: number }>
  }
}

function lastActivity(row: SessionDetailsRow): number {
  return (row.lastActiveAt ?? row.createdAt)?.getTime() ?? 0
}

export function listSessions(prisma: PrismaSessionListLike) {
  return async (userId: string): Promise<AdapterSession[]> => {
    const rows = await prisma.session.findMany({ where: { userId, expires: { gt: new Date() }, impersonationStoppedAt: null }, select: sessionDetailsSelect })
    // Sorted here rather than in SQL: "last active" falls back to createdAt for rows that lack it.
    return rows
      .sort((a, b) => lastActivity(b) - lastActivity(a))
      .map((row) => ({
        sessionToken: row.sessionToken,
        userId: row.userId,
        expires: row.expires,
        createdAt: row.createdAt,
        lastActiveAt: row.lastActiveAt,
        userAgent: row.userAgent,
        impersonatedBy: row.impersonatedBy,
        impersonationReason: row.impersonationReason,
      }))
  }
}

export function deleteSessions(prisma: PrismaSessionListLike) {
  return async (userId: string, exceptSessionToken?: string): Promise<number> => {
    const where = exceptSessionToken === undefined ? { userId } : { userId, sessionToken: { not: exceptSessionToken } }
    return (await prisma.session.deleteMany({ where })).count
  }
}

export function deleteSessionsImpersonatedBy(prisma: PrismaSessionListLike) {
  return async (adminId: string): Promise<number> => (await prisma.session.deleteMany({ where: { impersonatedBy: adminId } })).count
}

/** One conditional UPDATE: of two stops running alongside, exactly one counts a row. */
export function stopImpersonationSession(prisma: PrismaSessionListLike) {
  return async (sessionToken: string, { stoppedAt, expires }: { stoppedAt: Date; expires: Date }): Promise<boolean> => {
    const where = { sessionToken, impersonatedBy: { not: null }, impersonationStoppedAt: null } as const
    return (await prisma.session.updateMany({ where, data: { impersonationStoppedAt: stoppedAt, expires } })).count === 1
  }
}
