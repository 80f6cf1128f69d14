import type { Metadata } from "next"
import Link from "next/link"
import { redirect } from "next/navigation"
import { auth, sessionStrategy } from "@/auth"
import { ClientSession } from "@/components/client-session"

// The starter's dashboard (app/(protected)/dashboard/page.tsx), element for element and class for
// class, on next-auth's auth(): bench:http compares the session handling, not how much each page shows.
export const metadata: Metadata = { title: "Dashboard" }

const STRATEGY_NOTE = {
  database: "a session row in the database, revocable, deleted on sign-out",
  jwt: "an encrypted cookie, no database read per request",
} as const

export default async function DashboardPage() {
  const session = await auth()
  if (!session?.user) redirect("/api/auth/signin?callbackUrl=/dashboard")
  const { user } = session
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold tracking-tight">
        Welcome, <span data-testid="dashboard-user-name">{user.name ?? user.email}</span>
      </h1>
      <section aria-labelledby="account-heading" className="space-y-4 rounded-lg border border-zinc-200 p-6 dark:border-zinc-800">
        <h2 id="account-heading" className="text-lg font-semibold">
          Your session
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-zinc-500 dark:text-zinc-400">Email</dt>
            <dd data-testid="dashboard-user-email" className="font-medium">{user.email}</dd>
          </div>
          <div>
            <dt className="text-sm text-zinc-500 dark:text-zinc-400">User id</dt>
            <dd className="truncate font-mono text-sm">{user.id}</dd>
          </div>
          <div>
            <dt className="text-sm text-zinc-500 dark:text-zinc-400">Session strategy</dt>
            <dd className="font-medium">
              <span data-testid="dashboard-strategy">{sessionStrategy}</span>
              <span className="block text-sm font-normal text-zinc-500 dark:text-zinc-400">{STRATEGY_NOTE[sessionStrategy]}</span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-zinc-500 dark:text-zinc-400">Session expires</dt>
            <dd className="font-medium">{new Date(session.expires).toUTCString()}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-sm text-zinc-500 dark:text-zinc-400">In the browser (useSession)</dt>
            <dd className="font-medium">
              <ClientSession />
            </dd>
          </div>
        </dl>
      </section>
      <Link href="/settings" className="inline-block font-medium text-indigo-700 underline dark:text-indigo-400">
        Change your display name
      </Link>
    </div>
  )
}
