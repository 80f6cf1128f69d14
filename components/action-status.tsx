"use client"

/**
 * One outcome message for the list actions of a page (Settings: add, rename
 * or delete a passkey, unlink an account, revoke sessions). Each section shows
 * the message only when its own action produced it, and any new action clears
 * it first, so a message never outlives the action it describes, not even
 * when that action removed the list item it was about.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react"
import { StatusMessage } from "./status-message"

interface Outcome {
  scope: string
  ok: boolean
  text: string
}

interface ActionStatusValue {
  outcome?: Outcome
  setOutcome(outcome?: Outcome): void
}

const ActionStatusContext = createContext<ActionStatusValue | null>(null)

export function ActionStatusProvider({ children }: { children: ReactNode }) {
  const [outcome, setOutcome] = useState<Outcome>()
  const value = useMemo(() => ({ outcome, setOutcome }), [outcome])
  return <ActionStatusContext.Provider value={value}>{children}</ActionStatusContext.Provider>
}

function useActionStatusContext(): ActionStatusValue {
  const value = useContext(ActionStatusContext)
  if (!value) throw new Error("useActionStatus needs an <ActionStatusProvider> above it")
  return value
}

export interface ActionStatus {
  /** Call when an action starts: the previous message goes. */
  clear(): void
  /** The action's result (`message` absent: nothing to say). */
  show(result: { ok?: boolean; message?: string }): void
}

export function useActionStatus(scope: string): ActionStatus {
  const { setOutcome } = useActionStatusContext()
  const clear = useCallback(() => setOutcome(undefined), [setOutcome])
  const show = useCallback(
    (result: { ok?: boolean; message?: string }) =>
      setOutcome(result.message ? { scope, ok: result.ok === true, text: result.message } : undefined),
    [scope, setOutcome],
  )
  return useMemo(() => ({ clear, show }), [clear, show])
}

/** Where a section shows its message. */
export function ActionStatusMessage({ scope, testId }: { scope: string; testId: string }) {
  const { outcome } = useActionStatusContext()
  return outcome?.scope === scope ? <StatusMessage ok={outcome.ok} text={outcome.text} testId={testId} /> : null
}
