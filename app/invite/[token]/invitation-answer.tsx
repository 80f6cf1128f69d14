"use client"

import { useActionState } from "react"
import { StatusMessage } from "@/components/status-message"
import { Button } from "@/components/ui"
import { acceptInvitationAction, declineInvitationAction, type InvitationState } from "./actions"

/** "Accept invitation" (signed in as the invited address) and "Decline". */
export function InvitationAnswer({ token, mayAccept }: { token: string; mayAccept: boolean }) {
  const [accepted, accept, accepting] = useActionState<InvitationState, FormData>(acceptInvitationAction, {})
  const [declined, decline, declining] = useActionState<InvitationState, FormData>(declineInvitationAction, {})
  const outcome = declined.message ? declined : accepted
  if (declined.ok) return <StatusMessage ok text={declined.message} testId="invitation-message" />
  return (
    <div className="space-y-4">
      <div aria-live="polite">
        <StatusMessage ok={outcome.ok} text={outcome.message} testId="invitation-message" />
      </div>
      {/* Accept and Decline side by side at one width: neither reads as the lesser choice by its size. */}
      <div className={mayAccept ? "grid grid-cols-2 gap-3" : "grid"}>
        {mayAccept ? (
          <form action={accept}>
            <input type="hidden" name="token" value={token} />
            <Button type="submit" pending={accepting} pendingLabel="Joining…" disabled={declining} className="w-full">
              Accept invitation
            </Button>
          </form>
        ) : null}
        <form action={decline}>
          <input type="hidden" name="token" value={token} />
          <Button type="submit" kind="secondary" pending={declining} pendingLabel="Declining…" disabled={accepting} className="w-full">
            Decline
          </Button>
        </form>
      </div>
    </div>
  )
}
