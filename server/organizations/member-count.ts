/**
 * How many belong to an organization, for its home page's "N members": one
 * COUNT rather than the library's member list, which an organization's home
 * would read in full (every row, after a membership check of its own) only to
 * count it, on a page every member opens. Called only after the page's guard
 * (organizationPage) has found the viewer a member of this organization.
 */
import type { DbClient } from "@/lib/db/client"

export function memberCount(db: DbClient, organizationId: string): Promise<number> {
  return db.member.count({ where: { organizationId } })
}
