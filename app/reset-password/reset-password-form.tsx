"use client"

import Link from "next/link"
import { useActionState } from "react"
import { SubmitButton } from "@/components/submit-button"
import { NewPasswordField } from "@/components/new-password-field"
import { type ResetPasswordState, resetPasswordAction } from "./actions"

export function ResetPasswordForm({ token, email, signInHref }: { token: string; email: string; signInHref: string }) {
  const [state, action, pending] = useActionState<ResetPasswordState, FormData>(resetPasswordAction, {})
  if (state.done) {
    return (
      <div role="status" data-testid="reset-password-done" className="space-y-3">
        <p>Your password has been changed, and every session of your account has been signed out.</p>
        <Link href={signInHref} className="font-medium text-indigo-700 underline dark:text-indigo-400">
          Sign in with your new password
        </Link>
      </div>
    )
  }
  if (state.invalidLink) return <InvalidResetLink />
  return (
    <form action={action} className="space-y-5">
      <input type="hidden" name="token" value={token} />
      {/* Lets password managers store the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordField label="New password" error={state.message} />
      <SubmitButton pending={pending} label="Change password" pendingLabel="Changing…" fullWidth />
    </form>
  )
}

export function InvalidResetLink() {
  return (
    <div role="alert" data-testid="reset-password-invalid" className="space-y-3">
      <p>This reset link is no longer valid: it has been used, has expired, or a newer one was sent.</p>
      <Link href="/forgot-password" className="font-medium text-indigo-700 underline dark:text-indigo-400">
        Ask for a new link
      </Link>
    </div>
  )
}
