import type { Metadata } from "next"
import { redirect } from "next/navigation"
import { organizationsEnabled, sessionStrategy, signInPath } from "@/auth"
import { ClientSession } from "@/components/client-session"
import { DevMailboxHint } from "@/components/dev-mailbox-hint"
import { ExactTime } from "@/components/relative-time"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { SessionSummary } from "@/components/session-summary"
import { ChecklistRow, NextStepsCard, OrganizationsCard } from "@/components/dashboard-cards"
import { Alert, Card } from "@/components/ui"
import { mailMode } from "@/server/mail/deliver"
import { readAccountOverview } from "@/server/dashboard/account-overview"
import { securityChecklist } from "@/server/display/security-checklist"
import { sessionState, unlessUnavailable } from "@/server/session-state"

export const metadata: Metadata = { title: "Dashboard" }

/**
 * The session's internals are for whoever builds on the starter, not for its users: shown in
 * development only. SHOW_SESSION_DETAILS=true shows them under `next start` too (read per request,
 * not at build time): the browser tests run the production build and prove useSession() with it.
 */
function showDeveloperPanel(): boolean {
  return process.env.NODE_ENV !== "production" || process.env.SHOW_SESSION_DETAILS === "true"
}

export default async function DashboardPage() {
  const { session, unavailable } = await sessionState()
  if (unavailable) return <ServiceUnavailable />
  if (!session?.user) redirect(signInPath("/dashboard"))
  const { user } = session
  // Under the jwt strategy the session reads without the database; this page's data does not.
  // When it cannot be read, the page still greets its user (a jwt session outlives a database outage)
  // and says the status is unknown rather than pretending nothing is set up.
  const userId = user.id
  const read = await unlessUnavailable(() => (userId ? readAccountOverview(userId, organizationsEnabled) : Promise.resolve(null)))
  const statusUnavailable = "unavailable" in read
  const account = statusUnavailable ? null : read.value
  const email = account?.email ?? user.email ?? null
  const verified = Boolean(account?.emailVerified)
  const checklist = securityChecklist({
    email,
    emailVerified: verified,
    twoFactorEnabled: account?.twoFactorEnabled ?? false,
    passkeys: account?.passkeys ?? 0,
  })
  const todo = checklist.filter((item) => !item.done).length
  const firstStep = checklist.find((item) => !item.done)?.id
  // Only a true statement: the address exists and is really unverified. A password sign-up is what
  // mails a link by itself; anyone else is told how to ask for one.
  const unverified = Boolean(account?.email) && !verified
  const linkWasSent = unverified && Boolean(account?.hasPassword)
  return (
    <div className="space-y-8">
      <div className="space-y-1">
        <h1 className="text-display">
          Welcome, <span data-testid="dashboard-user-name">{user.name ?? user.email}</span>
        </h1>
        <p className="text-muted">
          Signed in as <span data-testid="dashboard-user-email" className="font-medium text-fg">{user.email}</span>
        </p>
      </div>

      {unverified ? (
        <Alert
          tone="info"
          title="Confirm your email address"
          data-testid="dashboard-verify-email"
        >
          <p>
            {linkWasSent ? `We sent a link to ${account?.email} when you signed up. ` : null}
            Confirming it lets you reset your password and turn on two-factor authentication; “Verify email” below
            sends a new link.
          </p>
          {linkWasSent && mailMode() === "dev-mailbox" ? <DevMailboxHint className="mt-2" /> : null}
        </Alert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <Card
          as="section"
          id="account-security"
          title="Your account's security"
          description={
            statusUnavailable
              ? undefined
              : todo === 0
                ? "Everything recommended is in place."
                : `${todo} ${todo === 1 ? "step" : "steps"} left to protect your account.`
          }
          className="lg:col-span-2"
        >
          {statusUnavailable ? (
            <Alert tone="warning" title="Temporarily unavailable" data-testid="dashboard-status-unavailable">
              <p>The server cannot reach its database right now, so your security status cannot be shown. Try again in a moment.</p>
            </Alert>
          ) : (
            <ul className="divide-y divide-border">
              {checklist.map((item) => (
                <ChecklistRow key={item.id} item={item} primary={item.id === firstStep} />
              ))}
            </ul>
          )}
        </Card>

        <div className="space-y-6">
          {account?.organizations ? <OrganizationsCard organizations={account.organizations} /> : null}
          <NextStepsCard />
        </div>
      </div>

      {showDeveloperPanel() ? (
        <SessionSummary
          user={user}
          expires={session.expires}
          strategy={sessionStrategy}
          inBrowser={<ClientSession />}
          expiresText={<ExactTime dateTime={new Date(session.expires).toISOString()} />}
        />
      ) : null}
    </div>
  )
}
