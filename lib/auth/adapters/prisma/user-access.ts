/**
 * The Prisma side of roles, bans and the admin's user list: four
 * nullable User columns the starter adds to Auth.js's table (roles, bannedAt,
 * banReason, banExpires), plus createdAt and lastSignInAt for the list. A
 * database shared with Auth.js keeps working: its rows read as "no roles,
 * not banned".
 */
import { parseStoredRoles, storedRoles, type StoredBan, type UserAccessRecord, type UserListEntry, type UserListPage, type UserListQuery } from "../../access/user-access"

const accessSelect = { email: true, emailVerified: true, roles: true, bannedAt: true, banExpires: true } as const

type AccessRow = { email: string | null; emailVerified: Date | null; roles: string | null; bannedAt: Date | null; banExpires: Date | null }

const listSelect = {
  id: true,
  email: true,
  name: true,
  image: true,
  emailVerified: true,
  roles: true,
  createdAt: true,
  lastSignInAt: true,
  bannedAt: true,
  banExpires: true,
  twoFactor: { select: { userId: true } },
} as const

type ListRow = {
  id: string
  email: string | null
  name: string | null
  image?: string | null
  emailVerified: Date | null
  roles: string | null
  createdAt: Date | null
  lastSignInAt: Date | null
  bannedAt: Date | null
  banExpires: Date | null
  twoFactor: { userId: string } | null
}

type Where = Record<string, unknown>

/** The slice of a Prisma client these methods call. */
export interface PrismaAccessLike {
  readonly _activeProvider?: string
  user: {
    findFirst(args: { where: { id: string }; select: typeof accessSelect }): PromiseLike<AccessRow | null>
    findMany(args: { where: Where; select: typeof listSelect; orderBy: Where[]; take: number; cursor?: { id: string }; skip?: number }): PromiseLike<ListRow[]>
    updateMany(args: { where: { id: string }; data: Where }): PromiseLike<{ count: number }>
    /** Optional: without it a list page carries no total. */
    count?(args: { where: Where }): PromiseLike<number>
  }
}

const hasNul = (value: string) => value.includes("\u0000")

/** Longer than any address (254) or display name: a search this long matches nobody. */
const MAX_SEARCH_LENGTH = 1000

const hasLikeWildcard = (value: string) => /[%_\\]/.test(value)
const escapeLike = (value: string) => value.replace(/[%_\\]/g, (c) => `\\${c}`)
const includesFolded = (value: string | null, text: string) => value !== null && value.toLowerCase().includes(text.toLowerCase())

/**
 * A "contains" filter that finds `text` as text. Prisma passes it to LIKE
 * unescaped, so "%" or "_" in an admin's search would match everyone.
 * PostgreSQL's LIKE takes backslash escapes; SQLite's has no escape
 * character unless the query names one, which Prisma does not: there the
 * longest piece without wildcards narrows the rows and `exact: false` asks
 * the caller to check each row itself.
 */
function containsText(text: string, escapes: boolean): { where: (value: string) => Where; exact: boolean } {
  if (!hasLikeWildcard(text)) return { where: (value) => ({ contains: value }), exact: true }
  if (escapes) return { where: (value) => ({ contains: escapeLike(value) }), exact: true }
  return {
    where: (value) => {
      const longest = value.split(/[%_]/).reduce((a, b) => (b.length > a.length ? b : a), "")
      return longest ? { contains: longest } : { not: null }
    },
    exact: false,
  }
}

/**
 * Reads rows in batches, in the list's order, keeping those `keep` accepts,
 * until `wanted` are kept or the rows run out: the page a filter the
 * database could not express exactly still has its full size.
 */
async function readChecked<Row extends { id: string }>(
  read: (take: number, after: string | undefined) => PromiseLike<Row[]>,
  keep: (row: Row) => boolean,
  wanted: number,
  cursor: string | undefined,
): Promise<Row[]> {
  const batch = Math.max(wanted, 200)
  const kept: Row[] = []
  let after = cursor
  for (;;) {
    const rows = await read(batch, after)
    for (const row of rows) if (keep(row) && kept.push(row) >= wanted) return kept
    if (rows.length < batch) return kept
    after = rows[rows.length - 1]!.id
  }
}

export function userAccessStore(prisma: PrismaAccessLike) {
  const insensitive = prisma._activeProvider === "postgresql" ? { mode: "insensitive" } : {}
  // PostgreSQL's LIKE reads backslash escapes by default; SQLite's reads none.
  const escapesLike = prisma._activeProvider === "postgresql"
  const update = async (userId: string, data: Where) => {
    if (hasNul(userId)) return false
    const { count } = await prisma.user.updateMany({ where: { id: userId }, data })
    return count > 0
  }
  return {
    async getUserAccess(userId: string): Promise<UserAccessRecord | null> {
      if (hasNul(userId)) return null
      const row = await prisma.user.findFirst({ where: { id: userId }, select: accessSelect })
      return row && { ...row, roles: parseStoredRoles(row.roles) }
    },
    setUserRoles: (userId: string, roles: readonly string[]) => update(userId, { roles: storedRoles(roles) }),
    setUserBan: (userId: string, ban: StoredBan | null) =>
      update(userId, ban ? { bannedAt: ban.at, banExpires: ban.until, banReason: ban.reason } : { bannedAt: null, banExpires: null, banReason: null }),
    async setLastSignIn(userId: string, at: Date): Promise<void> {
      await update(userId, { lastSignInAt: at })
    },
    async listUsers(query: UserListQuery): Promise<UserListPage> {
      const limit = Number.isFinite(query.limit) ? Math.min(100, Math.max(1, Math.floor(query.limit!))) : 25
      const and: Where[] = []
      const checks: ((row: ListRow) => boolean)[] = []
      const search = query.search?.trim().replaceAll("\u0000", "")
      // Longer than any address or name: nothing matches, and SQLite refuses LIKE patterns over 50,000 bytes.
      if (search && search.length > MAX_SEARCH_LENGTH) return { users: [], nextCursor: null }
      if (search) {
        const { where, exact } = containsText(search, escapesLike)
        and.push({ OR: [{ email: { ...where(search.toLowerCase()), ...insensitive } }, { name: { ...where(search), ...insensitive } }] })
        if (!exact) checks.push((row) => includesFolded(row.email, search) || includesFolded(row.name, search))
      }
      const role = query.role
      if (role && role !== "user") {
        if (escapesLike || !hasLikeWildcard(role)) {
          const text = escapesLike ? escapeLike(role) : role
          and.push({ OR: [{ roles: role }, { roles: { startsWith: `${text},` } }, { roles: { endsWith: `,${text}` } }, { roles: { contains: `,${text},` } }] })
        } else {
          and.push({ roles: { not: null } })
          checks.push((row) => parseStoredRoles(row.roles).includes(role))
        }
      }
      const now = new Date()
      if (query.banned === true) and.push({ bannedAt: { not: null }, OR: [{ banExpires: null }, { banExpires: { gt: now } }] })
      if (query.banned === false) and.push({ OR: [{ bannedAt: null }, { banExpires: { lte: now } }] })
      if (query.twoFactor === true) and.push({ twoFactor: { isNot: null } })
      if (query.twoFactor === false) and.push({ twoFactor: { is: null } })
      if (query.unverified === true) and.push({ emailVerified: null })
      const sort = query.direction === "asc" ? "asc" : "desc"
      const column = query.sort === "last-sign-in" ? "lastSignInAt" : "createdAt"
      const cursor = query.cursor && !hasNul(query.cursor) ? query.cursor : undefined
      const where = and.length > 0 ? { AND: and } : {}
      const read = (take: number, after: string | undefined) =>
        prisma.user.findMany({
          where,
          select: listSelect,
          orderBy: [{ [column]: { sort, nulls: "last" } }, { id: sort }],
          take,
          ...(after ? { cursor: { id: after }, skip: 1 } : {}),
        })
      // A count is exact only when the database alone decides the match; rows re-checked in
      // JavaScript (SQLite and a LIKE wildcard in the role) would make it an over-count.
      const [rows, total] = await Promise.all([
        checks.length === 0 ? read(limit + 1, cursor) : readChecked(read, (row) => checks.every((check) => check(row)), limit + 1, cursor),
        checks.length === 0 && prisma.user.count ? prisma.user.count({ where }) : undefined,
      ])
      const page = rows.slice(0, limit)
      const users: UserListEntry[] = page.map(({ twoFactor, roles, image, ...row }) => ({ ...row, image: image ?? null, roles: parseStoredRoles(roles), twoFactor: twoFactor !== null }))
      return { users, nextCursor: rows.length > limit ? page[page.length - 1].id : null, ...(total === undefined ? {} : { total }) }
    },
  }
}
