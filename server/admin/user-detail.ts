/**
 * What the admin's user page shows about one user: the profile, standing and
 * ways in. Read here with the app's Prisma client, after the page has checked
 * the permission; never a password hash or a secret, only whether one exists.
 */
import type { DbClient } from "@/lib/db/client"
import { parseAdminEmails } from "@/lib/auth"

export interface AdminUserDetail {
  id: string
  email: string | null
  name: string | null
  image: string | null
  emailVerified: Date | null
  createdAt: Date | null
  lastSignInAt: Date | null
  /** The stored roles ("user" implied); AUTH_ADMIN_EMAILS adds admin to a verified listed address. */
  roles: string[]
  /** Admin by AUTH_ADMIN_EMAILS rather than by a stored role: "Change role" cannot take it away. */
  adminByEmail: boolean
  ban: { at: Date; until: Date | null; reason: string | null } | null
  hasPassword: boolean
  twoFactor: boolean
  passkeys: number
  /** Linked sign-in providers, by id. */
  providers: string[]
}

export async function adminUserDetail(db: DbClient, id: string): Promise<AdminUserDetail | null> {
  const row = await db.user.findUnique({
    where: { id },
    select: {
      id: true,
      email: true,
      name: true,
      image: true,
      emailVerified: true,
      createdAt: true,
      lastSignInAt: true,
      roles: true,
      bannedAt: true,
      banExpires: true,
      banReason: true,
      passwordHash: true,
      twoFactor: { select: { userId: true } },
      accounts: { select: { provider: true, type: true } },
      _count: { select: { Authenticator: true } },
    },
  })
  if (!row) return null
  const banActive = row.bannedAt !== null && (row.banExpires === null || row.banExpires.getTime() > Date.now())
  const verified = row.emailVerified !== null
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    image: row.image,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt,
    lastSignInAt: row.lastSignInAt,
    roles: (row.roles ?? "").split(",").map((r) => r.trim()).filter(Boolean),
    adminByEmail: verified && row.email !== null && parseAdminEmails(process.env.AUTH_ADMIN_EMAILS).has(row.email.toLowerCase()),
    ban: banActive && row.bannedAt ? { at: row.bannedAt, until: row.banExpires, reason: row.banReason } : null,
    hasPassword: row.passwordHash !== null,
    twoFactor: row.twoFactor !== null,
    passkeys: row._count.Authenticator,
    providers: row.accounts.filter((a) => a.type !== "webauthn").map((a) => a.provider),
  }
}

/** Names (else addresses) of the users who acted in a security log, by id: "by Ada Admin". */
export async function actorNames(db: DbClient, ids: readonly (string | null | undefined)[]): Promise<Record<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === "string"))]
  if (wanted.length === 0) return {}
  const rows = await db.user.findMany({ where: { id: { in: wanted } }, select: { id: true, name: true, email: true } })
  return Object.fromEntries(rows.map((r) => [r.id, r.name || r.email || r.id]))
}
