import type { Metadata } from "next"
import { redirect } from "next/navigation"
import { auth } from "@/auth"
import { readAccount } from "@/account"
// The starter's kit, the dashboard's cards and the checklist's words (no auth in them).
import { ChecklistRow, NextStepsCard, OrganizationsCard } from "../../../../../components/dashboard-cards"
import { Alert, Card } from "../../../../../components/ui"
import { securityChecklist } from "../../../../../server/display/security-checklist"

// The starter's dashboard (app/(protected)/dashboard/page.tsx) on next-auth's auth(), with the same
// cards read from this app's own database: bench:http compares the session handling, so both apps
// must render the same page from the same facts. Left out: what only shows in development (the
// session details, the dev mailbox hint) and the database-outage branches.
export const metadata: Metadata = { title: "Dashboard" }

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
          <NextStepsCard />
        </div>
      </div>
    </div>
  )
}
