/**
 * The Prisma side of the security log (table SecurityEvent, not in Auth.js's
 * schema): writing one entry, a user's newest entries, pruning by age, and the
 * question a sign-in asks before its entry is written (has this user signed in
 * before, and from this device?). Every read is on one of the table's two
 * indexes: (userId, createdAt) or (createdAt).
 */
import type {
  NewSecurityEvent,
  SecurityEvent,
  SecurityEventMethod,
  SecurityEventOutcome,
  SecurityEventType,
} from "../../security-log/types"
import type { SignInDeviceHistory } from "../types"

const securityEventSelect = {
  id: true,
  userId: true,
  type: true,
  outcome: true,
  method: true,
  provider: true,
  ip: true,
  userAgent: true,
  device: true,
  detail: true,
  actorId: true,
  createdAt: true,
} as const

interface SecurityEventRow {
  id: string
  userId: string | null
  type: string
  outcome: string
  method: string | null
  provider: string | null
  ip: string | null
  userAgent: string | null
  device: string | null
  detail: string | null
  actorId: string | null
  createdAt: Date
}

type SecurityEventData = Omit<SecurityEventRow, "id" | "createdAt"> & { createdAt?: Date }

type SignInWhere = { userId: string; type: "sign-in"; outcome: "success"; device?: string }

/** The slice of a Prisma client these methods call. */
export interface PrismaSecurityEventLike {
  securityEvent: {
    create(args: { data: SecurityEventData; select: { id: true } }): PromiseLike<{ id: string }>
    findMany(args: {
      where: { userId: string }
      orderBy: ({ createdAt: "desc" } | { id: "desc" })[]
      take: number
      select: typeof securityEventSelect
    }): PromiseLike<SecurityEventRow[]>
    findFirst(args: { where: SignInWhere; select: { device: true } }): PromiseLike<{ device: string | null } | null>
    deleteMany(args: { where: { createdAt: { lt: Date } } }): PromiseLike<{ count: number }>
  }
}

/** Most entries one list call returns, whatever the caller asks: Settings shows 50. */
export const MAX_SECURITY_EVENTS_LISTED = 500

/** Longest value kept per text column: an entry is a short note, never a document. */
const MAX_TEXT = 256

/** PostgreSQL text cannot hold U+0000 and rejects a query carrying it; nothing stored contains it. */
const unmatchable = (...keys: string[]) => keys.some((key) => key.includes("\u0000"))

/** Optional text as stored: U+0000 removed (PostgreSQL refuses it), cut to MAX_TEXT, null when empty. */
function text(value: string | null | undefined): string | null {
  if (typeof value !== "string") return null
  const clean = value.replaceAll("\u0000", "").slice(0, MAX_TEXT)
  return clean === "" ? null : clean
}

function toSecurityEvent(row: SecurityEventRow): SecurityEvent {
  return {
    id: row.id,
    userId: row.userId,
    // The columns are plain text; only the library writes them, with these vocabularies.
    type: row.type as SecurityEventType,
    outcome: row.outcome as SecurityEventOutcome,
    method: row.method as SecurityEventMethod | null,
    provider: row.provider,
    ip: row.ip,
    userAgent: row.userAgent,
    device: row.device,
    detail: row.detail,
    actorId: row.actorId,
    createdAt: row.createdAt,
  }
}

export function securityEventStore(prisma: PrismaSecurityEventLike) {
  return {
    async createSecurityEvent(event: NewSecurityEvent): Promise<void> {
      const data: SecurityEventData = {
        userId: event.userId !== null && !unmatchable(event.userId) ? event.userId : null,
        type: event.type,
        outcome: event.outcome,
        method: event.method ?? null,
        provider: text(event.provider),
        ip: text(event.ip),
        userAgent: text(event.userAgent),
        device: text(event.device),
        detail: text(event.detail),
        actorId: event.actorId && !unmatchable(event.actorId) ? event.actorId : null,
      }
      if (event.createdAt instanceof Date) data.createdAt = event.createdAt
      await prisma.securityEvent.create({ data, select: { id: true } })
    },

    async listSecurityEvents(userId: string, limit: number): Promise<SecurityEvent[]> {
      if (unmatchable(userId)) return []
      const take = Math.max(0, Math.min(Math.floor(limit) || 0, MAX_SECURITY_EVENTS_LISTED))
      if (take === 0) return []
      // id breaks ties between entries of the same millisecond (a sign-in and its new-device check).
      const rows = await prisma.securityEvent.findMany({
        where: { userId },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take,
        select: securityEventSelect,
      })
      return rows.map(toSecurityEvent)
    },

    async deleteSecurityEventsBefore(before: Date): Promise<number> {
      return (await prisma.securityEvent.deleteMany({ where: { createdAt: { lt: before } } })).count
    },

    async getSignInDeviceHistory(userId: string, device: string): Promise<SignInDeviceHistory> {
      if (unmatchable(userId, device)) return { signedInBefore: false, fromDevice: false }
      const where: SignInWhere = { userId, type: "sign-in", outcome: "success" }
      // The usual answer (a device seen before) takes one query; only a miss asks the second.
      const fromDevice = await prisma.securityEvent.findFirst({ where: { ...where, device }, select: { device: true } })
      if (fromDevice) return { signedInBefore: true, fromDevice: true }
      const any = await prisma.securityEvent.findFirst({ where, select: { device: true } })
      return { signedInBefore: any !== null, fromDevice: false }
    },
  }
}
