/**
 * A role-or-permission rule per route group, for the `authorized` callback
 * that middleware.ts runs:
 *
 *   const adminArea = routeRules(access, [{ path: "/admin", permission: { user: ["list"] } }])
 *   authorized({ auth, request }) {
 *     const verdict = adminArea(auth, request.nextUrl.pathname)
 *     if (verdict === "forbidden") return new Response("Not found", { status: 404 })
 *     ...
 *   }
 *
 * The first rule whose path is the request's, or a parent of it, decides.
 */
import type { AccessControl, PermissionRequest, Resources, SessionWithRoles } from "./control"

export type RouteRule<R extends Resources> =
  | { path: string; permission: PermissionRequest<R>; role?: never }
  | { path: string; role: string; permission?: never }

/** "allowed", "signed-out" (send to sign-in), "forbidden" (signed in, not allowed), or "no-rule". */
export type RouteVerdict = "allowed" | "signed-out" | "forbidden" | "no-rule"

function covers(path: string, pathname: string): boolean {
  const base = path.length > 1 ? path.replace(/\/+$/, "") : path
  return pathname === base || pathname.startsWith(`${base}/`)
}

export function routeRules<R extends Resources>(access: AccessControl<R>, rules: readonly RouteRule<R>[]) {
  return (session: SessionWithRoles | null | undefined, pathname: string): RouteVerdict => {
    const rule = rules.find((r) => covers(r.path, pathname))
    if (!rule) return "no-rule"
    if (!session?.user) return "signed-out"
    const allowed = rule.role !== undefined ? access.hasRole(session, rule.role) : access.hasPermission(session, rule.permission)
    return allowed ? "allowed" : "forbidden"
  }
}
