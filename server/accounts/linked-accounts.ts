/**
 * The sign-in methods linked to a user, for the settings page: OAuth/OIDC
 * accounts, and whether a password or passkey also signs them in. Unlinking
 * is refused when it would leave the user with no way to sign in.
 */
import type { DbClient } from "@/lib/db/client"
import { lockAndCountSignInWays } from "./sign-in-ways"

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
    const ways = await lockAndCountSignInWays(tx, userId)
    if (ways === null) return { ok: false, reason: "not-linked" }
    const linked = await tx.account.count({ where: { userId, ...account, type: { in: ["oauth", "oidc"] } } })
    if (linked === 0) return { ok: false, reason: "not-linked" }
    if (ways - 1 < 1) return { ok: false, reason: "last-way" }
    const { count } = await tx.account.deleteMany({ where: { userId, ...account, type: { in: ["oauth", "oidc"] } } })
    return count === 1 ? { ok: true } : { ok: false, reason: "not-linked" }
  })
}
