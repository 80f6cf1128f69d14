"use server"

import { revalidatePath } from "next/cache"
import { auth, unstable_update } from "@/auth"
import { normalizeName } from "@/server/accounts/users"
import { getPrisma } from "@/lib/db/client"
import { whileDatabaseAnswers } from "@/server/session-state"
import { formInput } from "@/server/form-input"

export interface SettingsState {
  ok?: boolean
  message?: string
  /** What the user typed, given back after a refusal so the field keeps it. */
  name?: string
}

/**
 * Saves the display name in the database (the source of truth for both
 * strategies), then refreshes the session through the update flow so the
 * jwt cookie and every rendered view show it at once.
 */
export async function updateNameAction(_previous: SettingsState, input: FormData): Promise<SettingsState> {
  const form = formInput(input)
  return whileDatabaseAnswers(async () => {
    const session = await auth()
    const id = session?.user?.id
    if (!id) return { ok: false, message: "Your session has ended. Sign in again." }
    const name = normalizeName(form.get("name"))
    const typed = form.get("name")
    if (!name) return { ok: false, message: "Enter a name of 1 to 80 characters.", name: typeof typed === "string" ? typed.slice(0, 200) : undefined }
    await getPrisma().user.update({ where: { id }, data: { name } })
    await unstable_update({ user: { name } })
    revalidatePath("/", "layout")
    return { ok: true, message: "Display name saved." }
  })
}
