/**
 * The guard of the admin pages: the permission by the session's
 * roles (else notFound(): a page that is not yours does not exist; signed out:
 * sign-in), then a recent proof of identity, which the library's admin reads
 * ask for too (a stale one goes to "Confirm it's you" and back here). A read
 * the library still refuses (a role taken away since the session was made)
 * is a 404 as well.
 */
import { notFound } from "next/navigation"
import { requirePermission, requireRecentAuthentication } from "@/auth"
import { PermissionDenied, type PermissionRequest, type Session } from "@/lib/auth"

export async function guardAdminPage(permission: PermissionRequest, callbackUrl: string): Promise<Session> {
  await requirePermission(permission)
  return requireRecentAuthentication({ callbackUrl })
}

/** Runs one of the library's admin reads; a refusal is the page's 404. */
export async function adminRead<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof PermissionDenied) notFound()
    throw error
  }
}
