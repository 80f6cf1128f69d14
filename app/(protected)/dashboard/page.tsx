import type { Metadata } from "next"
import Link from "next/link"
import { redirect } from "next/navigation"
import { organizationsEnabled, sessionStrategy, signInPath } from "@/auth"
import { ClientSession } from "@/components/client-session"
import { DevMailboxHint } from "@/components/dev-mailbox-hint"
import { ExactTime } from "@/components/relative-time"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { SessionSummary } from "@/components/session-summary"
import { Alert, buttonClass, Card, cx } from "@/components/ui"
import { mailMode } from "@/server/mail/deliver"
import { readAccountOverview, type DashboardOrganization } from "@/server/dashboard/account-overview"
import { securityChecklist, type ChecklistItem } from "@/server/display/security-checklist"
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

function StatusIcon({ done }: { done: boolean }) {
  return done ? (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-success-text" fill="currentColor">
      <path fillRule="evenodd" d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3a1 1 0 0 0-1.4-1.4L9 10.6 7.7 9.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4Z" clipRule="evenodd" />
    </svg>
  ) : (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-muted" fill="none" stroke="currentColor" strokeWidth="1.75">
      <circle cx="10" cy="10" r="7.25" />
    </svg>
  )
}

/** `primary`: the one step the page asks for first; every other row's link is secondary. */
function ChecklistRow({ item, primary }: { item: ChecklistItem; primary: boolean }) {
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between" data-testid={`security-${item.id}`}>
      <div className="flex gap-3">
        <StatusIcon done={item.done} />
        <div>
          <p className="font-medium">
            {item.title}{" "}
            <span className={cx("ml-1 rounded-full px-2 py-0.5 text-xs font-medium", item.done ? "bg-success-soft text-success-soft-text" : "bg-surface-muted text-muted")}>
              {item.status}
            </span>
          </p>
          <p className="text-sm text-muted">{item.detail}</p>
        </div>
      </div>
      <Link
        href={item.action.href}
        className={cx(buttonClass({ kind: primary ? "primary" : "secondary", size: "sm" }), "shrink-0 self-start sm:self-auto")}
      >
        {item.action.label}
      </Link>
    </li>
  )
}

/** The user's organizations from the page's one read; none yet: the way to create one. */
function OrganizationsCard({ organizations }: { organizations: DashboardOrganization[] }) {
  return (
    <Card as="section" id="organizations" title="Your organizations" data-testid="dashboard-organizations">
      {organizations.length === 0 ? (
        <div className="space-y-3 text-sm">
          <p className="text-muted">Work together with others: invite them to an organization of your own.</p>
          <Link href="/orgs/new" className={buttonClass({ kind: "secondary", size: "sm" })}>
            Create organization
          </Link>
        </div>
      ) : (
        <ul className="space-y-2 text-sm">
          {organizations.map((organization) => (
            <li key={organization.slug}>
              <Link href={`/o/${organization.slug}`} className="font-medium text-accent-text underline-offset-4 hover:underline">
                {organization.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
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
          <Card as="section" id="next-steps" title="Next steps">
            <ul className="space-y-3 text-sm">
              <li>
                <Link href="/settings#profile" className="font-medium text-accent-text underline-offset-4 hover:underline">
                  Change your display name
                </Link>
                <p className="text-muted">How you appear across the app.</p>
              </li>
              <li>
                <Link href="/settings#security-activity" className="font-medium text-accent-text underline-offset-4 hover:underline">
                  Review recent activity
                </Link>
                <p className="text-muted">Sign-ins and account changes, and where you are signed in.</p>
              </li>
              <li>
                <Link href="/settings#data" className="font-medium text-accent-text underline-offset-4 hover:underline">
                  Download your data
                </Link>
                <p className="text-muted">Everything we keep about you, in one file.</p>
              </li>
            </ul>
          </Card>
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
