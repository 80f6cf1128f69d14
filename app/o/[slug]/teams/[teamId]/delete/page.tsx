import type { Metadata } from "next"
import { notFound } from "next/navigation"
import { organizations } from "@/auth"
import { NoScriptConfirmPage } from "@/components/no-script-confirm-page"
import { OrganizationError } from "@/lib/auth"
import { organizationPage } from "@/server/organizations/organization-page"
import { deleteTeamAction } from "../../actions"

export const metadata: Metadata = { title: "Delete team" }

/**
 * /o/[slug]/teams/[teamId]/delete: the question the team page's dialog asks,
 * as a page of its own, for a browser without JavaScript (the "Delete team"
 * button is a link here until the page's script runs). Its plain form posts
 * to the same server action; a refusal comes back here with its reason.
 * Those whose role does not allow deleting teams get a 404, as for a team
 * that does not exist.
 */
export default async function DeleteTeamPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string; teamId: string }>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const { slug, teamId } = await params
  const page = await organizationPage(slug, `/o/${slug}/teams/${encodeURIComponent(teamId)}/delete`)
  if (!page.can({ team: ["delete"] })) notFound()
  let team: Awaited<ReturnType<typeof organizations.team>>
  try {
    team = await organizations.team(page.organization.id, teamId)
  } catch (error) {
    if (error instanceof OrganizationError) notFound()
    throw error
  }
  const teamPage = `/o/${page.organization.slug}/teams/${encodeURIComponent(team.id)}`
  return (
    <NoScriptConfirmPage
      title={`Delete ${team.name}?`}
      headingLevel={2}
      description="The team and its list of members go for good. Nobody loses access to the organization. This cannot be undone."
      danger
      action={deleteTeamAction}
      formTestId="team-delete-confirm"
      hiddenFields={{ organization: page.organization.slug, teamId: team.id, from: "confirm-page" }}
      failed={(await searchParams).failed === "1"}
      cancelHref={teamPage}
      confirmLabel="Yes, delete team"
    />
  )
}
