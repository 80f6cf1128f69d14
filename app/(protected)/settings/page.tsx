import type { Metadata } from "next"
import { redirect } from "next/navigation"
import { providerNames, securityLog, signInPath } from "@/auth"
import { ActionStatusProvider } from "@/components/action-status"
import { RefusedWhileImpersonating } from "@/components/impersonation-refusal"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { impersonatorId } from "@/server/admin/impersonator"
import { mailMode } from "@/server/mail/deliver"
import { featureOffFor } from "@/server/adapter-features"
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
import { SettingsGroup } from "./settings-group"
import { SettingsNav } from "./settings-nav"
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
  const mailOff = mailMode() === "off"
  // What the library refuses during an impersonation is shown disabled, with why.
  const impersonating = impersonatorId(session) !== null
  return (
    // One outcome message at a time for the list actions (two-factor, passkeys, linked accounts, set password, sessions).
    <ActionStatusProvider>
      <div className="space-y-6 lg:space-y-8">
        <div className="space-y-1">
          <h1 className="text-display">Settings</h1>
          <p className="text-muted">
            Signed in as <span data-testid="settings-user-name">{session.user.name}</span>.
          </p>
        </div>
        {/* Anchored sections leave room for the sticky header (and, on a phone, this sub-navigation). */}
        <div className="lg:grid lg:grid-cols-[11rem_minmax(0,1fr)] lg:gap-10 [&_[id]]:scroll-mt-32 lg:[&_[id]]:scroll-mt-20">
          <SettingsNav />
          <div className="min-w-0 max-w-2xl space-y-12">
            <SettingsGroup id="profile" title="Profile">
              <SettingsForm name={session.user.name ?? ""} />
              {account?.email ? (
                <RefusedWhileImpersonating impersonating={impersonating}>
                  <EmailVerification email={account.email} verified={account.emailVerified !== null} mailOff={mailOff} />
                </RefusedWhileImpersonating>
              ) : null}
            </SettingsGroup>

            <SettingsGroup id="security" title="Security" description="The ways you sign in, and what protects them.">
              <RefusedWhileImpersonating impersonating={impersonating}>
              {userId ? (
                <TwoFactorSection userId={userId} confirmAddressFirst={Boolean(account?.email) && account?.emailVerified === null} mailOff={mailOff} />
              ) : null}
              {userId ? <PasskeysSection userId={userId} /> : null}
              {account?.passwordHash ? <ChangePasswordForm /> : account ? <SetPasswordSection email={account.email} mail={mailMode()} /> : null}
              {userId ? <LinkedAccounts userId={userId} /> : null}
              </RefusedWhileImpersonating>
            </SettingsGroup>

            <SettingsGroup id="sessions-and-activity" title="Sessions & activity" description="Where you are signed in and what happened on your account.">
              {/* Just above Sessions: the security notice mails link here to review activity and end sessions. */}
              {userId ? <SecurityActivitySection events={activity.value} now={new Date()} providerNames={providerNames} off={Boolean(featureOffFor("createSecurityEvent"))} /> : null}
              <RefusedWhileImpersonating impersonating={impersonating}>
                <SessionsSection />
              </RefusedWhileImpersonating>
            </SettingsGroup>

            {account ? (
              <SettingsGroup id="data" title="Data">
                <DataExportSection />
              </SettingsGroup>
            ) : null}

            {/* Last and set apart: the one action that cannot be undone. */}
            {account ? (
              <SettingsGroup id="danger-zone" title="Danger zone">
                <RefusedWhileImpersonating impersonating={impersonating}>
                  <DeleteAccountSection email={account.email} />
                </RefusedWhileImpersonating>
              </SettingsGroup>
            ) : null}
          </div>
        </div>
      </div>
    </ActionStatusProvider>
  )
}
