"use client"

import { useActionState } from "react"
import { LinkProblem } from "@/components/auth-page"
import { StatusMessage } from "@/components/status-message"
import { SubmitButton } from "@/components/submit-button"
import { Alert } from "@/components/ui/alert"
import { ButtonLink } from "@/components/ui/button-link"
import { cancelEmailChangeAction, type CancelEmailChangeState } from "./actions"

export function CancelEmailChangeForm({ token, newEmail, securityHref }: { token: string; newEmail: string; securityHref: string }) {
  const [state, action, pending] = useActionState<CancelEmailChangeState, FormData>(cancelEmailChangeAction, {})
  if (state.done) {
    return (
      <div className="space-y-5">
        <Alert tone="success" data-testid="cancel-email-change-done">
          <p>
            The change was cancelled: your email address stays <strong>{state.done.oldEmail}</strong>.
          </p>
          <p className="mt-2">
            If you did not ask for it, someone else is signed in to your account: change your password and sign out every other
            session.
          </p>
        </Alert>
        <ButtonLink href={securityHref} fullWidth>
          Secure your account
        </ButtonLink>
      </div>
    )
  }
  if (state.failed) return <InvalidCancelLink reason={state.failed} securityHref={securityHref} />
  return (
    <form action={action} className="space-y-5">
      <input type="hidden" name="token" value={token} />
      <p className="text-center text-muted">
        Someone asked to change your account&apos;s email address to{" "}
        <strong data-testid="cancel-email-change-new" className="text-fg">
          {newEmail}
        </strong>
        . Cancelling makes the link sent to that address useless.
      </p>
      <StatusMessage ok={state.ok} text={state.message} testId="cancel-email-change-message" />
      <SubmitButton pending={pending} label="Cancel the change" pendingLabel="Cancelling…" fullWidth />
    </form>
  )
}

const PROBLEMS = {
  missing: "This page cancels a change of email address, and needs the link from the email we sent about it. Open that link again.",
  invalid:
    "This link is invalid or has expired: the change was already cancelled or confirmed, or the request was replaced by a newer one. Your account is as it was unless you received a mail saying the address changed.",
  "no-longer-valid":
    "This link is no longer valid: the email address of the account has already changed. The mail about that change says what to do.",
} as const

/**
 * The way on from a cancel link that cannot cancel: the person worried about
 * their account checks it (Settings, after signing in), or, locked out,
 * takes it back with a password reset to the address it now has.
 */
export function InvalidCancelLink({ reason, securityHref }: { reason: keyof typeof PROBLEMS; securityHref: string }) {
  return (
    <LinkProblem
      data-testid="cancel-email-change-invalid"
      next={
        <>
          <ButtonLink href={securityHref} fullWidth>
            Check your account&apos;s security
          </ButtonLink>
          <ButtonLink href="/forgot-password" kind="secondary" fullWidth>
            Cannot sign in? Reset your password
          </ButtonLink>
        </>
      }
    >
      {PROBLEMS[reason]}
    </LinkProblem>
  )
}
