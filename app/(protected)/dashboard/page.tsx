import type { Metadata } from "next"
import Link from "next/link"
import { redirect } from "next/navigation"
import { sessionStrategy, signInPath } from "@/auth"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { sessionState } from "@/server/session-state"
import { ClientSession } from "@/components/client-session"
import { SessionSummary } from "@/components/session-summary"
import { DevMailboxHint } from "@/components/dev-mailbox-hint"
import { getPrisma } from "@/lib/db/client"
import { mailMode } from "@/server/mail/deliver"

export const metadata: Metadata = { title: "Dashboard" }

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
      <SessionSummary user={user} expires={session.expires} strategy={sessionStrategy} inBrowser={<ClientSession />} />
      <Link href="/settings" className="inline-block font-medium text-indigo-700 underline dark:text-indigo-400">
        Change your display name
      </Link>
    </div>
  )
}
