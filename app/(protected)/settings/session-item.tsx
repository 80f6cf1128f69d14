"use client"

import { useActionState } from "react"
import { RemoveItemForm } from "@/components/remove-item-form"
import { StatusMessage } from "@/components/status-message"
import { revokeSessionAction, type SessionActionState } from "./session-actions"

export interface SessionItemProps {
  id: string
  current: boolean
  device: string
  created: string
  lastActive: string
}

/** One session: where it is, when it started and was last seen, and (if not this one) a revoke button. */
export function SessionItem({ id, current, device, created, lastActive }: SessionItemProps) {
  const [state, revoke, revoking] = useActionState<SessionActionState, FormData>(revokeSessionAction, {})
  return (
    <li className="space-y-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-800" data-testid="session" data-current={current}>
      <p className="font-medium">
        <span data-testid="session-device">{device}</span>
        {current ? (
          <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs text-green-800 dark:bg-green-900 dark:text-green-100" data-testid="session-current">
            This device
          </span>
        ) : null}
      </p>
      <dl className="grid grid-cols-2 gap-x-3 text-sm text-zinc-600 dark:text-zinc-400">
        <dt>Signed in</dt>
        <dd>{created}</dd>
        <dt>Last active</dt>
        <dd data-testid="session-last-active">{lastActive}</dd>
      </dl>
      {current ? null : (
        <RemoveItemForm action={revoke} field="sessionId" value={id} pending={revoking} label={`Revoke ${device}`} />
      )}
      <StatusMessage ok={state.ok} text={state.message} testId="session-message" />
    </li>
  )
}
