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
import { refusalOf, textField } from "@/server/organizations/organization-action"
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
