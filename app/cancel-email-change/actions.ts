"use server"

import { getPrisma } from "@/lib/db/client"
import { cancelEmailChange } from "@/server/accounts/email-change"
import { formInput } from "@/server/form-input"
import { whileDatabaseAnswers } from "@/server/session-state"

export interface CancelEmailChangeState {
  done?: { oldEmail: string }
  failed?: "invalid" | "no-longer-valid"
  ok?: boolean
  message?: string
}

/** "Cancel this change" from the notice mailed to the old address: every pending change of the account is void. */
export async function cancelEmailChangeAction(_previous: CancelEmailChangeState, input: FormData): Promise<CancelEmailChangeState> {
  const form = formInput(input)
  return whileDatabaseAnswers(async (): Promise<CancelEmailChangeState> => {
    const result = await cancelEmailChange(getPrisma(), form.get("token"))
    return result.ok ? { done: { oldEmail: result.binding.oldEmail } } : { failed: result.reason }
  })
}
