/**
 * The frame of every organization server action of the starter's pages.
 * An action is an endpoint anyone can POST to, so it trusts
 * nothing the page checked and takes no organization id from the form: the
 * form names the organization by the slug of the page's URL, which is
 * resolved here against the caller's own memberships (a non-member, an
 * unknown and a malformed slug are the same refusal), and the caller's roles
 * there must grant the permission. The library's operation then checks
 * membership and permission again against the database. Whatever goes wrong
 * is a sentence for the form, never a 500.
 */
import { unstable_rethrow } from "next/navigation"
import { organizations } from "@/auth"
import { defaultOrganizationAccess, type Membership, type OrganizationResources, type PermissionRequest } from "@/lib/auth"
import { isDatabaseOutage } from "@/lib/auth/adapters/prisma"
import { formInput } from "@/server/form-input"
import { whileDatabaseAnswers } from "@/server/session-state"
import { ORGANIZATION_ERROR_MESSAGES, ORGANIZATION_REFUSALS, refusalMessage } from "./error-messages"

export interface OrganizationActionState {
  ok?: boolean
  message?: string
  /** What was typed, given back after a refusal so the field keeps it. */
  typed?: string
}

/** The hidden field naming the page's organization: its slug, as in the URL. */
export const ORGANIZATION_FIELD = "organization"

export function refused(message: string, typed?: string): OrganizationActionState {
  return typed === undefined ? { ok: false, message } : { ok: false, message, typed }
}

/** A form field as a string of at most `max` characters (longer ones are cut: the validation that follows refuses them anyway). */
export function textField(form: FormData, name: string, max = 200): string {
  const value = form.get(name)
  return typeof value === "string" ? value.slice(0, max) : ""
}

/** The answer for an error an organization operation threw; Next's redirect and not-found signals and an outage are thrown on. */
export function refusalOf(error: unknown): OrganizationActionState {
  unstable_rethrow(error)
  if (isDatabaseOutage(error)) throw error
  const message = refusalMessage(error)
  if (message) return refused(message)
  console.error("[organizations] an organization action failed:", error instanceof Error ? error.message : error)
  return refused(ORGANIZATION_REFUSALS.failed)
}

/** Runs `run`, turning the library's refusals into sentences (refusalOf) and an outage into whileDatabaseAnswers' message. */
export async function answeringRefusals<S extends OrganizationActionState>(run: () => Promise<S>): Promise<S | OrganizationActionState> {
  return whileDatabaseAnswers(async () => {
    try {
      return await run()
    } catch (error) {
      return refusalOf(error)
    }
  })
}

export interface OrganizationActionContext {
  /** The caller's membership of the organization the form's slug names. */
  membership: Membership
  form: FormData
}

/** Runs `run` for the organization the form names once the caller is a member whose roles grant `permission`. */
export async function runOrganizationAction(
  input: unknown,
  permission: PermissionRequest<OrganizationResources>,
  run: (context: OrganizationActionContext) => Promise<OrganizationActionState>,
): Promise<OrganizationActionState> {
  const form = formInput(input)
  const slug = form.get(ORGANIZATION_FIELD)
  if (typeof slug !== "string") return refused(ORGANIZATION_ERROR_MESSAGES.organization_not_found)
  return answeringRefusals(async () => {
    const membership = await organizations.bySlug(slug)
    if (!defaultOrganizationAccess.rolesGrant(membership.member.roles, permission)) return refused(ORGANIZATION_REFUSALS.forbidden)
    return run({ membership, form })
  })
}
