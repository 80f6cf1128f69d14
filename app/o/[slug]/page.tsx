import type { Metadata } from "next"
import Link from "next/link"
import { organizations } from "@/auth"
import { RelativeTime } from "@/components/relative-time"
import { buttonClass, Card, TextLink } from "@/components/ui"
import { activityLines, peopleNamed } from "@/server/organizations/activity-lines"
import { memberCount } from "@/server/organizations/member-count"
import { memberPeople } from "@/server/organizations/member-directory"
import { organizationPage } from "@/server/organizations/organization-page"
import { readsActivity, rolesInWords } from "@/server/organizations/roles-display"

export const metadata: Metadata = { title: "Organization" }

const RECENT = 5

function Stat({ label, value, testId, href }: { label: string; value: string; testId: string; href?: string }) {
  return (
    <div className="rounded-card border border-border bg-surface p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-heading" data-testid={testId}>
        {href ? <TextLink href={href}>{value}</TextLink> : value}
      </dd>
    </div>
  )
}

/**
 * An organization's home: your role, how many belong to it, the invitations
 * still open and (for those who may read it) its latest activity. The reads
 * run side by side: the member count, invitations and the activity are one
 * statement each, and the names the activity needs one more. The guard above
 * has proved the membership, so the count needs no check of its own.
 */
export default async function OrganizationHomePage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params
  const page = await organizationPage(slug)
  const { organization, member } = page
  const base = `/o/${organization.slug}`
  const mayInvite = page.can({ member: ["invite"] })
  const activity = readsActivity(member.roles)
  const [members, invitations, entries] = await Promise.all([
    memberCount(organization.id),
    mayInvite ? organizations.invitations(organization.id) : Promise.resolve(null),
    activity ? organizations.activity(organization.id, RECENT) : Promise.resolve([]),
  ])
  const names = new Map([...(await memberPeople(peopleNamed(entries)))].map(([id, person]) => [id, person.name || person.email || "A user without a name"]))
  const lines = activityLines(entries, names)
  const renderedAt = new Date().toISOString()
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-3" data-testid="organization-overview">
        <Stat label="Your role" value={rolesInWords(member.roles)} testId="organization-role" />
        <Stat label="Members" value={members === 1 ? "1 member" : `${members} members`} testId="organization-member-count" href={`${base}/members`} />
        {invitations ? (
          <Stat
            label="Pending invitations"
            value={invitations.length === 0 ? "None" : String(invitations.length)}
            testId="organization-invitation-count"
            href={`${base}/members#invitations`}
          />
        ) : null}
      </dl>
      {activity ? (
        <Card
          as="section"
          id="recent-activity"
          title="Recent activity"
          footer={
            <Link href={`${base}/activity`} className={buttonClass({ kind: "secondary", size: "sm" })}>
              All activity
            </Link>
          }
        >
          {lines.length === 0 ? (
            <p className="text-sm text-muted">Nothing has happened yet.</p>
          ) : (
            <ol className="divide-y divide-border" data-testid="organization-recent-activity">
              {lines.map((line) => (
                <li key={line.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                  <p className="text-sm text-fg">{line.text}</p>
                  <RelativeTime dateTime={line.at.toISOString()} renderedAt={renderedAt} className="shrink-0 text-xs text-muted" />
                </li>
              ))}
            </ol>
          )}
        </Card>
      ) : (
        <Card as="section" id="get-started" title="Get started">
          <ul className="flex flex-wrap gap-3">
            <li>
              <Link href={`${base}/members`} className={buttonClass({ kind: "secondary", size: "sm" })}>
                See who is here
              </Link>
            </li>
            <li>
              <Link href={`${base}/teams`} className={buttonClass({ kind: "secondary", size: "sm" })}>
                Browse teams
              </Link>
            </li>
          </ul>
        </Card>
      )}
    </div>
  )
}
