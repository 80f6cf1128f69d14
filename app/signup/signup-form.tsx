"use client"

import { useActionState } from "react"
import { SubmitButton } from "@/components/submit-button"
import { NewPasswordField } from "@/components/new-password-field"
import { TextField } from "@/components/text-field"
import { type SignUpState, signUpAction } from "./actions"
import { PasskeySignUp } from "./passkey-sign-up"

export function SignUpForm() {
  const [state, action, pending] = useActionState<SignUpState, FormData>(signUpAction, {})
  const error = (field: SignUpState["field"]) => (state.field === field ? state.message : undefined)
  return (
    <form action={action} className="space-y-5">
      <TextField
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        defaultValue={state.values?.email}
        error={error("email")}
      />
      <TextField
        name="name"
        label="Display name"
        type="text"
        autoComplete="name"
        required
        maxLength={80}
        defaultValue={state.values?.name}
        error={error("name")}
      />
      <NewPasswordField label="Password" error={error("password")} showToggle />
      <SubmitButton pending={pending} label="Create account" pendingLabel="Creating account…" fullWidth />
      <PasskeySignUp />
    </form>
  )
}
