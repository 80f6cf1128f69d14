import type { Metadata } from "next"
import Link from "next/link"
import { redirect } from "next/navigation"
import { auth, sessionStrategy } from "@/auth"
import { ClientSession } from "@/components/client-session"
// The starter's session card itself (no auth in it).
import { SessionSummary } from "../../../../../components/session-summary"

// The starter's dashboard (app/(protected)/dashboard/page.tsx) on next-auth's auth(): bench:http
// compares the session handling, not how much each page shows.
export const metadata: Metadata = { title: "Dashboard" }

export default async function DashboardPage() {
  const session = await auth()
  if (!session?.user) redirect("/api/auth/signin?callbackUrl=/dashboard")
  const { user } = session
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold tracking-tight">
        Welcome, <span data-testid="dashboard-user-name">{user.name ?? user.email}</span>
      </h1>
      <SessionSummary user={user} expires={session.expires} strategy={sessionStrategy} inBrowser={<ClientSession />} />
      <Link href="/settings" className="inline-block font-medium text-indigo-700 underline dark:text-indigo-400">
        Change your display name
      </Link>
    </div>
  )
}
