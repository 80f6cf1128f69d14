"use client"

import { useActionState } from "react"
import { SubmitButton } from "@/components/submit-button"
import { EmailChangeForm } from "./email-change-form"
import { MAIL_OFF_MESSAGE } from "./verification-messages"
import { resendVerificationAction, type ResendState } from "./verification-actions"

/**
 * The address's verification state, a way to get a new link while unverified,
 * and the change of address (which needs mail: a link to the new address).
 * `mailOff`: the site sends no mail (production without EMAIL_SERVER), so there is
 * no button that could only fail; the section says so instead.
 */
export function EmailVerification({ email, verified, mailOff = false }: { email: string; verified: boolean; mailOff?: boolean }) {
  const [state, action, pending] = useActionState<ResendState, FormData>(resendVerificationAction, {})
  return (
    <section aria-labelledby="email-heading" className="space-y-3">
      <h2 id="email-heading" className="text-lg font-semibold">
        Email address
      </h2>
      <p>
        <span data-testid="settings-email">{email}</span>{" "}
        <span
          data-testid="settings-email-state"
          className={verified ? "text-green-700 dark:text-green-400" : "text-amber-700 dark:text-amber-400"}
        >
          {verified ? "Verified" : "Not verified"}
        </span>
      </p>
      {verified ? null : mailOff ? (
        <p data-testid="settings-verification-message" className="text-sm text-zinc-600 dark:text-zinc-400">
          {MAIL_OFF_MESSAGE}
        </p>
      ) : (
        <form action={action} className="space-y-2">
          {state.message ? (
            <p role="status" data-testid="settings-verification-message" className="text-sm">
              {state.message}
            </p>
          ) : null}
          <SubmitButton pending={pending} label="Send verification email" pendingLabel="Sending…" />
        </form>
      )}
      {mailOff ? null : <EmailChangeForm />}
    </section>
  )
}
