import type { Metadata } from "next"
import Link from "next/link"
import { redirect } from "next/navigation"
import { sessionStrategy, signInPath } from "@/auth"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { sessionState } from "@/server/session-state"
import { ClientSession } from "@/components/client-session"
import { DevMailboxHint } from "@/components/dev-mailbox-hint"
import { getPrisma } from "@/lib/db/client"
import { mailMode } from "@/server/mail/deliver"

export const metadata: Metadata = { title: "Dashboard" }

const STRATEGY_NOTE = {
  database: "a session row in the database, revocable, deleted on sign-out",
  jwt: "an encrypted cookie, no database read per request",
} as const

/**
 * Development without EMAIL_SERVER: right after sign-up the verification mail sits in the dev
 * mailbox, which a newcomer would not think to open. Shown while the address is unverified, to
 * password accounts: sign-up with a password is what sends that mail (a passkey sign-up does not).
 */
async function awaitsVerificationInDevMailbox(userId: string | undefined): Promise<boolean> {
  if (mailMode() !== "dev-mailbox" || !userId) return false
  try {
    const row = await getPrisma().user.findUnique({ where: { id: userId }, select: { email: true, emailVerified: true, passwordHash: true } })
    return Boolean(row?.email && row.passwordHash && !row.emailVerified)
  } catch {
    // Only a hint: a database hiccup leaves it out rather than failing the page.
    return false
  }
}

export default async function DashboardPage() {
  const { session, unavailable } = await sessionState()
  if (unavailable) return <ServiceUnavailable />
  if (!session?.user) redirect(signInPath("/dashboard"))
  const { user } = session
  const devVerificationHint = await awaitsVerificationInDevMailbox(user.id)
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold tracking-tight">
        Welcome, <span data-testid="dashboard-user-name">{user.name ?? user.email}</span>
      </h1>
      {devVerificationHint ? (
        <div className="space-y-1 rounded-lg border border-indigo-200 bg-indigo-50 p-4 dark:border-indigo-900 dark:bg-indigo-950">
          <p className="text-sm">We sent a link to confirm your email address.</p>
          <DevMailboxHint />
        </div>
      ) : null}
      <section
        aria-labelledby="account-heading"
        className="space-y-4 rounded-lg border border-zinc-200 p-6 dark:border-zinc-800"
      >
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
