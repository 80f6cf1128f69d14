import type { Metadata } from "next"
import { cookies } from "next/headers"
import { notFound } from "next/navigation"
import { defaultAccessControl } from "@/lib/auth"
import { getPrisma } from "@/lib/db/client"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { Alert, Button, ButtonLink, Card } from "@/components/ui"
import { guardAdminPage } from "@/server/admin/admin-page"
import { adminUserDetail } from "@/server/admin/user-detail"
import { isUserId } from "@/server/admin/user-id"
import { FLASH_COOKIE, decodeFlash } from "@/server/flash-cookie"
import { sessionState, unlessUnavailable } from "@/server/session-state"
import { type ActionSubject, actionFields, actionText, isActionId, offered } from "../../action-catalog"
import { confirmedAdminAction } from "./actions"

export const metadata: Metadata = { title: "Confirm action" }

/**
 * /admin/users/[id]/confirm/[action]: the question a dialog asks, as a page
 * of its own, for a browser without JavaScript (the user page's buttons are
 * links here until its script runs). A plain form posts to the same server
 * action; a refusal comes back here with its reason.
 */
export default async function ConfirmAdminActionPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string; action: string }>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const { id, action } = await params
  if (!isUserId(id) || !isActionId(action)) notFound()
  if ((await sessionState()).unavailable) return <ServiceUnavailable />
  const session = await guardAdminPage({ user: ["get"] }, `/admin/users/${id}/confirm/${action}`)
  const read = await unlessUnavailable(() => adminUserDetail(getPrisma(), id))
  if ("unavailable" in read) return <ServiceUnavailable />
  const user = read.value
  if (!user) notFound()
  const label = user.email ?? user.name ?? user.id
  const subject: ActionSubject = {
    userId: user.id,
    label,
    roles: user.roles,
    roleNames: defaultAccessControl.roleNames.filter((r) => r !== "user"),
    banned: user.ban !== null,
    twoFactor: user.twoFactor,
    self: session.user?.id === user.id,
    isAdmin: user.roles.includes("admin") || user.adminByEmail,
    hasEmail: user.email !== null,
  }
  if (!offered(action, subject)) notFound()
  const text = actionText(action, label)
  // The refusal the action left (server/flash.ts); the toaster would show it too, but only with JavaScript.
  const refusal = (await searchParams).failed === "1" ? decodeFlash((await cookies()).get(FLASH_COOKIE)?.value) : null

  return (
    <div className="mx-auto w-full max-w-lg">
      <Card title={text.title} headingLevel={1} description={text.description} tone={text.danger ? "danger" : "default"}>
        <form action={confirmedAdminAction} className="space-y-4" data-testid="admin-confirm-form">
          <input type="hidden" name="userId" value={user.id} />
          <input type="hidden" name="action" value={action} />
          {refusal?.kind === "error" ? <Alert tone="error">{refusal.message}</Alert> : null}
          {actionFields(action, subject)}
          <div className="flex flex-wrap justify-end gap-3">
            <ButtonLink kind="secondary" href={`/admin/users/${user.id}`}>
              Cancel
            </ButtonLink>
            <Button type="submit" kind={text.danger ? "danger" : "primary"}>
              {text.confirmLabel}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  )
}
