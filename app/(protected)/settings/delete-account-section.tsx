"use client"

import { useActionState } from "react"
import { StatusMessage } from "@/components/status-message"
import { TextField } from "@/components/text-field"
import { Button, Card } from "@/components/ui"
import { deleteAccountAction, type DeleteAccountState } from "./delete-account-actions"

/**
 * Settings › Danger zone › Delete account: what goes, and a typed
 * confirmation (the account's address, or DELETE when it has none) so that a
 * stray click or a borrowed, unlocked browser cannot delete it by accident.
 * The label stays the same either way; the hint says what to type. A wrong
 * entry stays in the field, with the error under it.
 */
export function DeleteAccountSection({ email }: { email: string | null }) {
  const [state, action, pending] = useActionState<DeleteAccountState, FormData>(deleteAccountAction, {})
  const hint = email ? `Type ${email} to confirm.` : "Your account has no email address: type DELETE instead."
  return (
    <Card
      as="section"
      id="delete-account"
      headingLevel={3}
      tone="danger"
      title="Delete account"
      description="Deletes your account for good: your profile, password, passkeys, linked accounts, two-factor settings and every session. You are signed out everywhere, and an email confirms it. Signing in again later creates a new, empty account. This cannot be undone."
    >
      <form action={action} className="space-y-4">
        <TextField
          name="confirmation"
          label="Type your email to confirm"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          hint={hint}
          defaultValue={state.ok === false ? state.typed : undefined}
          error={state.ok === false ? state.message : undefined}
        />
        {state.ok === false ? null : <StatusMessage ok={state.ok} text={state.message} testId="delete-account-message" />}
        <Button type="submit" kind="danger" pending={pending} pendingLabel="Deleting…">
          Delete my account
        </Button>
      </form>
    </Card>
  )
}
