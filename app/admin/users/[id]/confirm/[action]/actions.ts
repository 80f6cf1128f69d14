"use server"

/**
 * The confirm pages' form, for a browser without JavaScript: the same action
 * as the user page's dialog, then back to the user's page with the outcome as
 * a flash, or to the confirm page with the refusal. A module of its own: it
 * takes the form alone and ends in a redirect, unlike the dialog actions.
 */
import { redirect } from "next/navigation"
import { ADMIN_REFUSALS } from "@/server/admin/admin-action"
import { isUserId } from "@/server/admin/user-id"
import { flash } from "@/server/flash"
import { confirmHref, isActionId } from "../../action-catalog"
import { ADMIN_ACTIONS } from "../../action-by-id"

export async function confirmedAdminAction(input: unknown): Promise<void> {
  if (!(input instanceof FormData)) redirect("/admin")
  const id = input.get("action")
  const userId = input.get("userId")
  if (!isActionId(id) || !isUserId(userId)) redirect("/admin")
  const outcome = await ADMIN_ACTIONS[id]({}, input)
  await flash(outcome.message ?? (outcome.ok ? "Done." : ADMIN_REFUSALS.failed), outcome.ok ? "success" : "error")
  redirect(outcome.ok ? `/admin/users/${userId}` : `${confirmHref(userId, id)}?failed=1`)
}
