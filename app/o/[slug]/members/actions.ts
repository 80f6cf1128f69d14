"use server"

/**
 * The members page's actions. Every one names the organization by
 * the slug the page was opened with and resolves it as the current user
 * (organizations.bySlug): another tenant's slug is "not found", and a member
 * or invitation id from the form is only ever looked up inside that
 * organization, where the library checks the caller's role again.
 */
import { revalidatePath } from "next/cache"
import { redirect } from "next/navigation"
import { organizations, requireRecentAuthentication } from "@/auth"
import { mailLinkOrigin, type Membership } from "@/lib/auth"
import { getPrisma } from "@/lib/db/client"
import { formInput } from "@/server/form-input"
import { memberErrorMessage } from "@/server/organizations/member-messages"
import { sendInvitationMail } from "@/server/organizations/member-notices"
import { flash } from "@/server/flash"
import { whileDatabaseAnswers } from "@/server/session-state"

export interface MemberActionState {
  ok?: boolean
  message?: string
}

const MAX_FIELD = 320

/** A required text field, or null when missing, empty, too long or not text. */
function field(form: FormData, name: string): string | null {
  const value = form.get(name)
  if (typeof value !== "string") return null
  const trimmed = value.trim()
  return trimmed === "" || trimmed.length > MAX_FIELD ? null : trimmed
}

class Refusal extends Error {}

/** The caller's membership of the organization the form's slug names. */
async function organizationOf(form: FormData): Promise<Membership> {
  const slug = field(form, "slug")
  if (!slug) throw new Refusal("That organization was not found.")
  return organizations.bySlug(slug)
}

/** Runs an action: refusals become its message, a changed list is re-read. */
async function run(form: FormData, act: (membership: Membership) => Promise<MemberActionState>): Promise<MemberActionState> {
  return whileDatabaseAnswers(async () => {
    try {
      const membership = await organizationOf(form)
      const state = await act(membership)
      if (state.ok) revalidatePath(`/o/${membership.organization.slug}/members`)
      return state
    } catch (error) {
      if (error instanceof Refusal) return { ok: false, message: error.message }
      return { ok: false, message: memberErrorMessage(error) }
    }
  })
}

/** The invitation's link goes out by mail; if it cannot, the invitation is withdrawn so no link exists that nobody got. */
async function mailOrWithdraw(organizationId: string, created: Awaited<ReturnType<typeof organizations.invite>>): Promise<boolean> {
  try {
    await sendInvitationMail(getPrisma(), { invitation: created.invitation, token: created.token, origin: mailLinkOrigin(process.env) })
    return true
  } catch (error) {
    console.error("[invitation] the mail could not be sent:", error instanceof Error ? error.message : error)
    await organizations.cancelInvitation(organizationId, created.invitation.id).catch(() => {})
    return false
  }
}

const MAIL_FAILED = "The invitation mail could not be sent, so the invitation was withdrawn. Check the address and try again later."

export async function inviteMemberAction(_previous: MemberActionState, input: FormData): Promise<MemberActionState> {
  const form = formInput(input)
  return run(form, async ({ organization }) => {
    const email = field(form, "email")
    const role = field(form, "role")
    if (!email) return { ok: false, message: "Enter the email address to invite." }
    if (!role) return { ok: false, message: "Choose a role." }
    const created = await organizations.invite(organization.id, { email, roles: [role] })
    if (!(await mailOrWithdraw(organization.id, created))) return { ok: false, message: MAIL_FAILED }
    return { ok: true, message: `Invitation sent to ${created.invitation.email}.` }
  })
}

/** A new link for a pending invitation, mailed again; the earlier link stops working (re-inviting voids it). */
export async function resendInvitationAction(_previous: MemberActionState, input: FormData): Promise<MemberActionState> {
  const form = formInput(input)
  return run(form, async ({ organization }) => {
    const id = field(form, "invitationId")
    const pending = id ? (await organizations.invitations(organization.id)).find((invitation) => invitation.id === id) : undefined
    if (!pending) return { ok: false, message: "That invitation is no longer pending." }
    const created = await organizations.invite(organization.id, { email: pending.email, roles: pending.roles })
    if (!(await mailOrWithdraw(organization.id, created))) return { ok: false, message: MAIL_FAILED }
    return { ok: true, message: `A new invitation link was sent to ${pending.email}. The earlier link no longer works.` }
  })
}

export async function cancelInvitationAction(_previous: MemberActionState, input: FormData): Promise<MemberActionState> {
  const form = formInput(input)
  return run(form, async ({ organization }) => {
    const id = field(form, "invitationId")
    if (!id) return { ok: false, message: "That invitation is no longer pending." }
    await organizations.cancelInvitation(organization.id, id)
    return { ok: true, message: "Invitation cancelled. Its link no longer works." }
  })
}

export async function changeRoleAction(_previous: MemberActionState, input: FormData): Promise<MemberActionState> {
  const form = formInput(input)
  return run(form, async ({ organization }) => {
    const userId = field(form, "userId")
    const role = field(form, "role")
    if (!userId) return { ok: false, message: "That person is not a member of this organization." }
    if (!role) return { ok: false, message: "Choose a role." }
    await organizations.changeRoles(organization.id, userId, [role])
    return { ok: true, message: "Role changed." }
  })
}

export async function removeMemberAction(_previous: MemberActionState, input: FormData): Promise<MemberActionState> {
  const form = formInput(input)
  return run(form, async ({ organization }) => {
    const userId = field(form, "userId")
    if (!userId) return { ok: false, message: "That person is not a member of this organization." }
    await organizations.removeMember(organization.id, userId)
    return { ok: true, message: "Member removed. They no longer have access." }
  })
}

/** Handing the organization over is not undone by the one who did it: it asks for a recent proof of identity. */
export async function transferOwnershipAction(_previous: MemberActionState, input: FormData): Promise<MemberActionState> {
  const form = formInput(input)
  return run(form, async ({ organization }) => {
    const userId = field(form, "userId")
    if (!userId) return { ok: false, message: "That person is not a member of this organization." }
    await requireRecentAuthentication({ callbackUrl: `/o/${organization.slug}/members` })
    await organizations.transferOwnership(organization.id, userId)
    return { ok: true, message: "Ownership transferred. You are now an admin of this organization." }
  })
}

export async function leaveOrganizationAction(_previous: MemberActionState, input: FormData): Promise<MemberActionState> {
  const form = formInput(input)
  const state = await run(form, async ({ organization }) => {
    await organizations.leave(organization.id)
    return { ok: true, message: `You left ${organization.name}.` }
  })
  // Outside run(): the redirect is Next's thrown signal, and the page just left is now a 404.
  if (state.ok) {
    await flash(state.message ?? "You left the organization.")
    redirect("/dashboard")
  }
  return state
}

/** What a members-page form asks for: its hidden "intent" field. */
const INTENTS = {
  invite: inviteMemberAction,
  resend: resendInvitationAction,
  cancel: cancelInvitationAction,
  "change-role": changeRoleAction,
  remove: removeMemberAction,
  transfer: transferOwnershipAction,
  leave: leaveOrganizationAction,
} as const satisfies Record<string, (previous: MemberActionState, input: FormData) => Promise<MemberActionState>>

function isIntent(value: unknown): value is keyof typeof INTENTS {
  return typeof value === "string" && Object.hasOwn(INTENTS, value)
}

/** The page's forms with a script: the action the form's intent names, its outcome for the page to show. */
export async function memberIntentAction(input: FormData): Promise<MemberActionState> {
  const form = formInput(input)
  const intent = form.get("intent")
  if (!isIntent(intent)) return { ok: false, message: "That action is not known." }
  return INTENTS[intent]({}, form)
}

/**
 * The same forms without a script: the browser posts here, the outcome
 * is carried to the members page as a flash message, and the page shows
 * the list as it now is.
 */
export async function memberFormAction(input: FormData): Promise<void> {
  const form = formInput(input)
  const result = await memberIntentAction(input)
  if (result.message) await flash(result.message, result.ok ? "success" : "error")
  const slug = field(form, "slug")
  redirect(slug && /^[a-z0-9-]{1,48}$/.test(slug) ? `/o/${slug}/members` : "/orgs")
}
