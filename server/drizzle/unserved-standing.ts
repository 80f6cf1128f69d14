/**
 * What the starter's SQLite file holds that @auth/drizzle-adapter cannot serve: second factors,
 * bans and impersonation sessions, written earlier through the Prisma adapter. The Auth.js
 * contract has no methods for them, so without these reads a switch of AUTH_ADAPTER would sign a
 * user in with the password alone, let a suspended user back in, and read an admin's
 * impersonation session as the user's own (docs/decisions/adapter-switch-fails-closed.md).
 * Plain SQL on the adapter's own connection: reads only, never a write to those rows.
 */
import type Database from "better-sqlite3"
import type { UnservedStanding } from "@/lib/auth"
import { readPrismaInstant } from "./starter-tables"

type Connection = Database.Database

function activeBan(bannedAt: unknown, banExpires: unknown, now: number): { until: Date | null } | null {
  if (bannedAt === null || bannedAt === undefined) return null
  if (banExpires === null || banExpires === undefined) return { until: null }
  const until = readPrismaInstant(banExpires as string | number)
  // An end that does not parse is no end: the ban stands.
  if (Number.isNaN(until.getTime())) return { until: null }
  return until.getTime() > now ? { until } : null
}

/** The user's second factor and ban as the Prisma adapter recorded them. */
export function unservedStandingOf(connection: Connection, userId: string): UnservedStanding {
  const row = connection
    .prepare(`SELECT u."bannedAt", u."banExpires", EXISTS (SELECT 1 FROM "TwoFactor" t WHERE t."userId" = u."id") AS "twoFactor" FROM "User" u WHERE u."id" = ?`)
    .get(userId) as { bannedAt: unknown; banExpires: unknown; twoFactor: number } | undefined
  if (!row) return { twoFactor: false, ban: null }
  return { twoFactor: row.twoFactor === 1, ban: activeBan(row.bannedAt, row.banExpires, Date.now()) }
}

/**
 * Whether a session row may be read through the Auth.js contract at all: not when an admin started
 * it as its user (the contract would drop who did), nor while its user is suspended.
 */
export function sessionRowServable(connection: Connection, sessionToken: string): boolean {
  const row = connection
    .prepare(`SELECT s."impersonatedBy", u."bannedAt", u."banExpires" FROM "Session" s JOIN "User" u ON u."id" = s."userId" WHERE s."sessionToken" = ?`)
    .get(sessionToken) as { impersonatedBy: string | null; bannedAt: unknown; banExpires: unknown } | undefined
  if (!row) return true
  return row.impersonatedBy === null && activeBan(row.bannedAt, row.banExpires, Date.now()) === null
}

export interface UnservedCounts {
  twoFactorUsers: number
  suspendedUsers: number
  impersonationSessions: number
}

/** How many users and sessions the drizzle adapter could not serve, for the start-up check. */
export function unservedCounts(connection: Connection): UnservedCounts {
  const now = Date.now()
  const twoFactorUsers = (connection.prepare(`SELECT COUNT(*) AS n FROM "TwoFactor"`).get() as { n: number }).n
  const bans = connection.prepare(`SELECT "bannedAt", "banExpires" FROM "User" WHERE "bannedAt" IS NOT NULL`).all() as { bannedAt: unknown; banExpires: unknown }[]
  const suspendedUsers = bans.filter((b) => activeBan(b.bannedAt, b.banExpires, now) !== null).length
  const impersonationSessions = (
    connection.prepare(`SELECT COUNT(*) AS n FROM "Session" WHERE "impersonatedBy" IS NOT NULL AND "impersonationStoppedAt" IS NULL AND "expires" > ?`).get(new Date(now).toISOString().replace("Z", "+00:00")) as { n: number }
  ).n
  return { twoFactorUsers, suspendedUsers, impersonationSessions }
}
