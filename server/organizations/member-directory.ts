/**
 * Who the members are, for the organization pages: the library lists
 * memberships (user ids and roles); the pages show people by name and
 * address. Called only with the ids of an organization's members, after the
 * page's guard. On SQLite the read runs on the read-only connection the
 * session lookup uses, as one statement whatever the number of ids (they go
 * in as one JSON array, so one prepared statement serves every page);
 * PostgreSQL, and any moment that connection cannot answer, reads through
 * Prisma. An organization's home asks it on every load by an owner or admin.
 */
import { sqliteDirectAll } from "@/lib/auth/adapters/prisma"
import { appReadSource, type ReadSource } from "@/lib/db/client"

export interface MemberPerson {
  name: string | null
  email: string | null
}

const PEOPLE_SQL = `SELECT "id", "name", "email" FROM "User" WHERE "id" IN (SELECT "value" FROM json_each(?))`

export async function memberPeople(userIds: readonly string[], { prisma, sqliteFile }: ReadSource = appReadSource()): Promise<Map<string, MemberPerson>> {
  if (userIds.length === 0) return new Map()
  const direct = sqliteFile === undefined ? undefined : sqliteDirectAll<{ id: string } & MemberPerson>(sqliteFile, PEOPLE_SQL, JSON.stringify(userIds))
  const rows = direct ?? (await prisma.user.findMany({ where: { id: { in: [...userIds] } }, select: { id: true, name: true, email: true } }))
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]))
}
