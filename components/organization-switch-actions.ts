"use server"

import { revalidatePath } from "next/cache"
import { redirect } from "next/navigation"
import { organizations } from "@/auth"
import { formInput } from "@/server/form-input"
import { refusalOf } from "@/server/organizations/organization-action"
import { SWITCH_FAILED_PATH } from "@/server/organizations/notice-paths"
import { rolesInWords } from "@/server/organizations/roles-display"

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

export interface SwitcherListEntry {
  name: string
  slug: string
  role: string
}

/**
 * The switcher's list, read when the menu opens rather than on every page:
 * the user's organizations by name, oldest membership first. Signed out or
 * an outage: an empty answer with `failed`, which the menu says in words.
 */
export async function organizationListAction(): Promise<{ organizations: SwitcherListEntry[]; failed?: boolean }> {
  try {
    const list = await organizations.list()
    return { organizations: list.map(({ organization, roles }) => ({ name: organization.name, slug: organization.slug, role: rolesInWords(roles) })) }
  } catch (error) {
    console.error("[organizations] the switcher's list could not be read:", error instanceof Error ? error.message : error)
    return { organizations: [], failed: true }
  }
}

/**
 * Opening an organization's page makes it the session's active one (the
 * page calls this once it is shown, when the session names another): a
 * server component cannot set the jwt strategy's cookie, an action can. The
 * slug is resolved against the caller's own memberships; anything else
 * changes nothing.
 */
export async function activateOrganizationAction(slug: string): Promise<boolean> {
  try {
    const { organization } = await organizations.bySlug(slug)
    await organizations.setActive(organization.id)
    return true
  } catch (error) {
    console.error("[organizations] the page's organization could not be made active:", error instanceof Error ? error.message : error)
    return false
  }
}
