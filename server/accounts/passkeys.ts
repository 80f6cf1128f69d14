/**
 * The starter's passkey management: list a user's passkeys with the details
 * the settings page shows, rename one, delete one. Deleting the last way a
 * user can sign in (no password, no linked provider, no other passkey) is
 * refused. Every query is scoped to the user, so nobody can touch another
 * user's passkey by sending its id.
 */
import type { DbClient } from "@/lib/db/client"
import { lockAndCountSignInWays } from "./sign-in-ways"

export interface PasskeySummary {
  credentialID: string
  name: string | null
  /** "multiDevice": synced between devices; "singleDevice": bound to one authenticator. */
  deviceType: string
  backedUp: boolean
  createdAt: Date
  lastUsedAt: Date | null
  /** The authenticator's model id, recorded at registration (null for passkeys added before it was). */
  aaguid: string | null
  /** The user agent of the browser it was added in (its "passkey-added" log entry), to name an unnamed one. */
  addedWith: string | null
}

/** How far apart a passkey's row and its "passkey-added" log entry may be written: the same request. */
const SAME_REQUEST_MS = 60_000

/** The log entry written when this passkey was added: the closest "passkey-added" in time, if close enough. */
function addedEntry(createdAt: Date, entries: readonly { createdAt: Date; userAgent: string | null }[]): string | null {
  let best: { gap: number; userAgent: string | null } | null = null
  for (const entry of entries) {
    const gap = Math.abs(entry.createdAt.getTime() - createdAt.getTime())
    if (gap <= SAME_REQUEST_MS && (!best || gap < best.gap)) best = { gap, userAgent: entry.userAgent }
  }
  return best?.userAgent ?? null
}

import { PASSKEY_NAME_MAX } from "./passkey-limits"

export { PASSKEY_NAME_MAX }

export async function listPasskeys(prisma: DbClient, userId: string): Promise<PasskeySummary[]> {
  const rows = await prisma.authenticator.findMany({
    where: { userId },
    orderBy: { createdAt: "asc" },
    select: { credentialID: true, name: true, credentialDeviceType: true, credentialBackedUp: true, createdAt: true, lastUsedAt: true, aaguid: true },
  })
  // The schema keeps no user agent on a passkey; the security log's entry for its addition has one.
  const added = rows.some((r) => !r.name)
    ? await prisma.securityEvent.findMany({
        where: { userId, type: "passkey-added", outcome: "success" },
        orderBy: { createdAt: "desc" },
        take: 100,
        select: { createdAt: true, userAgent: true },
      })
    : []
  return rows.map((r) => ({
    credentialID: r.credentialID,
    name: r.name,
    deviceType: r.credentialDeviceType,
    backedUp: r.credentialBackedUp,
    createdAt: r.createdAt,
    lastUsedAt: r.lastUsedAt,
    aaguid: r.aaguid,
    addedWith: r.name ? null : addedEntry(r.createdAt, added),
  }))
}

/** Control characters dropped, spaces collapsed; null when nothing is left or it is too long. */
export function normalizePasskeyName(value: unknown): string | null {
  if (typeof value !== "string") return null
  const name = value.replace(/[\u0000-\u001f\u007f]/g, "").replace(/\s+/g, " ").trim()
  return name.length === 0 || name.length > PASSKEY_NAME_MAX ? null : name
}

export type PasskeyResult = { ok: true } | { ok: false; reason: "not_found" | "last_sign_in_method" | "invalid_name" }

export async function renamePasskey(prisma: DbClient, userId: string, credentialID: string, name: unknown): Promise<PasskeyResult> {
  const normalized = normalizePasskeyName(name)
  if (!normalized) return { ok: false, reason: "invalid_name" }
  const { count } = await prisma.authenticator.updateMany({ where: { userId, credentialID }, data: { name: normalized } })
  return count === 1 ? { ok: true } : { ok: false, reason: "not_found" }
}

/** `name`: the deleted passkey's name, for the security log (Settings › Security activity). */
export type DeletePasskeyResult = { ok: true; name: string | null } | { ok: false; reason: "not_found" | "last_sign_in_method" }

export async function deletePasskey(prisma: DbClient, userId: string, credentialID: string): Promise<DeletePasskeyResult> {
  return prisma.$transaction(async (tx) => {
    // The same count the provider-unlink guard uses (a passkey counts once).
    const ways = await lockAndCountSignInWays(tx, userId)
    const passkey = await tx.authenticator.findFirst({ where: { userId, credentialID }, select: { providerAccountId: true, name: true } })
    if (ways === null || !passkey) return { ok: false, reason: "not_found" } as const
    if (ways - 1 < 1) return { ok: false, reason: "last_sign_in_method" } as const
    await tx.authenticator.delete({ where: { credentialID } })
    await tx.account.deleteMany({ where: { userId, type: "webauthn", providerAccountId: passkey.providerAccountId } })
    return { ok: true, name: passkey.name } as const
  })
}
