"use client"

import Link from "next/link"
import { useActionState } from "react"
import { NewPasswordField } from "@/components/new-password-field"
import { SubmitButton } from "@/components/submit-button"
import { type SetPasswordFormState, setPasswordAction } from "./actions"

/** Choosing the password behind a mailed link; the sign-up rules apply. */
export function SetPasswordForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState<SetPasswordFormState, FormData>(setPasswordAction, {})
  if (state.done) {
    return (
      <div role="status" data-testid="set-password-done" className="space-y-3">
        <p>Your password is set. From now on you can also sign in with your email address and this password.</p>
        <Link href="/settings" className="font-medium text-indigo-700 underline dark:text-indigo-400">
          Go to Settings
        </Link>
      </div>
    )
  }
  if (state.hasPassword) return <AlreadyHasPassword />
  if (state.invalidLink) return <InvalidSetPasswordLink />
  return (
    <form action={action} className="space-y-5">
      <input type="hidden" name="token" value={token} />
      {/* Lets password managers store the password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordField label="Password" error={state.message} />
      <SubmitButton pending={pending} label="Set password" pendingLabel="Saving…" fullWidth />
    </form>
  )
}

export function InvalidSetPasswordLink() {
  return (
    <div role="alert" data-testid="set-password-invalid" className="space-y-3">
      <p>This link is no longer valid: it has been used, has expired, or a newer one was sent.</p>
      <Link href="/settings" className="font-medium text-indigo-700 underline dark:text-indigo-400">
        Ask for a new link in Settings
      </Link>
    </div>
  )
}

export function AlreadyHasPassword() {
  return (
    <div role="alert" data-testid="set-password-exists" className="space-y-3">
      <p>This account already has a password. To change it, use Settings › Password, or “Forgot password?” if you do not know it.</p>
      <Link href="/settings" className="font-medium text-indigo-700 underline dark:text-indigo-400">
        Go to Settings
      </Link>
    </div>
  )
}
