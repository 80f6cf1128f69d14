"use server"

/**
 * An organization's settings: rename, change the slug, delete.
 * Each runs in runOrganizationAction (server/organizations/organization-action.ts):
 * the organization comes from the slug of the page's URL resolved against
 * the caller's own memberships, never from an id in the form, and the
 * caller's roles must grant the permission; the library checks both again.
 * Deleting also asks for a recent proof of identity (step-up) and the slug
 * typed out, and is the owners' alone.
 */
import { revalidatePath } from "next/cache"
import { redirect } from "next/navigation"
import { flash } from "@/server/flash"
import { organizations, requireRecentAuthentication } from "@/auth"
import { isValidSlug, OWNER_ROLE } from "@/lib/auth"
import { ORGANIZATION_ERROR_MESSAGES } from "@/server/organizations/error-messages"
import { refusalOf, refused, runOrganizationAction, textField, type OrganizationActionState } from "@/server/organizations/organization-action"
import { DELETED_NOTICE_PATH, SLUG_CHANGED_QUERY } from "@/server/organizations/notice-paths"

export async function renameOrganizationAction(_previous: OrganizationActionState, input: FormData): Promise<OrganizationActionState> {
  return runOrganizationAction(input, { organization: ["update"] }, async ({ membership, form }) => {
    const name = textField(form, "name", 200)
    const updated = await organizations.update(membership.organization.id, { name })
    // Every page shows the name (the header's switcher): none may keep the old one from the router cache.
    revalidatePath("/", "layout")
    return { ok: true, message: `Saved. The organization is now called ${updated.name}.` }
  })
}

/** A new slug moves every page of the organization: the browser follows to the settings page's new address. */
export async function changeSlugAction(_previous: OrganizationActionState, input: FormData): Promise<OrganizationActionState> {
  let moved: string | undefined
  const outcome = await runOrganizationAction(input, { organization: ["update"] }, async ({ membership, form }) => {
    const typed = textField(form, "slug", 200)
    const slug = typed.trim().toLowerCase()
    if (!isValidSlug(slug)) return refused(ORGANIZATION_ERROR_MESSAGES.invalid_slug, typed)
    if (slug === membership.organization.slug) return { ok: true, message: "That is already the organization's slug." }
    try {
      moved = (await organizations.update(membership.organization.id, { slug })).slug
    } catch (error) {
      // A taken slug and the like: the sentence, with what was typed kept in the field.
      return { ...refusalOf(error), typed }
    }
    return { ok: true }
  })
  // Outside the frame: redirect() works by throwing. The header's links name the old slug until refreshed.
  if (outcome.ok && moved) revalidatePath("/", "layout")
  if (outcome.ok && moved) {
    await flash("Settings saved: the organization has a new address.")
    redirect(`/o/${moved}/settings?${SLUG_CHANGED_QUERY}`)
  }
  return outcome
}

export async function deleteOrganizationAction(_previous: OrganizationActionState, input: FormData): Promise<OrganizationActionState> {
  let deleted = false
  const outcome = await runOrganizationAction(input, { organization: ["delete"] }, async ({ membership, form }) => {
    const { organization, member } = membership
    if (!member.roles.includes(OWNER_ROLE)) return refused("Only an owner can delete the organization.")
    // A stale proof goes to "Confirm it's you" and back to these settings, before anything is read from the form.
    await requireRecentAuthentication({ callbackUrl: `/o/${organization.slug}/settings` })
    const typed = textField(form, "confirmation", 200)
    if (typed.trim() !== organization.slug) return refused(`That is not the organization's slug. Type ${organization.slug} exactly to delete it.`, typed)
    await organizations.delete(organization.id)
    deleted = true
    return { ok: true }
  })
  if (outcome.ok && deleted) revalidatePath("/", "layout")
  if (outcome.ok && deleted) {
    await flash("Organization deleted.")
    redirect(DELETED_NOTICE_PATH)
  }
  return outcome
}
