import type { Metadata } from "next"
import { cookies } from "next/headers"
import { notFound } from "next/navigation"
import { organizations } from "@/auth"
import { Alert, Button, ButtonLink, Card } from "@/components/ui"
import { OrganizationError } from "@/lib/auth"
import { FLASH_COOKIE, decodeFlash } from "@/server/flash-cookie"
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
  // The refusal the action left (server/flash.ts); the toaster would show it too, but only with JavaScript.
  const refusal = (await searchParams).failed === "1" ? decodeFlash((await cookies()).get(FLASH_COOKIE)?.value) : null
  return (
    <div className="mx-auto w-full max-w-lg">
      <Card
        title={`Delete ${team.name}?`}
        headingLevel={2}
        tone="danger"
        description="The team and its list of members go for good. Nobody loses access to the organization. This cannot be undone."
      >
        <form action={deleteTeamAction} className="space-y-4" data-testid="team-delete-confirm">
          <input type="hidden" name="organization" value={page.organization.slug} />
          <input type="hidden" name="teamId" value={team.id} />
          <input type="hidden" name="from" value="confirm-page" />
          {refusal?.kind === "error" ? <Alert tone="error">{refusal.message}</Alert> : null}
          <div className="flex flex-wrap justify-end gap-3">
            <ButtonLink kind="secondary" href={teamPage}>
              Cancel
            </ButtonLink>
            <Button type="submit" kind="danger">
              Yes, delete team
            </Button>
          </div>
        </form>
      </Card>
    </div>
  )
}
