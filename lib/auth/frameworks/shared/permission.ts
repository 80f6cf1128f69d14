/**
 * The permission guard the Express and SvelteKit layers share. The roles on a session are a copy
 * made at sign-in (or carried in a jwt), and an impersonation session holds the target's roles:
 * so a request that changes something is refused from an impersonation session, and one that asks
 * for an admin operation (the library's own resources) is refused from one too, and checked
 * against the roles and ban stored now rather than the copy. The admin operations check the same
 * themselves (admin/operations.ts); this makes an app's own routes behind the guard as safe.
 */
import { builtInResources, type PermissionRequest, type Resources } from "../../access/control"
import { activeBan, effectiveRoles } from "../../access/user-access"
import type { ResolvedConfig } from "../../config/resolved"
import type { SessionRead } from "./session"

export interface PermissionRefusal {
  status: 401 | 403
  reason: "signed_out" | "forbidden" | "impersonating"
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"])

/** Whether the request asks for any action of the library's own resources (user, session). */
export function asksAdminOperation(permission: PermissionRequest<Resources>): boolean {
  return Object.keys(builtInResources).some((resource) => (permission[resource]?.length ?? 0) > 0)
}

/** Null when `read`'s session may do `permission` with a request of `method`; else why not. */
export async function permissionRefusal(
  config: Pick<ResolvedConfig, "access">,
  read: Pick<SessionRead, "session" | "proof">,
  permission: PermissionRequest<Resources>,
  method: string,
): Promise<PermissionRefusal | null> {
  const { session, proof } = read
  if (!session) return { status: 401, reason: "signed_out" }
  const admin = asksAdminOperation(permission)
  // The proof is the library's own record of the session; the session object is the app's callback's to shape.
  const impersonating = proof?.impersonatedBy !== undefined || typeof (session as { impersonatedBy?: unknown }).impersonatedBy === "string"
  if (impersonating && (admin || !SAFE_METHODS.has(method.toUpperCase()))) return { status: 403, reason: "impersonating" }
  const { control, adapter, adminEmails } = config.access
  if (!control.hasPermission(session, permission)) return { status: 403, reason: "forbidden" }
  if (!admin || !adapter) return null
  const userId = proof?.userId ?? session.user?.id
  const record = typeof userId === "string" && userId !== "" ? await adapter.getUserAccess(userId) : null
  if (!record || activeBan(record)) return { status: 403, reason: "forbidden" }
  return control.rolesGrant(effectiveRoles(record, adminEmails), permission) ? null : { status: 403, reason: "forbidden" }
}
