"use client"

import { useActionStatus } from "@/components/action-status"
import { ConfirmForm } from "@/components/confirm-form"
import { RelativeTime } from "@/components/relative-time"
import { revokeSessionAction } from "./session-actions"

export interface SessionItemProps {
  id: string
  current: boolean
  /** "Chrome on Linux" (server/display/device.ts: the same words as Security activity). */
  device: string
  /** ISO 8601; null when not recorded. */
  created: string | null
  /** ISO 8601; null when not recorded. */
  lastActive: string | null
  /** The server's clock when it rendered the page (ISO 8601). */
  renderedAt: string
}

/**
 * One session: the device, "This device" for the reader's own, when it
 * started and was last seen ("2 hours ago", the exact time on hover), and
 * (if not this one) a "Sign out" button that asks first. The outcome shows
 * under the list.
 */
export function SessionItem({ id, current, device, created, lastActive, renderedAt }: SessionItemProps) {
  const status = useActionStatus("sessions")
  async function revoke(form: FormData) {
    status.clear()
    status.show(await revokeSessionAction({}, form))
  }
  return (
    <li
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between"
      data-testid="session"
      data-current={current}
    >
      <div className="space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span data-testid="session-device">{device}</span>
          {current ? (
            <span className="rounded-full bg-success-soft px-2 py-0.5 text-xs font-medium text-success-soft-text" data-testid="session-current">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-sm text-muted">
          {created ? (
            <>
              Signed in <RelativeTime dateTime={created} renderedAt={renderedAt} />
            </>
          ) : (
            "Signed in at an unknown time"
          )}
          {" · "}
          {current ? (
            "Active now"
          ) : (
            <>
              Last active{" "}
              <span data-testid="session-last-active">
                {lastActive ? <RelativeTime dateTime={lastActive} renderedAt={renderedAt} /> : "unknown"}
              </span>
            </>
          )}
        </p>
      </div>
      {current ? null : (
        <ConfirmForm
          action={revoke}
          fields={{ sessionId: id }}
          label={`Sign out ${device}`}
          text="Sign out"
          question={`Sign out ${device}? Whoever uses it will have to sign in again.`}
          confirmLabel="Yes, sign it out"
          pendingLabel="Signing out…"
        />
      )}
    </li>
  )
}
