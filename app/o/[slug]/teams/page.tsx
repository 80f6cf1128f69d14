import type { Metadata } from "next"
import Link from "next/link"
import { organizations } from "@/auth"
import { RelativeTime } from "@/components/relative-time"
import { SubmitButton } from "@/components/ui"
import { Card, Field } from "@/components/ui"
import { organizationPage } from "@/server/organizations/organization-page"
import { createTeamAction } from "./actions"

export const metadata: Metadata = { title: "Teams" }

/**
 * /o/[slug]/teams: the organization's teams, for any member, and a form to
 * create one for those whose role allows it (owners and admins by default).
 */
export default async function TeamsPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params
  const page = await organizationPage(slug, `/o/${slug}/teams`)
  const { organization } = page
  const teams = await organizations.teams(organization.id)
  const mayCreate = page.can({ team: ["create"] })
  const renderedAt = new Date().toISOString()
  const base = `/o/${organization.slug}/teams`
  return (
    <div className="space-y-6">
      <Card as="section" id="team-list" title={teams.length === 1 ? "1 team" : `${teams.length} teams`}>
        {teams.length === 0 ? (
          <p className="text-sm text-muted" data-testid="team-list-empty">
            {mayCreate ? "No teams yet. Create the first one below: a team groups members who work together, with a lead who manages it." : "No teams yet. Owners and admins create them."}
          </p>
        ) : (
          <ul className="divide-y divide-border" data-testid="team-list">
            {teams.map((team) => (
              <li key={team.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3 first:pt-0 last:pb-0" data-testid="team">
                <Link href={`${base}/${team.id}`} className="font-medium text-accent-text hover:underline">
                  {team.name}
                </Link>
                <span className="text-xs text-muted">
                  Created <RelativeTime dateTime={team.createdAt.toISOString()} renderedAt={renderedAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {mayCreate ? (
        <Card as="section" id="create-team" title="Create team">
          <form action={createTeamAction} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <input type="hidden" name="organization" value={organization.slug} />
            <Field name="name" label="Team name" type="text" required maxLength={100} autoComplete="off" className="flex-1" />
            <SubmitButton>Create team</SubmitButton>
          </form>
        </Card>
      ) : null}
    </div>
  )
}
