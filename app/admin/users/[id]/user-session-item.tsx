"use client"

import type { ReactNode } from "react"
import { useActionStatus } from "@/components/action-status"
import { toast } from "@/components/flash-toaster"
import { ConfirmForm } from "@/components/confirm-form"
import { revokeUserSessionAction } from "./actions"

/** One of the user's sessions on the admin page, with a revoke that asks first; the outcome shows with the other actions'. */
export function UserSessionItem({ userId, id, device, details, impersonation }: { userId: string; id: string; device: string; details: ReactNode; impersonation: boolean }) {
  const status = useActionStatus("admin")
  async function revoke(form: FormData) {
    status.clear()
    const result = await revokeUserSessionAction({}, form)
    // Success is a toast; a refusal stays under the list, where it is about.
    if (result.ok) toast.success(result.message)
    else status.show(result)
  }
  return (
    <li className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between" data-testid="admin-session">
      <div className="space-y-1 text-sm">
        <p className="font-medium">
          {device}
          {impersonation ? <span className="ml-2 rounded-full bg-warning-soft px-2 py-0.5 text-xs text-warning-soft-text">Impersonation</span> : null}
        </p>
        <p className="text-muted" data-testid="admin-session-details">
          {details}
        </p>
      </div>
      <ConfirmForm
        action={revoke}
        fields={{ userId, sessionId: id }}
        label={`Revoke ${device}`}
        text="Revoke"
        question={`Sign out ${device}? Whoever uses it must sign in again.`}
        confirmLabel="Yes, revoke it"
        pendingLabel="Revoking…"
      />
    </li>
  )
}
