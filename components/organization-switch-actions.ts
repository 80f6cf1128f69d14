"use server"

import { revalidatePath } from "next/cache"
import { redirect } from "next/navigation"
import { organizations } from "@/auth"
import { formInput } from "@/server/form-input"
import { refusalOf } from "@/server/organizations/organization-action"
import { SWITCH_FAILED_PATH } from "@/server/organizations/notice-paths"

/**
 * The organization switcher's item: makes the organization the
 * form names by its slug the session's active one and opens its home. The
 * slug is resolved against the caller's own memberships first (setActive
 * checks again), so a crafted slug or id of someone else's organization
 * changes nothing and ends on the user's organizations page.
 */
export async function switchOrganizationAction(input: FormData): Promise<void> {
  const slug = formInput(input).get("organization")
  let target: string | null = null
  try {
    const { organization } = await organizations.bySlug(typeof slug === "string" ? slug : "")
    await organizations.setActive(organization.id)
    target = organization.slug
  } catch (error) {
    // Not a member (or no such organization), signed out, an outage: nothing was switched.
    refusalOf(error)
  }
  // The header's switcher names the new current organization on every page.
  if (target) revalidatePath("/", "layout")
  redirect(target ? `/o/${target}` : SWITCH_FAILED_PATH)
}
