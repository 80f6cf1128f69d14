"use client"

import { useActionState } from "react"
import { Button, Card, cx } from "@/components/ui"
import { EmailChangeForm } from "./email-change-form"
import { MAIL_OFF_MESSAGE } from "./verification-messages"
import { resendVerificationAction, type ResendState } from "./verification-actions"

/**
 * Settings › Profile › Email address: the address and whether it is
 * verified, a new link while it is not (a secondary action: the card's one
 * primary action is the change of address, which needs mail: a link to the
 * new address). `mailOff`: the site sends no mail (production without
 * EMAIL_SERVER), so there is no button that could only fail; it says so.
 */
export function EmailVerification({ email, verified, mailOff = false }: { email: string; verified: boolean; mailOff?: boolean }) {
  const [state, action, pending] = useActionState<ResendState, FormData>(resendVerificationAction, {})
  return (
    <Card as="section" id="email" headingLevel={3} title="Email address" description="Where we send sign-in links, password resets and security notices.">
      <div className="flex flex-wrap items-center gap-2">
        <span data-testid="settings-email" className="font-medium break-all">
          {email}
        </span>
        <span
          data-testid="settings-email-state"
          className={cx(
            "rounded-full px-2 py-0.5 text-xs font-medium",
            verified ? "bg-success-soft text-success-soft-text" : "bg-surface-muted text-fg",
          )}
        >
          {verified ? "Verified" : "Not verified"}
        </span>
      </div>
      {verified ? null : mailOff ? (
        <p data-testid="settings-verification-message" className="text-sm text-muted">
          {MAIL_OFF_MESSAGE}
        </p>
      ) : (
        <form action={action} className="flex flex-wrap items-center gap-3 rounded-control bg-surface-muted px-4 py-3">
          <p className="grow text-sm">Confirm this address to reset your password and turn on two-factor authentication.</p>
          <Button type="submit" kind="secondary" size="sm" pending={pending} pendingLabel="Sending…">
            Send verification email
          </Button>
          {state.message ? (
            <p role="status" data-testid="settings-verification-message" className="basis-full text-sm">
              {state.message}
            </p>
          ) : null}
        </form>
      )}
      {mailOff ? null : (
        <div className="border-t border-border pt-4">
          <EmailChangeForm />
        </div>
      )}
    </Card>
  )
}
