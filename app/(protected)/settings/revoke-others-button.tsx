"use client"

import { ActionStatusMessage, useActionStatus } from "@/components/action-status"
import { ConfirmForm } from "@/components/confirm-form"
import { revokeOtherSessionsAction } from "./session-actions"

/** "Sign out all other sessions", asked first; also where the section's outcome messages show. */
export function RevokeOthersButton() {
  const status = useActionStatus("sessions")
  async function revokeOthers() {
    status.clear()
    status.show(await revokeOtherSessionsAction({}))
  }
  return (
    <div className="space-y-3 border-t border-border pt-4">
      <ConfirmForm
        action={revokeOthers}
        fields={{}}
        label="Sign out all other sessions"
        question="Sign out every other browser and device? Only this one stays signed in."
        confirmLabel="Yes, sign them out"
        pendingLabel="Signing out…"
        variant="button"
      />
      <ActionStatusMessage scope="sessions" testId="sessions-message" />
    </div>
  )
}
