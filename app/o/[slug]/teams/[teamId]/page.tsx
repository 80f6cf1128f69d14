import type { Metadata } from "next"
import { notFound } from "next/navigation"
import { organizations } from "@/auth"
import { RelativeTime } from "@/components/relative-time"
import { Card, cx, inputClass, SubmitButton, TextLink } from "@/components/ui"
import { OrganizationError } from "@/lib/auth"
import { memberPeople } from "@/server/organizations/member-directory"
import { organizationPage } from "@/server/organizations/organization-page"
import { PersonAvatar } from "../../members/person-avatar"
import { addTeamMemberAction, removeTeamMemberAction } from "../actions"
import { DeleteTeam, RenameTeamForm } from "./team-settings"

export const metadata: Metadata = { title: "Team" }

const LEAD = "lead"

/**
 * A team's page: its lead(s) and members, for any member of the
 * organization. Its lead and the organization's owners and admins add and
 * remove members (the library decides; the forms appear only for them).
 * Plain forms: they work without a script. Renaming and deleting the team
 * itself are the organization's (owners and admins by default), not the
 * lead's; the others see the team read-only.
 */
export default async function TeamPage({ params }: { params: Promise<{ slug: string; teamId: string }> }) {
  const { slug, teamId } = await params
  const page = await organizationPage(slug, `/o/${slug}/teams/${encodeURIComponent(teamId)}`)
  const { organization, member: me } = page
  let team: Awaited<ReturnType<typeof organizations.team>>
  try {
    team = await organizations.team(organization.id, teamId)
  } catch (error) {
    if (error instanceof OrganizationError) notFound()
    throw error
  }
  const [teamMembers, members] = await Promise.all([organizations.teamMembers(organization.id, team.id), organizations.members(organization.id)])
  const people = await memberPeople(members.map((m) => m.userId))
  const nameOf = (userId: string) => {
    const person = people.get(userId)
    return person?.name || person?.email || "Unknown user"
  }
  const mine = teamMembers.find((m) => m.userId === me.userId)
  const mayRename = page.can({ team: ["update"] })
  const mayDelete = page.can({ team: ["delete"] })
  const manages = mayRename || Boolean(mine?.roles.includes(LEAD))
  const leads = teamMembers.filter((m) => m.roles.includes(LEAD))
  const inTeam = new Set(teamMembers.map((m) => m.userId))
  const candidates = members.filter((m) => !inTeam.has(m.userId))
  const renderedAt = new Date().toISOString()
  const hidden = (
    <>
      <input type="hidden" name="organization" value={organization.slug} />
      <input type="hidden" name="teamId" value={team.id} />
    </>
  )
  return (
    <div className="space-y-6">
      <p className="text-sm">
        <TextLink href={`/o/${organization.slug}/teams`}>All teams</TextLink>
      </p>
      <Card as="section" id="team" title={team.name} data-testid="team-page">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted">{leads.length > 1 ? "Leads" : "Lead"}</dt>
          <dd className="font-medium" data-testid="team-lead">
            {leads.length === 0 ? "No lead yet" : leads.map((lead) => nameOf(lead.userId)).join(", ")}
          </dd>
          <dt className="text-muted">Members</dt>
          <dd className="font-medium">{teamMembers.length === 1 ? "1 member" : `${teamMembers.length} members`}</dd>
          <dt className="text-muted">Created</dt>
          <dd>
            <RelativeTime dateTime={team.createdAt.toISOString()} renderedAt={renderedAt} />
          </dd>
        </dl>
      </Card>
      <Card as="section" id="team-members" title="Team members">
        {teamMembers.length === 0 ? (
          <p className="text-sm text-muted">Nobody is in this team yet.</p>
        ) : (
          <ul className="divide-y divide-border" data-testid="team-member-list">
            {teamMembers.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0" data-testid="team-member">
                <span className="flex min-w-0 items-center gap-3">
                  <PersonAvatar name={nameOf(m.userId)} />
                  <span className="min-w-0">
                    <span className="block truncate font-medium">
                      {nameOf(m.userId)}
                      {m.userId === me.userId ? <span className="font-normal text-muted"> (you)</span> : null}
                    </span>
                    <span className="block text-sm text-muted">{m.roles.includes(LEAD) ? "Lead" : "Member"}</span>
                  </span>
                </span>
                {manages ? (
                  <form action={removeTeamMemberAction}>
                    {hidden}
                    <input type="hidden" name="userId" value={m.userId} />
                    <SubmitButton kind="secondary" size="sm" aria-label={`Remove ${nameOf(m.userId)} from the team`}>
                      Remove
                    </SubmitButton>
                  </form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {manages ? (
        <Card as="section" id="add-team-member" title="Add to team" description="Anyone in the organization can be added; a lead manages the team's members.">
          {candidates.length === 0 ? (
            <p className="text-sm text-muted">Every member of the organization is in this team.</p>
          ) : (
            <form action={addTeamMemberAction} className="flex flex-col gap-3 sm:flex-row sm:items-end">
              {hidden}
              <div className="flex-1 space-y-1.5">
                <label htmlFor="team-add-user" className="block text-sm font-medium">
                  Member
                </label>
                <select id="team-add-user" name="userId" className={inputClass} required>
                  {candidates.map((m) => (
                    <option key={m.userId} value={m.userId}>
                      {nameOf(m.userId)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="space-y-1.5">
                <label htmlFor="team-add-role" className="block text-sm font-medium">
                  Team role
                </label>
                <select id="team-add-role" name="role" className={cx(inputClass, "sm:w-36")} defaultValue="member">
                  <option value="member">Member</option>
                  <option value="lead">Lead</option>
                </select>
              </div>
              <SubmitButton>Add to team</SubmitButton>
            </form>
          )}
        </Card>
      ) : null}
      {mayRename ? <RenameTeamForm slug={organization.slug} teamId={team.id} name={team.name} /> : null}
      {mayDelete ? <DeleteTeam slug={organization.slug} teamId={team.id} name={team.name} /> : null}
    </div>
  )
}
