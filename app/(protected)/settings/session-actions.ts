"use server"

import { revalidatePath } from "next/cache"
import { requireRecentAuthentication, sessions } from "@/auth"
import { whileDatabaseAnswers } from "@/server/session-state"
import { formInput } from "@/server/form-input"

export interface SessionActionState {
  ok?: boolean
  message?: string
}

const MESSAGES = {
  "not-found": "That session has already ended.",
  current: "This is the session you are using. Sign out to end it.",
  "signed-out": "Your session has ended. Sign in again.",
  jwt: "Sessions cannot be revoked with the jwt session strategy.",
  unsupported: "This database adapter cannot list or revoke sessions.",
} as const

/** Ends one of the signed-in user's other sessions; the library only finds it among their own. */
export async function revokeSessionAction(_previous: SessionActionState, input: FormData): Promise<SessionActionState> {
  const form = formInput(input)
  return whileDatabaseAnswers(async () => {
    // A recent proof of identity first: a stale session goes to re-authenticate and back.
    await requireRecentAuthentication({ callbackUrl: "/settings" })
    const result = await sessions.revoke(String(form.get("sessionId") ?? ""))
    if (result !== "revoked") return { ok: false, message: MESSAGES[result] }
    revalidatePath("/settings")
    return { ok: true, message: "Session revoked. That device is signed out." }
  })
}

export async function revokeOtherSessionsAction(_previous: SessionActionState): Promise<SessionActionState> {
  return whileDatabaseAnswers(async () => {
    await requireRecentAuthentication({ callbackUrl: "/settings" })
    const result = await sessions.revokeOthers()
    if (result.status !== "ok") return { ok: false, message: MESSAGES[result.status] }
    revalidatePath("/settings")
    const count = result.revoked
    if (count === null) return { ok: true, message: "Every other session was signed out." }
    return { ok: true, message: count === 1 ? "1 other session revoked." : `${count} other sessions revoked.` }
  })
}
