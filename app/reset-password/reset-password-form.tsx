"use client"

import { useActionState } from "react"
import { LinkProblem } from "@/components/auth-page"
import { SubmitButton } from "@/components/submit-button"
import { NewPasswordField } from "@/components/new-password-field"
import { Alert } from "@/components/ui/alert"
import { ButtonLink } from "@/components/ui/button-link"
import { buttonClass } from "@/components/ui/button-styles"
import { type ResetPasswordState, resetPasswordAction } from "./actions"

export function ResetPasswordForm({ token, email, signInHref }: { token: string; email: string; signInHref: string }) {
  const [state, action, pending] = useActionState<ResetPasswordState, FormData>(resetPasswordAction, {})
  if (state.done) {
    return (
      <div className="space-y-5">
        <Alert tone="success" data-testid="reset-password-done">
          Your password has been changed, and every session of your account has been signed out.
        </Alert>
        {/* A plain link: the sign-in page is the library's, outside the app router. */}
        <a href={signInHref} className={buttonClass({ fullWidth: true })}>
          Sign in with your new password
        </a>
      </div>
    )
  }
  if (state.invalidLink) return <InvalidResetLink />
  return (
    <form action={action} className="space-y-5">
      <input type="hidden" name="token" value={token} />
      {/* Lets password managers store the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordField label="New password" error={state.message} showToggle />
      <SubmitButton pending={pending} label="Change password" pendingLabel="Changing…" fullWidth />
    </form>
  )
}

/** `missing`: the page was opened without a link's token at all, which is not an expired link. */
export function InvalidResetLink({ missing = false }: { missing?: boolean }) {
  return (
    <LinkProblem
      data-testid="reset-password-invalid"
      next={
        <ButtonLink href="/forgot-password" fullWidth>
          Ask for a new link
        </ButtonLink>
      }
    >
      {missing
        ? "This page needs the link from your password reset email. Open the link from the email, or ask for a new one."
        : "This reset link is no longer valid: it has been used, has expired, or a newer one was sent."}
    </LinkProblem>
  )
}
