"use client"

import Link from "next/link"
import { useActionState } from "react"
import { StatusMessage } from "@/components/status-message"
import { SubmitButton } from "@/components/submit-button"
import { cancelEmailChangeAction, type CancelEmailChangeState } from "./actions"

export function CancelEmailChangeForm({ token, newEmail, securityHref }: { token: string; newEmail: string; securityHref: string }) {
  const [state, action, pending] = useActionState<CancelEmailChangeState, FormData>(cancelEmailChangeAction, {})
  if (state.done) {
    return (
      <div role="status" data-testid="cancel-email-change-done" className="space-y-3">
        <p>
          The change was cancelled: your email address stays <strong>{state.done.oldEmail}</strong>.
        </p>
        <p>
          If you did not ask for it, someone else is signed in to your account: change your password and sign out every other
          session.
        </p>
        <Link href={securityHref} className="font-medium text-indigo-700 underline dark:text-indigo-400">
          Secure your account
        </Link>
      </div>
    )
  }
  if (state.failed) return <InvalidCancelLink reason={state.failed} />
  return (
    <form action={action} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <p>
        Someone asked to change your account&apos;s email address to <strong data-testid="cancel-email-change-new">{newEmail}</strong>.
        Cancelling makes the link sent to that address useless.
      </p>
      <StatusMessage ok={state.ok} text={state.message} testId="cancel-email-change-message" />
      <SubmitButton pending={pending} label="Cancel the change" pendingLabel="Cancelling…" />
    </form>
  )
}

export function InvalidCancelLink({ reason }: { reason: "invalid" | "no-longer-valid" }) {
  return (
    <div role="alert" data-testid="cancel-email-change-invalid" className="space-y-3">
      <p>
        {reason === "invalid"
          ? "This link is invalid or has expired."
          : "This link is no longer valid: the email address of the account has already changed. The mail about that change says what to do."}
      </p>
    </div>
  )
}
