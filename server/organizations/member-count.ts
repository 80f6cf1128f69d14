/**
 * How many belong to an organization, for its home page's "N members": one
 * COUNT rather than the library's member list, which an organization's home
 * would read in full (every row, after a membership check of its own) only to
 * count it, on a page every member opens. On SQLite it runs on the read-only
 * connection the session lookup uses, as the dashboard's overview does
 * (server/dashboard/account-overview.ts). Called only after the page's guard
 * (organizationPage) has found the viewer a member of this organization.
 */
import { sqliteDirectGet } from "@/lib/auth/adapters/prisma"
import { appReadSource, type ReadSource } from "@/lib/db/client"

const COUNT_SQL = `SELECT COUNT(*) AS "count" FROM "Member" WHERE "organizationId" = ?`

export async function memberCount(organizationId: string, { prisma, sqliteFile }: ReadSource = appReadSource()): Promise<number> {
  const direct = sqliteFile === undefined ? undefined : sqliteDirectGet<{ count: number }>(sqliteFile, COUNT_SQL, organizationId)
  return direct ? Number(direct.count) : prisma.member.count({ where: { organizationId } })
}
