/**
 * Who is behind an impersonation session, for the banner on every
 * page: the admin's name (else address) from their user row. The session
 * names the admin by id only (the row's impersonatedBy, or the jwt claim).
 */
import type { Session } from "@/lib/auth"
import { getPrisma } from "@/lib/db/client"
import { unlessUnavailable } from "@/server/session-state"

export interface Impersonation {
  /** The impersonated user as the banner names them. */
  user: string
  /** The admin, by name, else address. */
  admin: string
}

export function impersonatorId(session: Session | null | undefined): string | null {
  return session?.user && typeof session.impersonatedBy === "string" ? session.impersonatedBy : null
}

/** The impersonation this session is, or null; an outage still shows the banner, naming the admin as "an administrator". */
export async function impersonationOf(session: Session | null | undefined): Promise<Impersonation | null> {
  const adminId = impersonatorId(session)
  if (!adminId || !session?.user) return null
  const read = await unlessUnavailable(() => getPrisma().user.findUnique({ where: { id: adminId }, select: { name: true, email: true } }))
  const row = "value" in read ? read.value : null
  return {
    user: session.user.name || session.user.email || "this user",
    admin: row?.name || row?.email || "an administrator",
  }
}
