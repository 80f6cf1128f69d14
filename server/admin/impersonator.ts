/**
 * Who is behind an impersonation session, for the banner on every
 * page: the admin's name (else address) from their user row. The session
 * names the admin by id only (the row's impersonatedBy, or the jwt claim).
 */
import { impersonationMaxAge, impersonationMaxAgeFromEnv, type Session } from "@/lib/auth"
import { getPrisma } from "@/lib/db/client"
import { unlessUnavailable } from "@/server/session-state"

export interface Impersonation {
  /** The impersonated user as the banner names them. */
  user: string
  /** The admin, by name, else address. */
  admin: string
  /** When the impersonation ends by itself (ISO 8601), if known. */
  endsAt: string | null
}

/** The impersonation lifetime exactly as the library reads AUTH_IMPERSONATION_MAX_AGE. */
function maxAgeSeconds(): number {
  return impersonationMaxAge(impersonationMaxAgeFromEnv(process.env.AUTH_IMPERSONATION_MAX_AGE))
}

export function impersonatorId(session: Session | null | undefined): string | null {
  return session?.user && typeof session.impersonatedBy === "string" ? session.impersonatedBy : null
}

/** The impersonation this session is, or null; an outage still shows the banner, naming the admin as "an administrator". */
export async function impersonationOf(session: Session | null | undefined): Promise<Impersonation | null> {
  const adminId = impersonatorId(session)
  if (!adminId || !session?.user) return null
  const userId = session.user.id
  const read = await unlessUnavailable(() =>
    Promise.all([
      getPrisma().user.findUnique({ where: { id: adminId }, select: { name: true, email: true } }),
      // The start as the security log has it (both strategies write it): the end is the lifetime after.
      userId
        ? getPrisma().securityEvent.findFirst({
            where: { userId, actorId: adminId, type: "impersonation-started" },
            orderBy: { createdAt: "desc" },
            select: { createdAt: true },
          })
        : null,
    ]),
  )
  const [row, started] = "value" in read ? read.value : [null, null]
  return {
    user: session.user.name || session.user.email || "this user",
    admin: row?.name || row?.email || "an administrator",
    endsAt: started ? new Date(started.createdAt.getTime() + maxAgeSeconds() * 1000).toISOString() : null,
  }
}
