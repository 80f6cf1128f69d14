"use client"

import { type FormEvent, useActionState, useState, useTransition } from "react"
import { toast } from "@/components/flash-toaster"
import { ActionStatusMessage, useActionStatus } from "@/components/action-status"
import { ConfirmForm } from "@/components/confirm-form"
import { RelativeTime } from "@/components/relative-time"
import { SubmitButton } from "@/components/submit-button"
import { Button, Dialog } from "@/components/ui"
import { OneTimeCodeInput } from "./one-time-code-input"
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

/** The guided setup's steps, in order; "new-codes" is the dialog after "Regenerate recovery codes". */
type Step = "scan" | "verify" | "codes" | "done" | "new-codes"

const STEP_LABELS = ["Scan the QR code", "Enter the code", "Save recovery codes"] as const

/**
 * Settings › Two-factor authentication, the interactive part. Setting it up
 * is a guided dialog: scan, enter a code, save the recovery codes, done. The
 * codes are shown in the dialog, away from "Turn off". One component for
 * both states, so the dialog and the codes it holds survive the page's
 * refresh that follows turning two-factor on.
 */
export function TwoFactorPanel({ enabled, enabledAt, renderedAt, recoveryCodesLeft, confirmAddressFirst, mailOff }: TwoFactorPanelProps) {
  const status = useActionStatus(SCOPE)
  const [setup, setSetup] = useState<PendingSetup | null>(null)
  const [step, setStep] = useState<Step | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [code, setCode] = useState("")
  const [codeError, setCodeError] = useState<string>()
  const [pending, startTransition] = useTransition()

  function close() {
    setStep(null)
    setSetup(null)
    setCodes(null)
    setCode("")
    setCodeError(undefined)
  }

  function begin() {
    status.clear()
    startTransition(async () => {
      const result = await beginTwoFactorSetupAction({})
      // Undefined when the guard redirected to re-authentication.
      if (!result) return
      if (result.setup) {
        setSetup(result.setup)
        setStep("scan")
      } else status.show(result)
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
        setStep("codes")
        status.show(result)
      } else if (result.ok === false && setup) {
        // Empty boxes for the next try: typing (or pasting) over a full code would only replace its last digit.
        setCode("")
        setCodeError(result.message)
      }
      else {
        close()
        status.show(result)
      }
    })
  }

  async function regenerate() {
    status.clear()
    const result = await regenerateRecoveryCodesAction({})
    if (!result) return
    if (result.recoveryCodes) {
      setCodes(result.recoveryCodes)
      setStep("new-codes")
    }
    status.show(result)
  }

  async function turnOff() {
    status.clear()
    const result = await disableTwoFactorAction({})
    if (!result) return
    close()
    status.show(result)
    if (result.ok) toast.success("Two-factor authentication turned off")
  }

  const dialogTitle =
    step === "done" ? "Two-factor authentication is on" : step === "new-codes" ? "New recovery codes" : "Set up two-factor authentication"

  return (
    <div className="space-y-4">
      <Dialog
        open={step !== null}
        onOpenChange={(open) => {
          if (!open) close()
        }}
        title={dialogTitle}
        className="max-w-lg"
      >
        {step === "scan" || step === "verify" || step === "codes" ? <Steps current={step === "scan" ? 0 : step === "verify" ? 1 : 2} /> : null}
        {step === "scan" && setup ? <ScanStep setup={setup} onNext={() => setStep("verify")} onCancel={close} /> : null}
        {step === "verify" && setup ? (
          <VerifyStep
            setup={setup}
            code={code}
            onCode={(value) => {
              setCode(value)
              setCodeError(undefined)
            }}
            pending={pending}
            codeError={codeError}
            onConfirm={confirm}
            onBack={() => setStep("scan")}
          />
        ) : null}
        {(step === "codes" || step === "new-codes") && codes ? (
          <RecoveryCodes
            codes={codes}
            onDone={() => {
              if (step === "codes") setStep("done")
              else close()
            }}
          />
        ) : null}
        {step === "done" ? (
          <div className="space-y-4" data-testid="two-factor-done">
            <p className="text-sm">
              From now on, signing in asks for a code from your authenticator app after your password, email link or linked account. Keep your
              recovery codes safe: each one signs you in once if you lose your phone.
            </p>
            <div className="flex justify-end">
              <Button onClick={close}>Done</Button>
            </div>
          </div>
        ) : null}
      </Dialog>
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
      ) : (
        <>
          <p className="text-sm" data-testid="two-factor-status">
            Two-factor authentication is off.
          </p>
          <Button onClick={begin} pending={pending && step === null} pendingLabel="Preparing…">
            Set up authenticator app
          </Button>
        </>
      )}
      <ActionStatusMessage scope={SCOPE} testId="two-factor-message" />
    </div>
  )
}

/** Where the user is in the setup: three numbered steps, the current one marked. */
function Steps({ current }: { current: number }) {
  return (
    <ol className="flex flex-wrap gap-x-4 gap-y-1 text-xs font-medium text-muted" aria-label="Setup steps" data-testid="two-factor-steps">
      {STEP_LABELS.map((label, index) => (
        <li key={label} aria-current={index === current ? "step" : undefined} className={index === current ? "text-accent-text" : undefined}>
          <span className="tabular-nums">{index + 1}.</span> {label}
        </li>
      ))}
    </ol>
  )
}

/** Step 1: scan the QR code (or type the key) into an authenticator app. */
function ScanStep({ setup, onNext, onCancel }: { setup: PendingSetup; onNext: () => void; onCancel: () => void }) {
  return (
    <div className="space-y-4">
      <p className="text-sm">
        Scan this QR code with your authenticator app (for example 1Password, Google Authenticator, Microsoft Authenticator or Aegis).
      </p>
      {setup.qrSvg ? (
        // The server's own drawing of the URI, checked to be a plain QR code (server/accounts/qr-svg.ts): no user text is in it.
        <div
          role="img"
          aria-label="QR code for your authenticator app"
          data-testid="two-factor-qr"
          className="mx-auto w-48 rounded-control border border-border bg-white p-2"
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
      <div className="flex flex-wrap justify-end gap-3">
        <Button kind="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onNext}>Continue</Button>
      </div>
    </div>
  )
}

interface VerifyStepProps {
  setup: PendingSetup
  code: string
  onCode: (value: string) => void
  pending: boolean
  codeError?: string
  onConfirm: (event: FormEvent<HTMLFormElement>) => void
  onBack: () => void
}

/** Step 2: the app's current code proves the scan worked; only then is two-factor turned on. */
function VerifyStep({ setup, code, onCode, pending, codeError, onConfirm, onBack }: VerifyStepProps) {
  return (
    <form onSubmit={onConfirm} className="space-y-4">
      <p className="text-sm">Enter the 6-digit code your authenticator app shows for this site.</p>
      <input type="hidden" name="sealedSecret" value={setup.sealedSecret} />
      <OneTimeCodeInput name="code" label="Authentication code" value={code} onChange={onCode} error={codeError} autoFocus />
      <div className="flex flex-wrap justify-end gap-3">
        <Button kind="secondary" onClick={onBack} disabled={pending}>
          Back
        </Button>
        <SubmitButton pending={pending} label="Turn on two-factor authentication" pendingLabel="Checking…" disabled={code.length !== 6} />
      </div>
    </form>
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
