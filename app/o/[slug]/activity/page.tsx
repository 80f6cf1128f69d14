import type { Metadata } from "next"
import { notFound } from "next/navigation"
import { organizations } from "@/auth"
import { RelativeTime } from "@/components/relative-time"
import { Card } from "@/components/ui"
import { getPrisma } from "@/lib/db/client"
import { activityLines, peopleNamed } from "@/server/organizations/activity-lines"
import { organizationPage } from "@/server/organizations/organization-page"
import { readsActivity } from "@/server/organizations/roles-display"

export const metadata: Metadata = { title: "Organization activity" }

/** Display names (else addresses) of the users the log names; a deleted user is simply absent. */
async function namesOf(ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const users = await getPrisma().user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, email: true } })
  return new Map(users.map((user) => [user.id, user.name || user.email || "A user without a name"]))
}

/**
 * An organization's activity log: who joined, left, was invited,
 * removed or given another role, newest first. Its owners and admins read
 * it; for any other member the page does not exist (404, as for a
 * non-member), and the navigation does not offer it.
 */
export default async function OrganizationActivityPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params
  const { organization, member } = await organizationPage(slug)
  if (!readsActivity(member.roles)) notFound()
  const entries = await organizations.activity(organization.id, 100)
  const lines = activityLines(entries, await namesOf(peopleNamed(entries)))
  const renderedAt = new Date().toISOString()
  return (
    <div className="space-y-6">
      <Card as="section" id="activity" title="Activity" description="The last 100 changes to the organization's members and invitations, newest first. Only owners and admins can read it.">
        {lines.length === 0 ? (
          <p className="text-sm text-muted">Nothing has happened yet.</p>
        ) : (
          <ol className="divide-y divide-border" data-testid="organization-activity">
            {lines.map((line) => (
              <li key={line.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                <p className="text-sm text-fg">{line.text}</p>
                <RelativeTime dateTime={line.at.toISOString()} renderedAt={renderedAt} className="shrink-0 text-xs text-muted" testId="organization-activity-time" />
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  )
}
