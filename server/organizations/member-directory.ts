/**
 * Who the members are, for the members page: the library lists memberships
 * (user ids and roles); the page shows people by name and address. Called
 * only with the ids of an organization's members, after the page's guard.
 */
import type { DbClient } from "@/lib/db/client"

export interface MemberPerson {
  name: string | null
  email: string | null
}

export async function memberPeople(db: DbClient, userIds: readonly string[]): Promise<Map<string, MemberPerson>> {
  if (userIds.length === 0) return new Map()
  const rows = await db.user.findMany({ where: { id: { in: [...userIds] } }, select: { id: true, name: true, email: true } })
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]))
}
