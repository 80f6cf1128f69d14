"use client"

import { useActionState } from "react"
import { LinkProblem } from "@/components/auth-page"
import { NewPasswordField } from "@/components/new-password-field"
import { SubmitButton } from "@/components/submit-button"
import { Alert } from "@/components/ui/alert"
import { ButtonLink } from "@/components/ui/button-link"
import { type SetPasswordFormState, setPasswordAction } from "./actions"

/** Choosing the password behind a mailed link; the sign-up rules apply. */
export function SetPasswordForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState<SetPasswordFormState, FormData>(setPasswordAction, {})
  if (state.done) {
    return (
      <div className="space-y-5">
        <Alert tone="success" data-testid="set-password-done">
          Your password is set. From now on you can also sign in with your email address and this password.
        </Alert>
        <ButtonLink href="/settings" fullWidth>
          Go to Settings
        </ButtonLink>
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

/** `missing`: opened without a link's token at all, which is not an expired link. */
export function InvalidSetPasswordLink({ missing = false }: { missing?: boolean }) {
  return (
    <LinkProblem
      data-testid="set-password-invalid"
      next={
        <ButtonLink href="/settings" fullWidth>
          Ask for a new link in Settings
        </ButtonLink>
      }
    >
      {missing
        ? "This page needs the link from the email we sent you to set a password. Open that link, or ask for a new one in Settings."
        : "This link is no longer valid: it has been used, has expired, or a newer one was sent."}
    </LinkProblem>
  )
}

export function AlreadyHasPassword() {
  return (
    <LinkProblem
      data-testid="set-password-exists"
      next={
        <ButtonLink href="/settings" fullWidth>
          Go to Settings
        </ButtonLink>
      }
    >
      This account already has a password. To change it, use Settings › Password, or “Forgot password?” if you do not know it.
    </LinkProblem>
  )
}
