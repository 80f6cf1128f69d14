"use server"

import { revalidatePath } from "next/cache"
import { oauthProviders, requireRecentAuthentication, securityLog } from "@/auth"
import { unlinkAccount } from "@/server/accounts/linked-accounts"
import { getPrisma } from "@/lib/db/client"
import { whileDatabaseAnswers } from "@/server/session-state"
import { formInput } from "@/server/form-input"

export interface UnlinkState {
  ok?: boolean
  message?: string
}

const REFUSALS = {
  "last-way": "This is your only way to sign in. Link another account, add a passkey or set a password first.",
  "not-linked": "That account is not linked to you.",
} as const

/** Unlinks one of the signed-in user's accounts; the guard keeps the last way to sign in. */
export async function unlinkAccountAction(_previous: UnlinkState, input: FormData): Promise<UnlinkState> {
  const form = formInput(input)
  return whileDatabaseAnswers(async () => {
    // A recent proof of identity first: a stale session goes to re-authenticate and back.
    const userId = (await requireRecentAuthentication({ callbackUrl: "/settings" })).user?.id
    if (!userId) return { ok: false, message: "Your session has ended. Sign in again." }
    const provider = String(form.get("provider") ?? "")
    const providerAccountId = String(form.get("providerAccountId") ?? "")
    const result = await unlinkAccount(getPrisma(), userId, { provider, providerAccountId })
    if (!result.ok) return { ok: false, message: REFUSALS[result.reason] }
    await securityLog.record({ userId, type: "account-unlinked", provider })
    revalidatePath("/settings")
    const name = oauthProviders.find((p) => p.id === provider)?.name ?? provider
    return { ok: true, message: `${name} unlinked. It no longer signs you in.` }
  })
}
