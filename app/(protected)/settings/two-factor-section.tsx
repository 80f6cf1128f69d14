import { authConfig } from "@/auth"
import { getTwoFactorStatus } from "@/lib/auth"
import { TwoFactorPanel } from "./two-factor-panel"

function formatDate(date: Date | null): string | null {
  return date ? `${date.toISOString().slice(0, 16).replace("T", " ")} UTC` : null
}

/**
 * Settings › Two-factor authentication: a code from an authenticator app after
 * the first step of every sign-in. Changes to it ask for a recent proof of
 * identity (the actions' guard) and are mailed to the user. While the
 * account's address is unconfirmed it asks for that first
 * (`confirmAddressFirst`; server/accounts/two-factor-enrolment.ts).
 */
export async function TwoFactorSection({ userId, confirmAddressFirst, mailOff }: { userId: string; confirmAddressFirst: boolean; mailOff: boolean }) {
  const status = await getTwoFactorStatus(authConfig, userId)
  return (
    <section className="space-y-4" aria-labelledby="two-factor-heading">
      <div className="space-y-1">
        <h2 id="two-factor-heading" className="text-xl font-semibold">
          Two-factor authentication
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          After your password, email link or linked account, signing in also asks for a code from an app on your phone, one of your
          recovery codes, or a passkey.
        </p>
      </div>
      <TwoFactorPanel
        enabled={status.enabled}
        enabledAt={formatDate(status.enabledAt)}
        recoveryCodesLeft={status.recoveryCodesLeft}
        confirmAddressFirst={confirmAddressFirst}
        mailOff={mailOff}
      />
    </section>
  )
}
