"use server"

/**
 * The teams pages' actions: plain form posts (they work without a
 * script), each ending on a page with the outcome as a flash message. The
 * organization is the one the form's slug names, resolved against the
 * caller's own memberships; the library checks the caller's permission
 * (organization owners and admins, or the team's lead) again.
 */
import { revalidatePath } from "next/cache"
import { redirect } from "next/navigation"
import { organizations } from "@/auth"
import { flash } from "@/server/flash"
import { formInput } from "@/server/form-input"
import { ORGANIZATION_ERROR_MESSAGES } from "@/server/organizations/error-messages"
import { refusalOf, runOrganizationAction, textField, type OrganizationActionState } from "@/server/organizations/organization-action"
import { isValidSlug } from "@/lib/auth/organizations/slug"

const TEAM_ROLES = new Set(["member", "lead"])

async function finish(ok: boolean, message: string, path: string): Promise<never> {
  await flash(message, ok ? "success" : "error")
  if (ok) revalidatePath(path)
  redirect(path)
}

function slugOf(form: FormData): string {
  const slug = textField(form, "organization", 48)
  return isValidSlug(slug) ? slug : ""
}

export async function createTeamAction(input: FormData): Promise<void> {
  const form = formInput(input)
  const slug = slugOf(form)
  const back = slug ? `/o/${slug}/teams` : "/orgs"
  let outcome: { ok: boolean; message: string; path: string }
  try {
    const { organization } = await organizations.bySlug(slug)
    const team = await organizations.createTeam(organization.id, { name: textField(form, "name", 200) })
    outcome = { ok: true, message: `Team ${team.name} created.`, path: `/o/${organization.slug}/teams/${team.id}` }
  } catch (error) {
    outcome = { ok: false, message: refusalOf(error).message ?? "The team could not be created.", path: back }
  }
  await finish(outcome.ok, outcome.message, outcome.path)
}

export async function addTeamMemberAction(input: FormData): Promise<void> {
  const form = formInput(input)
  const slug = slugOf(form)
  const teamId = textField(form, "teamId", 100)
  const back = slug ? `/o/${slug}/teams/${encodeURIComponent(teamId)}` : "/orgs"
  const role = textField(form, "role", 20)
  let outcome: { ok: boolean; message: string }
  try {
    const { organization } = await organizations.bySlug(slug)
    await organizations.addTeamMember(organization.id, teamId, { userId: textField(form, "userId", 100), roles: [TEAM_ROLES.has(role) ? role : "member"] })
    outcome = { ok: true, message: role === "lead" ? "Added to the team as its lead." : "Added to the team." }
  } catch (error) {
    outcome = { ok: false, message: refusalOf(error).message ?? "That person could not be added." }
  }
  await finish(outcome.ok, outcome.message, back)
}

export async function removeTeamMemberAction(input: FormData): Promise<void> {
  const form = formInput(input)
  const slug = slugOf(form)
  const teamId = textField(form, "teamId", 100)
  const back = slug ? `/o/${slug}/teams/${encodeURIComponent(teamId)}` : "/orgs"
  let outcome: { ok: boolean; message: string }
  try {
    const { organization } = await organizations.bySlug(slug)
    await organizations.removeTeamMember(organization.id, teamId, textField(form, "userId", 100))
    outcome = { ok: true, message: "Removed from the team. They stay a member of the organization." }
  } catch (error) {
    outcome = { ok: false, message: refusalOf(error).message ?? "That person could not be removed." }
  }
  await finish(outcome.ok, outcome.message, back)
}

/**
 * Renaming keeps the person on the team's page: the outcome comes back as
 * the form's state (in place, with what was typed kept after a refusal), and
 * without a script the page is rendered again with it.
 */
export async function renameTeamAction(_previous: OrganizationActionState, input: FormData): Promise<OrganizationActionState> {
  return runOrganizationAction(input, { team: ["update"] }, async ({ membership, form }) => {
    const typed = textField(form, "name", 200)
    try {
      const team = await organizations.renameTeam(membership.organization.id, textField(form, "teamId", 100), typed)
      const base = `/o/${membership.organization.slug}/teams`
      revalidatePath(base)
      revalidatePath(`${base}/${encodeURIComponent(team.id)}`)
      return { ok: true, message: `Saved. The team is now called ${team.name}.` }
    } catch (error) {
      return { ...refusalOf(error), typed }
    }
  })
}

/**
 * Deleting leaves a page that no longer exists: the outcome is a flash
 * message on the teams list. A refusal goes back where the question was
 * asked (the dialog's team page, or the confirm page without a script, which
 * shows it as text), or to the list when the team is already gone.
 */
export async function deleteTeamAction(input: FormData): Promise<void> {
  const form = formInput(input)
  const slug = slugOf(form)
  const teamId = textField(form, "teamId", 100)
  let deleted = ""
  const outcome = await runOrganizationAction(input, { team: ["delete"] }, async ({ membership }) => {
    const team = await organizations.team(membership.organization.id, teamId)
    await organizations.deleteTeam(membership.organization.id, team.id)
    deleted = team.name
    return { ok: true }
  })
  if (!slug) redirect("/orgs")
  const list = `/o/${slug}/teams`
  if (outcome.ok) return finish(true, `Team ${deleted} deleted. Its members stay in the organization.`, list)
  const message = outcome.message ?? "The team could not be deleted."
  await flash(message, "error")
  if (message === ORGANIZATION_ERROR_MESSAGES.team_not_found) redirect(list)
  const teamPage = `${list}/${encodeURIComponent(teamId)}`
  redirect(form.get("from") === "confirm-page" ? `${teamPage}/delete?failed=1` : teamPage)
}
