"use client"

import { useActionState } from "react"
import { StatusMessage } from "@/components/status-message"
import { TextField } from "@/components/text-field"
import { deleteAccountAction, type DeleteAccountState } from "./delete-account-actions"

/**
 * Settings › Delete account: what goes, and a typed confirmation (the
 * account's address, or DELETE when it has none) so that a stray click or a
 * borrowed, unlocked browser cannot delete it by accident. The label stays
 * the same either way; the hint says what to type.
 */
export function DeleteAccountSection({ email }: { email: string | null }) {
  const [state, action, pending] = useActionState<DeleteAccountState, FormData>(deleteAccountAction, {})
  const hint = email ? `Type ${email} to confirm.` : "Your account has no email address: type DELETE instead."
  return (
    <section className="space-y-4" aria-labelledby="delete-account-heading">
      <div className="space-y-1">
        <h2 id="delete-account-heading" className="text-xl font-semibold">
          Delete account
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Deletes your account for good: your profile, password, passkeys, linked accounts, two-factor settings and every session.
          You are signed out everywhere, and an email confirms it. Signing in again later creates a new, empty account. This cannot be undone.
        </p>
      </div>
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
          error={state.ok === false ? state.message : undefined}
        />
        {state.ok === false ? null : <StatusMessage ok={state.ok} text={state.message} testId="delete-account-message" />}
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-red-600 px-4 py-2 font-medium text-white hover:bg-red-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-60"
        >
          {pending ? "Deleting…" : "Delete my account"}
        </button>
      </form>
    </section>
  )
}
