"use server"

import { redirect } from "next/navigation"
import { auth, impersonation } from "@/auth"
import { impersonatorId } from "@/server/admin/impersonator"
import { isUserId } from "@/server/admin/user-id"
import { flash } from "@/server/flash"

/**
 * "Stop impersonating": ends the impersonation session, puts the
 * admin's own session back and returns them to the user's admin page. Called
 * from any other session it does nothing but go home; it never signs anyone
 * in (the admin's session comes only from the cookie kept aside at the start).
 */
export async function stopImpersonatingAction(): Promise<void> {
  const session = await auth().catch(() => null)
  const target = impersonatorId(session) ? session?.user?.id : undefined
  const stopped = await impersonation.stop().catch((error: unknown) => {
    console.error("[admin] stopping an impersonation failed:", error instanceof Error ? error.message : error)
    return false
  })
  if (stopped) await flash("Impersonation ended: you are back in your own account.")
  redirect(stopped && isUserId(target) ? `/admin/users/${target}` : "/")
}
