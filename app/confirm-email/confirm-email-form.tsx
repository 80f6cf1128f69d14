"use client"

import { useActionState } from "react"
import { LinkProblem } from "@/components/auth-page"
import { StatusMessage } from "@/components/status-message"
import { SubmitButton } from "@/components/submit-button"
import { Alert } from "@/components/ui/alert"
import { ButtonLink } from "@/components/ui/button-link"
import { buttonClass } from "@/components/ui/button-styles"
import { confirmEmailChangeAction, type ConfirmEmailState } from "./actions"

/** The one button that makes the change; success goes to the outcome page, a refusal replaces the form. */
export function ConfirmEmailForm({ token, newEmail }: { token: string; newEmail: string }) {
  const [state, action, pending] = useActionState<ConfirmEmailState, FormData>(confirmEmailChangeAction, {})
  if (state.failed) return <InvalidEmailChangeLink reason={state.failed} />
  return (
    <form action={action} className="space-y-5">
      <input type="hidden" name="token" value={token} />
      <p className="text-center text-muted">
        Your account will sign in with <strong data-testid="confirm-email-new" className="text-fg">{newEmail}</strong> from now on,
        and every other session of it will be signed out.
      </p>
      <StatusMessage ok={state.ok} text={state.message} testId="confirm-email-message" />
      <SubmitButton pending={pending} label="Confirm the change" pendingLabel="Confirming…" fullWidth />
    </form>
  )
}

const PROBLEMS = {
  missing: "This page confirms a change of email address, and needs the link from the email sent to the new address. Open that link again, or ask again from Settings.",
  invalid:
    "This link is invalid or has expired. Links work once, for 24 hours; a newer request, or the address's owner securing the account, makes an older link no longer valid.",
  "no-longer-valid": "This link is no longer valid: the account's email address changed, or the new address is no longer available.",
} as const

export function InvalidEmailChangeLink({ reason }: { reason: keyof typeof PROBLEMS }) {
  return (
    <LinkProblem
      data-testid="confirm-email-invalid"
      next={
        <ButtonLink href="/settings" fullWidth>
          Ask again from Settings
        </ButtonLink>
      }
    >
      {PROBLEMS[reason]}
    </LinkProblem>
  )
}

/** After the change (app/confirm-email/actions.ts redirects here). */
export function EmailChanged({ email, signInHref }: { email: string | null; signInHref: string }) {
  return (
    <div className="space-y-5">
      <Alert tone="success" data-testid="confirm-email-done">
        {email ? (
          <>
            Your email address is now <strong>{email}</strong>.
          </>
        ) : (
          "Your email address was changed."
        )}{" "}
        Every other session of your account was signed out.
      </Alert>
      {email ? (
        <ButtonLink href="/settings" fullWidth>
          Go to Settings
        </ButtonLink>
      ) : (
        // A plain link: the sign-in page is the library's, outside the app router.
        <a href={signInHref} className={buttonClass({ fullWidth: true })}>
          Sign in with your new address
        </a>
      )}
    </div>
  )
}
