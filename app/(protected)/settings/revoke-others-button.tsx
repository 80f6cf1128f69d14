"use client"

import { useActionState } from "react"
import { StatusMessage } from "@/components/status-message"
import { revokeOtherSessionsAction, type SessionActionState } from "./session-actions"

export function RevokeOthersButton() {
  const [state, revokeOthers, pending] = useActionState<SessionActionState>(revokeOtherSessionsAction, {})
  return (
    <form action={revokeOthers} className="space-y-2">
      <button type="submit" disabled={pending} className="rounded-md border border-zinc-300 px-3 py-1 text-sm dark:border-zinc-700">
        Sign out all other sessions
      </button>
      <StatusMessage ok={state.ok} text={state.message} testId="sessions-message" />
    </form>
  )
}
