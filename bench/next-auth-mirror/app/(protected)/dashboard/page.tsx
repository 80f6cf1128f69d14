import type { Metadata } from "next"
import Link from "next/link"
import { redirect } from "next/navigation"
import { auth } from "@/auth"
import { readAccount, type Organization } from "@/account"
// The starter's kit and the dashboard's checklist words (no auth in them).
import { Alert, buttonClass, Card, cx } from "../../../../../components/ui"
import { securityChecklist, type ChecklistItem } from "../../../../../server/display/security-checklist"

// The starter's dashboard (app/(protected)/dashboard/page.tsx) on next-auth's auth(), with the same
// cards read from this app's own database: bench:http compares the session handling, so both apps
// must render the same page from the same facts. Left out: what only shows in development (the
// session details, the dev mailbox hint) and the database-outage branches.
export const metadata: Metadata = { title: "Dashboard" }

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

function OrganizationsCard({ organizations }: { organizations: Organization[] }) {
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
  const session = await auth()
  if (!session?.user) redirect("/api/auth/signin?callbackUrl=/dashboard")
  const { user } = session
  const account = user.id ? await readAccount(user.id) : null
  const email = account?.email ?? user.email ?? null
  const verified = Boolean(account?.emailVerified)
  const checklist = securityChecklist({ email, emailVerified: verified, twoFactorEnabled: account?.twoFactorEnabled ?? false, passkeys: account?.passkeys ?? 0 })
  const todo = checklist.filter((item) => !item.done).length
  const firstStep = checklist.find((item) => !item.done)?.id
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
        <Alert tone="info" title="Confirm your email address" data-testid="dashboard-verify-email">
          <p>
            {linkWasSent ? `We sent a link to ${account?.email} when you signed up. ` : null}
            Confirming it lets you reset your password and turn on two-factor authentication; “Verify email” below sends a new link.
          </p>
        </Alert>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <Card
          as="section"
          id="account-security"
          title="Your account's security"
          description={todo === 0 ? "Everything recommended is in place." : `${todo} ${todo === 1 ? "step" : "steps"} left to protect your account.`}
          className="lg:col-span-2"
        >
          <ul className="divide-y divide-border">
            {checklist.map((item) => (
              <ChecklistRow key={item.id} item={item} primary={item.id === firstStep} />
            ))}
          </ul>
        </Card>

        <div className="space-y-6">
          {account ? <OrganizationsCard organizations={account.organizations} /> : null}
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
    </div>
  )
}
