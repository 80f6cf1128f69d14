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
 *
 * On SQLite the statement runs on the read-only connection the session lookup
 * uses, prepared once: through Prisma the same read cost the dashboard
 * 12–17% of its time per request (docs/benchmarks.md). PostgreSQL, and any
 * moment that connection cannot answer, goes through Prisma's $queryRaw.
 */
import { asQueryTemplate, sqliteDirectAll } from "@/lib/auth/adapters/prisma"
import { appReadSource, type ReadSource } from "@/lib/db/client"

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

const ACCOUNT_SQL = `
  SELECT 0 AS kind, u."email" AS email, (u."emailVerified" IS NOT NULL) AS verified, (u."passwordHash" IS NOT NULL) AS password,
         (SELECT COUNT(*) FROM "Authenticator" a WHERE a."userId" = u."id") AS passkeys,
         EXISTS (SELECT 1 FROM "TwoFactor" t WHERE t."userId" = u."id") AS twofactor,
         NULL AS name, NULL AS slug`

/** The user's id is bound once per part: `?` twice with organizations, once without. */
const WITH_ORGANIZATIONS_SQL = `${ACCOUNT_SQL}, NULL AS joined
    FROM "User" u WHERE u."id" = ?
  UNION ALL
  SELECT 1, NULL, NULL, NULL, NULL, NULL, o."name", o."slug", m."createdAt"
    FROM "Member" m JOIN "Organization" o ON o."id" = m."organizationId" WHERE m."userId" = ?
  ORDER BY kind, joined`
const WITHOUT_ORGANIZATIONS_SQL = `${ACCOUNT_SQL}
    FROM "User" u WHERE u."id" = ?`

const WITH_ORGANIZATIONS = asQueryTemplate(WITH_ORGANIZATIONS_SQL)
const WITHOUT_ORGANIZATIONS = asQueryTemplate(WITHOUT_ORGANIZATIONS_SQL)

const truthy = (value: boolean | number | bigint | null): boolean => value === true || Number(value) === 1

function readRows(userId: string, withOrganizations: boolean, { prisma, sqliteFile }: ReadSource): Row[] | Promise<Row[]> {
  const params = withOrganizations ? [userId, userId] : [userId]
  const sql = withOrganizations ? WITH_ORGANIZATIONS_SQL : WITHOUT_ORGANIZATIONS_SQL
  const direct = sqliteFile === undefined ? undefined : sqliteDirectAll<Row>(sqliteFile, sql, ...params)
  return direct ?? prisma.$queryRaw<Row[]>(withOrganizations ? WITH_ORGANIZATIONS : WITHOUT_ORGANIZATIONS, ...params)
}

/** The account's overview, or null when the user row is gone (deleted while the session lived). */
export async function readAccountOverview(userId: string, withOrganizations: boolean, source: ReadSource = appReadSource()): Promise<AccountOverview | null> {
  const rows = await readRows(userId, withOrganizations, source)
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
