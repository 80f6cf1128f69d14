/**
 * What the reference app's pages show about the signed-in account, read from
 * its own database: the same facts as the starter's header and dashboard, so
 * that bench:http compares the same pages. Each read is one statement, as the
 * starter's own (server/dashboard/account-overview.ts), so that neither app is
 * measured on a heavier query than the other. SQLite only: the bench runs on
 * SQLite.
 */
import { cache } from "react"
import { prisma } from "./db"

export interface Organization {
  name: string
  slug: string
}

export interface Account {
  email: string | null
  emailVerified: boolean
  hasPassword: boolean
  passkeys: number
  twoFactorEnabled: boolean
  organizations: Organization[]
}

interface Row {
  kind: number | bigint
  email: string | null
  verified: number | bigint | null
  password: number | bigint | null
  passkeys: number | bigint | null
  twofactor: number | bigint | null
  name: string | null
  slug: string | null
}

/** The account with its organizations (oldest membership first), or null when the user row is gone. */
export async function readAccount(userId: string): Promise<Account | null> {
  const rows = await prisma().$queryRaw<Row[]>`
    SELECT 0 AS kind, u."email" AS email, (u."emailVerified" IS NOT NULL) AS verified, (u."passwordHash" IS NOT NULL) AS password,
           (SELECT COUNT(*) FROM "Authenticator" a WHERE a."userId" = u."id") AS passkeys,
           EXISTS (SELECT 1 FROM "TwoFactor" t WHERE t."userId" = u."id") AS twofactor,
           NULL AS name, NULL AS slug, NULL AS joined
      FROM "User" u WHERE u."id" = ${userId}
    UNION ALL
    SELECT 1, NULL, NULL, NULL, NULL, NULL, o."name", o."slug", m."createdAt"
      FROM "Member" m JOIN "Organization" o ON o."id" = m."organizationId" WHERE m."userId" = ${userId}
    ORDER BY kind, joined`
  const account = rows.find((row) => Number(row.kind) === 0)
  if (!account) return null
  return {
    email: account.email,
    emailVerified: Number(account.verified) === 1,
    hasPassword: Number(account.password) === 1,
    passkeys: Number(account.passkeys ?? 0),
    twoFactorEnabled: Number(account.twofactor) === 1,
    organizations: rows.filter((row) => Number(row.kind) === 1 && row.name && row.slug).map((row) => ({ name: row.name!, slug: row.slug! })),
  }
}

/**
 * The header's organization switcher: whether the user belongs to any organization. next-auth's
 * session keeps no active organization, so the switcher names none (its list is read when it
 * opens). One statement per page, at most once per request.
 */
export const readHeaderOrganization = cache(async (userId: string): Promise<{ current: null; any: boolean }> => {
  const rows = await prisma().$queryRaw<unknown[]>`SELECT 1 AS one FROM "Member" m WHERE m."userId" = ${userId} LIMIT 1`
  return { current: null, any: rows.length > 0 }
})
