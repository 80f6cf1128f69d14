import type { Metadata } from "next"
import { requirePermission } from "@/auth"
import DashboardPage from "../../(protected)/dashboard/page"

/**
 * bench:http's permission-guarded page: the dashboard behind the
 * admin area's permission, checked by the middleware's route rule and again
 * here by requirePermission, measured beside GET /dashboard with the same
 * admin's cookies. Harmless in production: an admin sees their own
 * dashboard, anyone else a 404.
 */
export const metadata: Metadata = { title: "Dashboard" }

export default async function GuardedDashboardPage() {
  await requirePermission({ user: ["list"] })
  return <DashboardPage />
}
