import type { Metadata } from "next"
import { redirect } from "next/navigation"
import { auth, signInPath } from "@/auth"
import { getPrisma } from "@/lib/db/client"
import { ChangePasswordForm } from "./change-password-form"
import { EmailVerification } from "./email-verification"
import { PasskeysSection } from "./passkeys-section"
import { LinkedAccounts } from "./linked-accounts"
import { SessionsSection } from "./sessions-section"
import { SettingsForm } from "./settings-form"

export const metadata: Metadata = { title: "Settings" }

export default async function SettingsPage({ searchParams }: { searchParams: Promise<{ notice?: string }> }) {
  const session = await auth()
  if (!session?.user) redirect(signInPath("/settings"))
  const account = session.user.id
    ? await getPrisma().user.findUnique({ where: { id: session.user.id }, select: { email: true, emailVerified: true, passwordHash: true } })
    : null
  return (
    <div className="max-w-md space-y-8">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
        <p className="text-zinc-600 dark:text-zinc-400">
          Signed in as <span data-testid="settings-user-name">{session.user.name}</span>.
        </p>
      </div>
      <SettingsForm name={session.user.name ?? ""} />
      {account?.email ? <EmailVerification email={account.email} verified={account.emailVerified !== null} /> : null}
      {session.user.id ? <PasskeysSection userId={session.user.id} /> : null}
      {session.user.id ? <LinkedAccounts userId={session.user.id} notice={(await searchParams).notice} /> : null}
      {account?.passwordHash ? <ChangePasswordForm /> : null}
      <SessionsSection />
    </div>
  )
}
