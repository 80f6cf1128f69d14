"use client"

import { useActionState } from "react"
import { NewPasswordField } from "@/components/new-password-field"
import { StatusMessage } from "@/components/status-message"
import { SubmitButton } from "@/components/submit-button"
import { TextField } from "@/components/text-field"
import { type InvitationState, signUpThroughInvitationAction } from "./actions"

/** Sign-up through the invitation: the address is the invited one, so only a name and a password are asked. */
export function InvitationSignUp({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState<InvitationState, FormData>(signUpThroughInvitationAction, {})
  const error = (field: InvitationState["field"]) => (state.field === field ? state.message : undefined)
  return (
    <form action={action} className="space-y-5">
      <input type="hidden" name="token" value={token} />
      {/* The invited address is fixed by the link: shown as text, not as a field that looks disabled. */}
      <input type="hidden" name="email" value={email} autoComplete="username" />
      <div className="space-y-1">
        <p className="text-sm font-medium">Email</p>
        <p className="font-medium break-all" data-testid="invitation-email">
          {email}
        </p>
        <p className="text-sm text-muted">The invitation is for this address; your account will use it.</p>
      </div>
      <TextField name="name" label="Display name" type="text" autoComplete="name" required maxLength={80} defaultValue={state.values?.name} error={error("name")} />
      <NewPasswordField label="Password" error={error("password")} />
      {state.message && !state.field ? <StatusMessage ok={false} text={state.message} testId="invitation-sign-up-message" /> : null}
      <SubmitButton pending={pending} label="Create account and join" pendingLabel="Creating account…" fullWidth />
    </form>
  )
}
