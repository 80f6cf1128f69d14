"use server"

import { revalidatePath } from "next/cache"
import { redirect } from "next/navigation"
import { flash } from "@/server/flash"
import { organizations } from "@/auth"
import { OrganizationError, type OrganizationErrorCode } from "@/lib/auth"
import { isValidSlug, slugFromName } from "@/lib/auth/organizations/slug"
import { formInput } from "@/server/form-input"
import { ORGANIZATION_ERROR_MESSAGES, organizationErrorMessage } from "@/server/organizations/error-messages"
import { answeringRefusals, textField, type OrganizationActionState } from "@/server/organizations/organization-action"

export interface CreateOrganizationState extends OrganizationActionState {
  /** Which field the message is about, so it shows under that field. */
  field?: "name" | "slug"
  name?: string
  slug?: string
}

/** The refusals that are about one field of the form. */
const FIELD_OF: Partial<Record<OrganizationErrorCode, "name" | "slug">> = { invalid_organization_name: "name", invalid_slug: "slug", slug_taken: "slug" }

/**
 * /orgs/new: creates the organization with the caller as its owner (the
 * library makes it the session's active organization) and opens its home.
 * An empty Slug takes the one suggested from the name, so the form works
 * without the page's script that fills it in.
 */
export async function createOrganizationAction(_previous: CreateOrganizationState, input: FormData): Promise<CreateOrganizationState> {
  const form = formInput(input)
  const name = textField(form, "name", 200)
  const typedSlug = textField(form, "slug", 200).trim()
  const slug = typedSlug === "" ? slugFromName(name) : typedSlug.toLowerCase()
  const echo = { name, slug: typedSlug }
  if (name.trim() === "") return { ok: false, field: "name", message: ORGANIZATION_ERROR_MESSAGES.invalid_organization_name, ...echo }
  if (!isValidSlug(slug)) return { ok: false, field: "slug", message: ORGANIZATION_ERROR_MESSAGES.invalid_slug, ...echo }
  const outcome: CreateOrganizationState & { created?: string } = await answeringRefusals(async (): Promise<CreateOrganizationState & { created?: string }> => {
    try {
      return { ok: true, created: (await organizations.create({ name, slug })).organization.slug }
    } catch (error) {
      const field = error instanceof OrganizationError ? FIELD_OF[error.code] : undefined
      if (error instanceof OrganizationError && field) return { ok: false, field, message: organizationErrorMessage(error.code) }
      throw error
    }
  })
  // Outside answeringRefusals: redirect() works by throwing.
  if (outcome.ok && outcome.created) {
    // The header's switcher appears or gains the new organization on every page.
    revalidatePath("/", "layout")
    await flash(`Organization ${name.trim()} created.`)
    redirect(`/o/${outcome.created}`)
  }
  return { ok: false, message: outcome.message, field: outcome.field, ...echo }
}
