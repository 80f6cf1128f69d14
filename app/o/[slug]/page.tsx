import type { Metadata } from "next"
import Link from "next/link"
import { organizations } from "@/auth"
import { buttonClass, Card } from "@/components/ui"
import { organizationPage } from "@/server/organizations/organization-page"
import { readsActivity, rolesInWords } from "@/server/organizations/roles-display"

export const metadata: Metadata = { title: "Organization" }

/** An organization's home: who you are in it, how many belong to it, and where to go next. */
export default async function OrganizationHomePage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params
  const page = await organizationPage(slug)
  const { organization, member } = page
  const members = await organizations.members(organization.id)
  const base = `/o/${organization.slug}`
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <Card title="Overview" data-testid="organization-overview">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted">Your role</dt>
          <dd className="font-medium" data-testid="organization-role">
            {rolesInWords(member.roles)}
          </dd>
          <dt className="text-muted">Members</dt>
          <dd className="font-medium" data-testid="organization-member-count">
            {members.length === 1 ? "1 member" : `${members.length} members`}
          </dd>
          <dt className="text-muted">Address</dt>
          <dd className="font-medium break-all">{base}</dd>
        </dl>
      </Card>
      <Card title="Manage">
        <ul className="flex flex-wrap gap-3">
          <li>
            <Link href={`${base}/members`} className={buttonClass({ kind: "secondary", size: "sm" })}>
              Members
            </Link>
          </li>
          <li>
            <Link href={`${base}/settings`} className={buttonClass({ kind: "secondary", size: "sm" })}>
              Settings
            </Link>
          </li>
          {readsActivity(member.roles) ? (
            <li>
              <Link href={`${base}/activity`} className={buttonClass({ kind: "secondary", size: "sm" })}>
                Activity
              </Link>
            </li>
          ) : null}
        </ul>
      </Card>
    </div>
  )
}
