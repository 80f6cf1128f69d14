import type { Metadata } from "next"
import { notFound } from "next/navigation"
import { defaultAccessControl } from "@/lib/auth"
import { getPrisma } from "@/lib/db/client"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { NoScriptConfirmPage } from "@/components/no-script-confirm-page"
import { guardAdminPage } from "@/server/admin/admin-page"
import { adminUserDetail } from "@/server/admin/user-detail"
import { isUserId } from "@/server/admin/user-id"
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
  return (
    <NoScriptConfirmPage
      title={text.title}
      headingLevel={1}
      description={text.description}
      danger={text.danger}
      action={confirmedAdminAction}
      formTestId="admin-confirm-form"
      hiddenFields={{ userId: user.id, action }}
      failed={(await searchParams).failed === "1"}
      cancelHref={`/admin/users/${user.id}`}
      confirmLabel={text.confirmLabel}
    >
      {actionFields(action, subject)}
    </NoScriptConfirmPage>
  )
}
