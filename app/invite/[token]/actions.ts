"use server"

/**
 * The invitation page's actions. The token comes from the form (it
 * is the page's own URL segment); it is the capability, checked by the library
 * on every call. Accepting joins as the signed-in user, whose verified address
 * must be the invited one; declining needs only the link (or, signed in, the
 * invited account); signing up through the link creates the account with the
 * invited address, which the link proves.
 */
import { revalidatePath } from "next/cache"
import { redirect } from "next/navigation"
import { flash } from "@/server/flash"
import { auth, organizations, rateLimit, signIn, signInPath, signOut } from "@/auth"
import { CredentialsSignin } from "@/lib/auth"
import { isDatabaseOutage } from "@/lib/auth/adapters/prisma"
import { getPrisma } from "@/lib/db/client"
import { checkSignUp, signUp } from "@/server/accounts/users"
import { formInput } from "@/server/form-input"
import { invitationOperations, invitationView } from "@/server/organizations/invitation-link"
import { memberErrorMessage, MEMBER_ERROR_MESSAGES } from "@/server/organizations/member-messages"

export interface InvitationState {
  ok?: boolean
  message?: string
  field?: "name" | "password"
  values?: { name: string }
}

const INVALID = MEMBER_ERROR_MESSAGES.invitation_invalid!

function tokenOf(form: FormData): string {
  const token = form.get("token")
  return typeof token === "string" ? token : ""
}

const orgPath = (slug: string) => `/o/${encodeURIComponent(slug)}`

export async function acceptInvitationAction(_previous: InvitationState, input: FormData): Promise<InvitationState> {
  const token = tokenOf(formInput(input))
  const view = await invitationView(getPrisma(), token)
  if (!view) return { ok: false, message: INVALID }
  try {
    await organizations.acceptInvitation(token)
  } catch (error) {
    return { ok: false, message: memberErrorMessage(error) }
  }
  await flash(`You joined ${view.organization.name}.`)
  // The header's switcher names the organization just joined on the page that follows.
  revalidatePath("/", "layout")
  redirect(orgPath(view.organization.slug))
}

export async function declineInvitationAction(_previous: InvitationState, input: FormData): Promise<InvitationState> {
  const token = tokenOf(formInput(input))
  const view = await invitationView(getPrisma(), token)
  if (!view) return { ok: false, message: INVALID }
  // Signed in as someone else: this invitation is not theirs to answer.
  const email = (await auth())?.user?.email
  if (email && email.toLowerCase() !== view.invitation.email.toLowerCase()) return { ok: false, message: MEMBER_ERROR_MESSAGES.invitation_wrong_address }
  try {
    await invitationOperations().declineInvitation(token)
  } catch (error) {
    return { ok: false, message: memberErrorMessage(error) }
  }
  return { ok: true, message: `You declined the invitation to ${view.organization.name}. The link no longer works.` }
}

const SIGN_UP_LIMITED = "Too many sign-ups right now. Try again in a few minutes."

/**
 * Sign-up through an invitation: the account gets the invited address (not
 * one typed here), is verified by the link once the invitation is claimed,
 * joins, and is signed in on the organization's page. Counted against the
 * sign-up limits as /signup is.
 */
export async function signUpThroughInvitationAction(_previous: InvitationState, input: FormData): Promise<InvitationState> {
  const form = formInput(input)
  const token = tokenOf(form)
  const name = String(form.get("name") ?? "")
  const password = String(form.get("password") ?? "")
  const values = { name }
  if ((await auth())?.user) return { ok: false, message: "You are signed in already: sign out to create another account.", values }
  const view = await invitationView(getPrisma(), token)
  if (!view) return { ok: false, message: INVALID, values }
  const checked = checkSignUp({ email: view.invitation.email, name, password })
  if (!checked.ok) return { ok: false, field: checked.field === "email" ? undefined : checked.field, message: checked.message, values }
  const verdict = await rateLimit.consumeAll([
    ["signup-client", await rateLimit.clientAddress()],
    ["signup-address", checked.input.email],
    ["signup-global", "all"],
  ])
  if (!verdict.allowed) return { ok: false, message: SIGN_UP_LIMITED, values }
  let created: Awaited<ReturnType<typeof signUp>>
  try {
    created = await signUp(getPrisma(), checked.input)
  } catch (error) {
    if (isDatabaseOutage(error)) return { ok: false, message: "Signing up is temporarily unavailable. Try again in a moment.", values }
    throw error
  }
  if (!created.ok) {
    const taken = created.field === "email"
    return { ok: false, field: created.field === "email" ? undefined : created.field, message: taken ? "An account with this email address exists already: sign in to accept the invitation." : created.message, values }
  }
  let joined = true
  try {
    await invitationOperations().acceptInvitationAtSignUp({ userId: created.user.id }, token)
  } catch (error) {
    // The link died between the check and the claim: the account exists, unverified, and joins nothing.
    memberErrorMessage(error)
    joined = false
  }
  const redirectTo = joined ? orgPath(view.organization.slug) : "/dashboard"
  if (joined) await flash(`Welcome to ${view.organization.name}.`)
  try {
    await signIn("credentials", { email: created.user.email, password, redirectTo })
  } catch (error) {
    if (!(error instanceof CredentialsSignin)) throw error
  }
  // The sign-in itself was refused (e.g. rate limited): the account exists, the sign-in page says why.
  redirect(signInPath(redirectTo))
}

/** Signed in as another account than the invited one: ends that session and comes back to the same link. */
export async function signOutAndContinueAction(input: FormData): Promise<void> {
  const token = tokenOf(formInput(input))
  // Only an invitation path: the field is the page's own token, never a destination.
  const back = `/invite/${encodeURIComponent(token.slice(0, 200))}`
  await signOut({ redirectTo: back })
}
