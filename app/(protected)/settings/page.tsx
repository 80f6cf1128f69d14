import type { Metadata } from "next"
import { redirect } from "next/navigation"
import { providerNames, securityLog, signInPath } from "@/auth"
import { ActionStatusProvider } from "@/components/action-status"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { mailMode } from "@/server/mail/deliver"
import { sessionState, unlessUnavailable } from "@/server/session-state"
import { getPrisma } from "@/lib/db/client"
import { ChangePasswordForm } from "./change-password-form"
import { DataExportSection } from "./data-export-section"
import { DeleteAccountSection } from "./delete-account-section"
import { EmailVerification } from "./email-verification"
import { PasskeysSection } from "./passkeys-section"
import { SecurityActivitySection } from "./security-activity-section"
import { LinkedAccounts } from "./linked-accounts"
import { SessionsSection } from "./sessions-section"
import { SetPasswordSection } from "./set-password-section"
import { SettingsForm } from "./settings-form"
import { TwoFactorSection } from "./two-factor-section"

export const metadata: Metadata = { title: "Settings" }

export default async function SettingsPage() {
  const { session, unavailable } = await sessionState()
  if (unavailable) return <ServiceUnavailable />
  if (!session?.user) redirect(signInPath("/settings"))
  const userId = session.user.id
  // Under the jwt strategy the session reads without the database; this page's data does not.
  const read = await unlessUnavailable(() =>
    userId ? getPrisma().user.findUnique({ where: { id: userId }, select: { email: true, emailVerified: true, passwordHash: true } }) : Promise.resolve(null),
  )
  if ("unavailable" in read) return <ServiceUnavailable />
  const account = read.value
  // The security log too: an unreachable database is "temporarily unavailable", never an empty log.
  const activity = await unlessUnavailable(() => (userId ? securityLog.list(userId, 50) : Promise.resolve([])))
  if ("unavailable" in activity) return <ServiceUnavailable />
  return (
    // One outcome message at a time for the list actions (two-factor, passkeys, linked accounts, set password, sessions).
    <ActionStatusProvider>
      <div className="max-w-md space-y-8">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
          <p className="text-zinc-600 dark:text-zinc-400">
            Signed in as <span data-testid="settings-user-name">{session.user.name}</span>.
          </p>
        </div>
        <SettingsForm name={session.user.name ?? ""} />
        {account?.email ? <EmailVerification email={account.email} verified={account.emailVerified !== null} mailOff={mailMode() === "off"} /> : null}
        {session.user.id ? (
          <TwoFactorSection
            userId={session.user.id}
            confirmAddressFirst={Boolean(account?.email) && account?.emailVerified === null}
            mailOff={mailMode() === "off"}
          />
        ) : null}
        {session.user.id ? <PasskeysSection userId={session.user.id} /> : null}
        {session.user.id ? <LinkedAccounts userId={session.user.id} /> : null}
        {account?.passwordHash ? <ChangePasswordForm /> : account ? <SetPasswordSection email={account.email} mail={mailMode()} /> : null}
        {/* Just above Sessions: the security notice mails link here to review activity and end sessions. */}
        {session.user.id ? <SecurityActivitySection events={activity.value} now={new Date()} providerNames={providerNames} /> : null}
        <SessionsSection />
        {account ? <DataExportSection /> : null}
        {/* Last: the one action that cannot be undone. */}
        {account ? <DeleteAccountSection email={account.email} /> : null}
      </div>
    </ActionStatusProvider>
  )
}
