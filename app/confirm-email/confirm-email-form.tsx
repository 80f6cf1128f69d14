"use client"

import Link from "next/link"
import { useActionState } from "react"
import { StatusMessage } from "@/components/status-message"
import { SubmitButton } from "@/components/submit-button"
import { confirmEmailChangeAction, type ConfirmEmailState } from "./actions"

/** The one button that makes the change; success goes to the outcome page, a refusal replaces the form. */
export function ConfirmEmailForm({ token, newEmail }: { token: string; newEmail: string }) {
  const [state, action, pending] = useActionState<ConfirmEmailState, FormData>(confirmEmailChangeAction, {})
  if (state.failed) return <InvalidEmailChangeLink reason={state.failed} />
  return (
    <form action={action} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <p>
        Your account will sign in with <strong data-testid="confirm-email-new">{newEmail}</strong> from now on, and every other
        session of it will be signed out.
      </p>
      <StatusMessage ok={state.ok} text={state.message} testId="confirm-email-message" />
      <SubmitButton pending={pending} label="Confirm the change" pendingLabel="Confirming…" />
    </form>
  )
}

export function InvalidEmailChangeLink({ reason }: { reason: "invalid" | "no-longer-valid" }) {
  return (
    <div role="alert" data-testid="confirm-email-invalid" className="space-y-3">
      <p>
        {reason === "invalid"
          ? "This link is invalid or has expired. Links work once, for 24 hours; a newer request, or the address's owner securing the account, makes an older link no longer valid."
          : "This link is no longer valid: the account's email address changed, or the new address is no longer available."}
      </p>
      <Link href="/settings" className="font-medium text-indigo-700 underline dark:text-indigo-400">
        Ask again from Settings
      </Link>
    </div>
  )
}

/** After the change (app/confirm-email/actions.ts redirects here). */
export function EmailChanged({ email, signInHref }: { email: string | null; signInHref: string }) {
  return (
    <div role="status" data-testid="confirm-email-done" className="space-y-3">
      <p>
        {email ? (
          <>
            Your email address is now <strong>{email}</strong>.
          </>
        ) : (
          "Your email address was changed."
        )}{" "}
        Every other session of your account was signed out.
      </p>
      {email ? (
        <Link href="/settings" className="font-medium text-indigo-700 underline dark:text-indigo-400">
          Go to Settings
        </Link>
      ) : (
        <Link href={signInHref} className="font-medium text-indigo-700 underline dark:text-indigo-400">
          Sign in with your new address
        </Link>
      )}
    </div>
  )
}
