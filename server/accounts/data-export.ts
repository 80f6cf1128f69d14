/**
 * "Download my data" (Settings): one user's own records as a JSON document.
 * Every field is chosen here, never a whole row, so a column added later
 * (or one that holds a secret) stays out until someone decides it belongs:
 * no password hash, no provider tokens, no passkey public key or credential
 * id, no TOTP secret or recovery-code hashes, no session token, no
 * "sessions valid since". Each query names the user it was given, who is the
 * signed-in user of the request (the route handler takes it from the
 * session, never from the request's parameters).
 */
import type { SecurityEvent, UserSessionInfo } from "@/lib/auth"
import type { DbClient } from "@/lib/db/client"

/** The version of this document's shape, for whoever reads old downloads. */
export const DATA_EXPORT_FORMAT = 1

export interface DataExport {
  format: number
  exportedAt: string
  profile: { id: string; name: string | null; email: string | null; emailVerified: string | null; image: string | null; hasPassword: boolean }
  linkedAccounts: { provider: string; type: string; providerAccountId: string }[]
  passkeys: { name: string | null; createdAt: string; lastUsedAt: string | null; deviceType: string; backedUp: boolean; transports: string[] }[]
  twoFactor: { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number }
  /** Null when sessions are kept in encrypted cookies (jwt strategy): the server has no list of them. */
  sessions: { browser: string; os: string; current: boolean; createdAt: string | null; lastActiveAt: string | null; expires: string }[] | null
  securityActivity: {
    at: string
    type: string
    outcome: string
    method: string | null
    provider: string | null
    ip: string | null
    device: string | null
    userAgent: string | null
    detail: string | null
  }[]
}

export interface DataExportSources {
  /** The user's sessions as the library lists them (sessions.list()); null when there is no list (jwt). */
  sessions: UserSessionInfo[] | null
  /** The user's security log, newest first (securityLog.list()). */
  securityEvents: SecurityEvent[]
  now?: Date
}

const iso = (date: Date | null | undefined) => (date instanceof Date ? date.toISOString() : null)

/** The user's data, or null when there is no such user (deleted meanwhile). */
export async function buildDataExport(db: DbClient, userId: string, sources: DataExportSources): Promise<DataExport | null> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, name: true, email: true, emailVerified: true, image: true, passwordHash: true },
  })
  if (!user) return null
  const [accounts, passkeys, twoFactor, recoveryCodesLeft] = await Promise.all([
    db.account.findMany({ where: { userId }, select: { provider: true, type: true, providerAccountId: true }, orderBy: { provider: "asc" } }),
    db.authenticator.findMany({
      where: { userId },
      select: { name: true, createdAt: true, lastUsedAt: true, credentialDeviceType: true, credentialBackedUp: true, transports: true },
      orderBy: { createdAt: "asc" },
    }),
    db.twoFactor.findUnique({ where: { userId }, select: { enabledAt: true } }),
    db.recoveryCode.count({ where: { userId, usedAt: null } }),
  ])
  return {
    format: DATA_EXPORT_FORMAT,
    exportedAt: (sources.now ?? new Date()).toISOString(),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: iso(user.emailVerified),
      image: user.image,
      hasPassword: user.passwordHash !== null,
    },
    linkedAccounts: accounts.map((a) => ({ provider: a.provider, type: a.type, providerAccountId: a.providerAccountId })),
    passkeys: passkeys.map((p) => ({
      name: p.name,
      createdAt: p.createdAt.toISOString(),
      lastUsedAt: iso(p.lastUsedAt),
      deviceType: p.credentialDeviceType,
      backedUp: p.credentialBackedUp,
      // Stored as one comma-separated column (Auth.js's schema).
      transports: p.transports ? p.transports.split(",").filter(Boolean) : [],
    })),
    twoFactor: { enabled: twoFactor !== null, enabledAt: iso(twoFactor?.enabledAt), recoveryCodesLeft: twoFactor ? recoveryCodesLeft : 0 },
    sessions:
      sources.sessions?.map((s) => ({
        browser: s.browser,
        os: s.os,
        current: s.current,
        createdAt: iso(s.createdAt),
        lastActiveAt: iso(s.lastActiveAt),
        expires: s.expires.toISOString(),
      })) ?? null,
    // The log is read by this user's id already; the filter keeps that true whatever reader is configured.
    securityActivity: sources.securityEvents.filter((e) => e.userId === userId).map((e) => ({
      at: e.createdAt.toISOString(),
      type: e.type,
      outcome: e.outcome,
      method: e.method,
      provider: e.provider,
      ip: e.ip,
      device: e.device,
      userAgent: e.userAgent,
      detail: e.detail,
    })),
  }
}

/** The download's file name: my-data-<YYYY-MM-DD>.json. */
export function dataExportFileName(now: Date = new Date()): string {
  return `my-data-${now.toISOString().slice(0, 10)}.json`
}
