"use client"

import { type FormEvent, useActionState, useState, useTransition } from "react"
import { ActionStatusMessage, useActionStatus } from "@/components/action-status"
import { ConfirmForm } from "@/components/confirm-form"
import { RelativeTime } from "@/components/relative-time"
import { SubmitButton } from "@/components/submit-button"
import { TextField } from "@/components/text-field"
import { Button } from "@/components/ui"
import { RecoveryCodes } from "./recovery-codes"
import { CONFIRM_ADDRESS_FIRST } from "./two-factor-messages"
import { resendVerificationAction, type ResendState } from "./verification-actions"
import { MAIL_OFF_MESSAGE } from "./verification-messages"
import {
  beginTwoFactorSetupAction,
  confirmTwoFactorSetupAction,
  disableTwoFactorAction,
  type PendingSetup,
  regenerateRecoveryCodesAction,
} from "./two-factor-actions"

export interface TwoFactorPanelProps {
  enabled: boolean
  /** When it was turned on (ISO 8601), when it is on. */
  enabledAt: string | null
  /** The server's clock when it rendered the page (ISO 8601), for "2 days ago". */
  renderedAt: string
  recoveryCodesLeft: number
  /** The account's address is not confirmed yet: enrolment waits for it (the server refuses it too). */
  confirmAddressFirst: boolean
  /** The site sends no mail, so no verification link can be sent. */
  mailOff: boolean
}

const SCOPE = "two-factor"

/**
 * Settings › Two-factor authentication, the interactive part. One component
 * for both states, so the recovery codes it holds survive the page's refresh
 * that follows turning two-factor on.
 */
export function TwoFactorPanel({ enabled, enabledAt, renderedAt, recoveryCodesLeft, confirmAddressFirst, mailOff }: TwoFactorPanelProps) {
  const status = useActionStatus(SCOPE)
  const [setup, setSetup] = useState<PendingSetup | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [codeError, setCodeError] = useState<string>()
  const [pending, startTransition] = useTransition()

  function begin() {
    status.clear()
    startTransition(async () => {
      const result = await beginTwoFactorSetupAction({})
      // Undefined when the guard redirected to re-authentication.
      if (!result) return
      if (result.setup) setSetup(result.setup)
      else status.show(result)
    })
  }

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    status.clear()
    setCodeError(undefined)
    startTransition(async () => {
      const result = await confirmTwoFactorSetupAction({}, form)
      if (!result) return
      if (result.recoveryCodes) {
        setSetup(null)
        setCodes(result.recoveryCodes)
        status.show(result)
      } else if (result.ok === false && setup) setCodeError(result.message)
      else status.show(result)
    })
  }

  async function regenerate() {
    status.clear()
    const result = await regenerateRecoveryCodesAction({})
    if (!result) return
    if (result.recoveryCodes) setCodes(result.recoveryCodes)
    status.show(result)
  }

  async function turnOff() {
    status.clear()
    const result = await disableTwoFactorAction({})
    if (!result) return
    setCodes(null)
    status.show(result)
  }

  return (
    <div className="space-y-4">
      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
      {enabled ? (
        <>
          <p className="text-sm" data-testid="two-factor-status">
            Two-factor authentication is on
            {enabledAt ? (
              <>
                {" "}
                (turned on <RelativeTime dateTime={enabledAt} renderedAt={renderedAt} />)
              </>
            ) : null}
            . {recoveryCodesLeft} {recoveryCodesLeft === 1 ? "recovery code is" : "recovery codes are"} left.
          </p>
          <div className="flex flex-wrap gap-3">
            <ConfirmForm
              action={regenerate}
              fields={{}}
              label="Regenerate recovery codes"
              question="Make 10 new recovery codes? The ones you have now stop working."
              confirmLabel="Yes, make new codes"
              pendingLabel="Making codes…"
              variant="button"
            />
            <ConfirmForm
              action={turnOff}
              fields={{}}
              label="Turn off two-factor authentication"
              question="Turn off two-factor authentication? Signing in will need only your password, email link, passkey or linked account."
              confirmLabel="Yes, turn it off"
              pendingLabel="Turning off…"
              variant="button"
            />
          </div>
        </>
      ) : confirmAddressFirst ? (
        <ConfirmAddressFirst mailOff={mailOff} />
      ) : setup ? (
        <SetupSteps setup={setup} pending={pending} codeError={codeError} onConfirm={confirm} onCancel={() => setSetup(null)} />
      ) : (
        <>
          <p className="text-sm" data-testid="two-factor-status">
            Two-factor authentication is off.
          </p>
          <Button onClick={begin} pending={pending} pendingLabel="Preparing…">
            Set up authenticator app
          </Button>
        </>
      )}
      <ActionStatusMessage scope={SCOPE} testId="two-factor-message" />
    </div>
  )
}

interface SetupStepsProps {
  setup: PendingSetup
  pending: boolean
  codeError?: string
  onConfirm: (event: FormEvent<HTMLFormElement>) => void
  onCancel: () => void
}

/** Scan (or type) the secret, then prove it with the app's current code. */
function SetupSteps({ setup, pending, codeError, onConfirm, onCancel }: SetupStepsProps) {
  return (
    <div className="space-y-4">
      <p className="text-sm">
        Scan this QR code with your authenticator app (for example 1Password, Google Authenticator, Microsoft Authenticator or Aegis),
        then enter the 6-digit code it shows.
      </p>
      {setup.qrSvg ? (
        // The server's own drawing of the URI, checked to be a plain QR code (server/accounts/qr-svg.ts): no user text is in it.
        <div
          role="img"
          aria-label="QR code for your authenticator app"
          data-testid="two-factor-qr"
          className="w-48 rounded-control border border-border bg-white p-2"
          dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
        />
      ) : null}
      <details className="text-sm" open={!setup.qrSvg}>
        <summary className="cursor-pointer font-medium text-accent-text">Cannot scan it? Enter the key instead</summary>
        <dl className="mt-2 space-y-2">
          <dt className="font-medium">Secret key</dt>
          <dd className="break-all font-mono" data-testid="two-factor-secret">
            {setup.secret}
          </dd>
          <dt className="font-medium">Setup URI</dt>
          <dd className="break-all font-mono" data-testid="two-factor-uri">
            {setup.uri}
          </dd>
        </dl>
      </details>
      <form onSubmit={onConfirm} className="space-y-4">
        <input type="hidden" name="sealedSecret" value={setup.sealedSecret} />
        <TextField
          name="code"
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,7}"
          maxLength={7}
          required
          error={codeError}
        />
        <div className="flex flex-wrap gap-3">
          <SubmitButton pending={pending} label="Turn on two-factor authentication" pendingLabel="Checking…" />
          <Button kind="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  )
}

/**
 * Two-factor off and the address unconfirmed: why it must be confirmed first,
 * and the verification mail, whose link comes back here to carry on.
 */
function ConfirmAddressFirst({ mailOff }: { mailOff: boolean }) {
  const [state, action, pending] = useActionState<ResendState, FormData>(resendVerificationAction, {})
  return (
    <div className="space-y-3">
      <p className="text-sm" data-testid="two-factor-status">
        Two-factor authentication is off.
      </p>
      <p className="text-sm" data-testid="two-factor-confirm-address">
        {CONFIRM_ADDRESS_FIRST}
      </p>
      {mailOff ? (
        <p className="text-sm text-muted">{MAIL_OFF_MESSAGE}</p>
      ) : (
        <form action={action} className="space-y-2">
          <input type="hidden" name="next" value="two-factor" />
          {state.message ? (
            <p role="status" data-testid="two-factor-verification-message" className="text-sm">
              {state.message}
            </p>
          ) : null}
          <SubmitButton pending={pending} label="Send verification email" pendingLabel="Sending…" />
        </form>
      )}
    </div>
  )
}
