"use client"

import { useActionStatus } from "@/components/action-status"
import { ConfirmForm } from "@/components/confirm-form"
import { revokeSessionAction } from "./session-actions"

export interface SessionItemProps {
  id: string
  current: boolean
  device: string
  created: string
  lastActive: string
}

/**
 * One session: where it is, when it started and was last seen, and (if not
 * this one) a revoke button that asks first. The outcome shows under the list.
 */
export function SessionItem({ id, current, device, created, lastActive }: SessionItemProps) {
  const status = useActionStatus("sessions")
  async function revoke(form: FormData) {
    status.clear()
    status.show(await revokeSessionAction({}, form))
  }
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
        <ConfirmForm
          action={revoke}
          fields={{ sessionId: id }}
          label={`Revoke ${device}`}
          question={`Sign out ${device}? Whoever uses it will have to sign in again.`}
          confirmLabel="Yes, sign it out"
          pendingLabel="Signing out…"
        />
      )}
    </li>
  )
}
