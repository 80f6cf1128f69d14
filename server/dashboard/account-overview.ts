/**
 * What the dashboard shows about the signed-in account, in ONE SQL
 * statement: the address and whether it is verified, whether a password is
 * set, the number of passkeys, whether two-factor is on, and the user's
 * organizations (oldest membership first). Prisma's nested select would take
 * four (the user with its passkey count, the two-factor row, the memberships,
 * their organizations); a signed-in page served many times a second pays for
 * each one, so the page reads its own data once. Plain SQL that SQLite and
 * PostgreSQL both run: quoted identifiers, no JSON functions, and every value
 * normalised here (SQLite answers 0/1 where PostgreSQL answers booleans, and
 * PostgreSQL counts as bigint).
 */
import { getPrisma, type DbClient } from "@/lib/db/client"

export interface DashboardOrganization {
  name: string
  slug: string
}

export interface AccountOverview {
  email: string | null
  emailVerified: boolean
  hasPassword: boolean
  passkeys: number
  twoFactorEnabled: boolean
  /** Null when organizations are switched off (the Drizzle adapter keeps none). */
  organizations: DashboardOrganization[] | null
}

interface Row {
  kind: number | bigint
  email: string | null
  verified: boolean | number | bigint | null
  password: boolean | number | bigint | null
  passkeys: number | bigint | null
  twofactor: boolean | number | bigint | null
  name: string | null
  slug: string | null
}

const truthy = (value: boolean | number | bigint | null): boolean => value === true || Number(value) === 1

/** The account's overview, or null when the user row is gone (deleted while the session lived). */
export async function readAccountOverview(userId: string, withOrganizations: boolean, prisma: DbClient = getPrisma()): Promise<AccountOverview | null> {
  const rows = withOrganizations
    ? await prisma.$queryRaw<Row[]>`
        SELECT 0 AS kind, u."email" AS email, (u."emailVerified" IS NOT NULL) AS verified, (u."passwordHash" IS NOT NULL) AS password,
               (SELECT COUNT(*) FROM "Authenticator" a WHERE a."userId" = u."id") AS passkeys,
               EXISTS (SELECT 1 FROM "TwoFactor" t WHERE t."userId" = u."id") AS twofactor,
               NULL AS name, NULL AS slug, NULL AS joined
          FROM "User" u WHERE u."id" = ${userId}
        UNION ALL
        SELECT 1, NULL, NULL, NULL, NULL, NULL, o."name", o."slug", m."createdAt"
          FROM "Member" m JOIN "Organization" o ON o."id" = m."organizationId" WHERE m."userId" = ${userId}
        ORDER BY kind, joined`
    : await prisma.$queryRaw<Row[]>`
        SELECT 0 AS kind, u."email" AS email, (u."emailVerified" IS NOT NULL) AS verified, (u."passwordHash" IS NOT NULL) AS password,
               (SELECT COUNT(*) FROM "Authenticator" a WHERE a."userId" = u."id") AS passkeys,
               EXISTS (SELECT 1 FROM "TwoFactor" t WHERE t."userId" = u."id") AS twofactor,
               NULL AS name, NULL AS slug
          FROM "User" u WHERE u."id" = ${userId}`
  const account = rows.find((row) => Number(row.kind) === 0)
  if (!account) return null
  return {
    email: account.email,
    emailVerified: truthy(account.verified),
    hasPassword: truthy(account.password),
    passkeys: Number(account.passkeys ?? 0),
    twoFactorEnabled: truthy(account.twofactor),
    organizations: withOrganizations
      ? rows.filter((row) => Number(row.kind) === 1 && row.name !== null && row.slug !== null).map((row) => ({ name: row.name!, slug: row.slug! }))
      : null,
  }
}
