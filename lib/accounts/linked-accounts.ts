/**
 * The sign-in methods linked to a user, for the settings page: OAuth/OIDC
 * accounts, and whether a password or passkey also signs them in. Unlinking
 * is refused when it would leave the user with no way to sign in.
 */
import type { DbClient } from "@/lib/db/client"

export interface LinkedAccount {
  provider: string
  providerAccountId: string
}

export type UnlinkResult = { ok: true } | { ok: false; reason: "last-way" | "not-linked" }

export async function listLinkedAccounts(db: DbClient, userId: string): Promise<LinkedAccount[]> {
  return db.account.findMany({
    where: { userId, type: { in: ["oauth", "oidc"] } },
    select: { provider: true, providerAccountId: true },
    orderBy: [{ provider: "asc" }, { providerAccountId: "asc" }],
  })
}

export async function unlinkAccount(db: DbClient, userId: string, account: LinkedAccount): Promise<UnlinkResult> {
  return db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({
      where: { id: userId },
      select: { passwordHash: true, _count: { select: { accounts: true, Authenticator: true } } },
    })
    if (!user) return { ok: false, reason: "not-linked" }
    const otherWays = user._count.accounts - 1 + user._count.Authenticator + (user.passwordHash ? 1 : 0)
    if (otherWays < 1) {
      return { ok: false, reason: "last-way" }
    }
    const { count } = await tx.account.deleteMany({ where: { userId, ...account } })
    return count === 1 ? { ok: true } : { ok: false, reason: "not-linked" }
  })
}
