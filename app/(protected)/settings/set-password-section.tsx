"use client"

import { type FormEvent, useTransition } from "react"
import { ActionStatusMessage, useActionStatus } from "@/components/action-status"
import { SubmitButton } from "@/components/submit-button"
import { Card } from "@/components/ui"
import type { MailMode } from "@/server/mail/deliver"
import { requestSetPasswordAction } from "./set-password-actions"

/**
 * Settings › Password for an account without one (passkey, OAuth or OIDC
 * only): a mailed link confirms the request before any password is set. When
 * the site cannot send mail, or the account has no address, it says so
 * instead of offering the button. Its outcome line is the page's shared one,
 * so it replaces (and is replaced by) the list sections' messages.
 */
export function SetPasswordSection({ email, mail }: { email: string | null; mail: MailMode }) {
  const status = useActionStatus("set-password")
  const [pending, startTransition] = useTransition()
  function request(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    status.clear()
    startTransition(async () => status.show(await requestSetPasswordAction({})))
  }
  return (
    <Card
      as="section"
      id="password"
      headingLevel={3}
      title="Password"
      description={
        <span data-testid="set-password-intro">
          {email
            ? `Your account has no password: you sign in another way. A password lets you also sign in with ${email} and it.`
            : "Your account has no password: you sign in another way."}
        </span>
      }
    >
      {!email ? (
        <p className="text-sm" data-testid="set-password-unavailable">
          A password signs in together with an email address, and this account has none.
        </p>
      ) : mail === "off" ? (
        <p className="text-sm" data-testid="set-password-unavailable">
          Setting a password needs email to confirm it is you, and this site has not set up email (EMAIL_SERVER).
        </p>
      ) : (
        <form onSubmit={request} className="space-y-3">
          <p className="text-sm text-muted">
            We will mail a link to {email}; the password is set once you choose it there.
            {mail === "dev-mailbox" ? (
              <>
                {" "}
                While developing, the mail lands in the{" "}
                <a href="/dev/mailbox" className="font-medium text-accent-text underline">
                  dev mailbox
                </a>
                .
              </>
            ) : null}
          </p>
          <ActionStatusMessage scope="set-password" testId="set-password-message" />
          <SubmitButton pending={pending} label="Set a password" pendingLabel="Sending…" />
        </form>
      )}
    </Card>
  )
}
