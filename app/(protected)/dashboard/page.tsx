import type { Metadata } from "next"
import Link from "next/link"
import { redirect } from "next/navigation"
import { auth, sessionStrategy } from "@/auth"
import { ClientSession } from "@/components/client-session"

export const metadata: Metadata = { title: "Dashboard" }

export default async function DashboardPage() {
  const session = await auth()
  if (!session?.user) redirect("/api/auth/signin?callbackUrl=/dashboard")
  const { user } = session
  return (
    <div className="space-y-8">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">
          Welcome, <span data-testid="dashboard-user-name">{user.name ?? user.email}</span>
        </h1>
        <p className="text-zinc-600 dark:text-zinc-400">This page is rendered on the server from auth().</p>
      </div>
      <dl className="grid gap-4 rounded-lg border border-zinc-200 p-6 sm:grid-cols-2 dark:border-zinc-800">
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
          <dd data-testid="dashboard-strategy" className="font-medium">{sessionStrategy}</dd>
        </div>
        <div>
          <dt className="text-sm text-zinc-500 dark:text-zinc-400">Session expires</dt>
          <dd className="font-medium">{new Date(session.expires).toUTCString()}</dd>
        </div>
      </dl>
      <section className="space-y-2">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-zinc-500 dark:text-zinc-400">In a client component</h2>
        <ClientSession />
      </section>
      <Link href="/settings" className="inline-block font-medium text-indigo-700 underline dark:text-indigo-400">
        Change your display name
      </Link>
    </div>
  )
}
