"use server"

import { redirect } from "next/navigation"
import { auth, securityLog, sessionStrategy, sessions, unstable_update } from "@/auth"
import { getPrisma } from "@/lib/db/client"
import { confirmEmailChange, sendEmailChangedMails } from "@/server/accounts/email-change"
import { requestInfo } from "@/server/accounts/request-info"
import { formInput } from "@/server/form-input"
import { whileDatabaseAnswers } from "@/server/session-state"

export interface ConfirmEmailState {
  /** "invalid": unknown, used, expired or forged; "no-longer-valid": the account or the address changed meanwhile. */
  failed?: "invalid" | "no-longer-valid"
  ok?: boolean
  message?: string
}

/**
 * "Confirm" on the page behind the link mailed to the new address: a POST,
 * never the GET a mail scanner makes. The browser need not be signed in: the
 * link proves the new mailbox, the request itself took a recent proof of
 * identity. Every other session of the user ends; this browser's stays when it
 * is the user's own.
 */
export async function confirmEmailChangeAction(_previous: ConfirmEmailState, input: FormData): Promise<ConfirmEmailState> {
  const form = formInput(input)
  return whileDatabaseAnswers(async (): Promise<ConfirmEmailState> => {
    const signedInUserId = (await auth())?.user?.id ?? null
    const result = await confirmEmailChange(getPrisma(), { token: form.get("token"), signedInUserId })
    if (!result.ok) return { failed: result.reason }
    const { userId } = result.binding
    // After the transaction committed, the library's one revocation: database strategy, the other
    // rows go; jwt, every token before now is refused. This browser's session stays (with a new jwt)
    // when it is the user's own; should it have ended meanwhile, every session ends.
    const revoked = await sessions.revokeAll(userId, { keep: result.sessions === "others" })
    // A jwt carries the address: the update trigger copies it from the database (auth.ts).
    if (revoked.status === "ok" && revoked.kept && sessionStrategy === "jwt") await unstable_update({})
    await securityLog.record({ userId, type: "email-changed", outcome: "success" })
    const { origin } = await requestInfo()
    void sendEmailChangedMails(result.binding, origin).catch((error: unknown) => {
      console.error("[email change] a mail could not be sent:", error instanceof Error ? error.message : error)
    })
    // A page of its own, not a state of this form: with the jwt strategy the action set a new
    // cookie, and Next then renders this route again, where the used token is no longer valid.
    redirect(`/confirm-email?${new URLSearchParams({ outcome: "changed" })}`)
  })
}
