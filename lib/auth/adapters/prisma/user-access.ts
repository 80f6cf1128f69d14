/**
 * The Prisma side of roles, bans and the admin's user list (issue 33): four
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
  }
}

const hasNul = (value: string) => value.includes("\u0000")

export function userAccessStore(prisma: PrismaAccessLike) {
  const insensitive = prisma._activeProvider === "postgresql" ? { mode: "insensitive" } : {}
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
      const limit = Math.min(100, Math.max(1, Math.floor(query.limit ?? 25)))
      const and: Where[] = []
      const search = query.search?.trim().replaceAll("\u0000", "")
      if (search) and.push({ OR: [{ email: { contains: search.toLowerCase(), ...insensitive } }, { name: { contains: search, ...insensitive } }] })
      const role = query.role
      if (role && role !== "user") {
        and.push({ OR: [{ roles: role }, { roles: { startsWith: `${role},` } }, { roles: { endsWith: `,${role}` } }, { roles: { contains: `,${role},` } }] })
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
      const rows = await prisma.user.findMany({
        where: and.length > 0 ? { AND: and } : {},
        select: listSelect,
        orderBy: [{ [column]: { sort, nulls: "last" } }, { id: sort }],
        take: limit + 1,
        ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      })
      const page = rows.slice(0, limit)
      const users: UserListEntry[] = page.map(({ twoFactor, roles, ...row }) => ({ ...row, roles: parseStoredRoles(roles), twoFactor: twoFactor !== null }))
      return { users, nextCursor: rows.length > limit ? page[page.length - 1].id : null }
    },
  }
}
