"use server"

import { redirect } from "next/navigation"
import { auth } from "@/auth"
import { prisma } from "../db"

/**
 * The header switcher's list on the reference app, read when the menu opens
 * as the starter's is: the user's organizations, oldest membership first.
 */
export async function organizationList(): Promise<{ organizations: { name: string; slug: string; role: string }[]; failed?: boolean }> {
  const session = await auth()
  const userId = session?.user?.id
  if (!userId) return { organizations: [], failed: true }
  const rows = await prisma().$queryRaw<{ name: string; slug: string; roles: string }[]>`
    SELECT o."name" AS name, o."slug" AS slug, m."roles" AS roles
      FROM "Member" m JOIN "Organization" o ON o."id" = m."organizationId" WHERE m."userId" = ${userId}
     ORDER BY m."createdAt"`
  return { organizations: rows.map((row) => ({ name: row.name, slug: row.slug, role: row.roles || "member" })) }
}

/** next-auth's session keeps no active organization and this app has no organization pages: choosing one returns to the dashboard's list. */
export async function switchOrganization(): Promise<void> {
  redirect("/dashboard#organizations")
}
