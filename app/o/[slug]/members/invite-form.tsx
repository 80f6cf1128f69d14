"use client"

import { useActionState } from "react"
import { StatusMessage } from "@/components/status-message"
import { SubmitButton } from "@/components/submit-button"
import { TextField } from "@/components/text-field"
import { inviteMemberAction, type MemberActionState } from "./actions"
import { RoleSelect, type RoleChoice } from "./role-select"

/** "Invite member": an address and a role; the link goes to that address by mail. */
export function InviteForm({ slug, roles }: { slug: string; roles: RoleChoice[] }) {
  const [state, action, pending] = useActionState<MemberActionState, FormData>(inviteMemberAction, {})
  return (
    // key: a sent invitation empties the form; a refused one keeps what was typed.
    <form action={action} className="space-y-4" key={state.ok ? state.message : "draft"}>
      <input type="hidden" name="slug" value={slug} />
      <TextField name="email" id="invite-email" label="Email address" type="email" required maxLength={320} autoComplete="off" />
      <RoleSelect id="invite-role" roles={roles} defaultValue="member" />
      <StatusMessage ok={state.ok} text={state.message} testId="invite-message" />
      <SubmitButton pending={pending} label="Send invitation" pendingLabel="Sending invitation…" />
    </form>
  )
}
