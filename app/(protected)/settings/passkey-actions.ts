"use server"

import { revalidatePath } from "next/cache"
import { auth, requireRecentAuthentication, securityLog } from "@/auth"
import { deletePasskey, PASSKEY_NAME_MAX, renamePasskey } from "@/server/accounts/passkeys"
import { getPrisma } from "@/lib/db/client"
import { whileDatabaseAnswers } from "@/server/session-state"
import { formInput } from "@/server/form-input"

export interface PasskeyActionState {
  ok?: boolean
  message?: string
  /** The field a refusal is about ("name": the rename dialog shows it there). */
  field?: "name"
}

const REFUSALS = {
  not_found: "That passkey no longer exists.",
  invalid_name: `Enter a name of 1 to ${PASSKEY_NAME_MAX} characters.`,
  last_sign_in_method:
    "This passkey is your only way to sign in. Add another passkey or set a password before deleting it.",
} as const

const SIGNED_OUT: PasskeyActionState = { ok: false, message: "Your session has ended. Sign in again." }

export async function renamePasskeyAction(_previous: PasskeyActionState, input: FormData): Promise<PasskeyActionState> {
  const form = formInput(input)
  return whileDatabaseAnswers(async () => {
    const userId = (await auth())?.user?.id
    if (!userId) return SIGNED_OUT
    const result = await renamePasskey(getPrisma(), userId, String(form.get("credentialID") ?? ""), form.get("name"))
    if (!result.ok) return { ok: false, message: REFUSALS[result.reason], field: result.reason === "invalid_name" ? "name" : undefined }
    revalidatePath("/settings")
    return { ok: true, message: "Passkey renamed." }
  })
}

export async function deletePasskeyAction(_previous: PasskeyActionState, input: FormData): Promise<PasskeyActionState> {
  const form = formInput(input)
  return whileDatabaseAnswers(async () => {
    // A recent proof of identity first: a stale session goes to re-authenticate and back.
    const userId = (await requireRecentAuthentication({ callbackUrl: "/settings" })).user?.id
    if (!userId) return SIGNED_OUT
    const result = await deletePasskey(getPrisma(), userId, String(form.get("credentialID") ?? ""))
    if (!result.ok) return { ok: false, message: REFUSALS[result.reason] }
    await securityLog.record({ userId, type: "passkey-removed", provider: "passkey", detail: result.name })
    revalidatePath("/settings")
    return { ok: true, message: "Passkey deleted." }
  })
}

/**
 * Runs before the browser starts registering a passkey (the registration
 * itself talks to the library's WebAuthn endpoints directly): a stale session
 * is sent to re-authenticate and back to Settings instead of adding a key.
 */
export async function prepareAddPasskeyAction(): Promise<PasskeyActionState> {
  await requireRecentAuthentication({ callbackUrl: "/settings" })
  return { ok: true }
}
