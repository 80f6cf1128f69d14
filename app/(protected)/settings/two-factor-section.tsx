import { authConfig } from "@/auth"
import { getTwoFactorStatus } from "@/lib/auth"
import { Card } from "@/components/ui"
import { featureOffFor } from "@/server/adapter-features"
import { TwoFactorPanel } from "./two-factor-panel"

/**
 * Settings › Two-factor authentication: a code from an authenticator app after
 * the first step of every sign-in. Changes to it ask for a recent proof of
 * identity (the actions' guard) and are mailed to the user. While the
 * account's address is unconfirmed it asks for that first
 * (`confirmAddressFirst`; server/accounts/two-factor-enrolment.ts).
 */
export async function TwoFactorSection({ userId, confirmAddressFirst, mailOff }: { userId: string; confirmAddressFirst: boolean; mailOff: boolean }) {
  if (featureOffFor("getTwoFactor")) {
    return (
      <Card as="section" id="two-factor" headingLevel={3} title="Two-factor authentication">
        <p className="text-sm text-muted" data-testid="two-factor-off">
          Two-factor authentication is not available on this site: its database adapter has no place to keep a second factor.
        </p>
      </Card>
    )
  }
  const status = await getTwoFactorStatus(authConfig, userId)
  return (
    <Card
      as="section"
      id="two-factor"
      headingLevel={3}
      title="Two-factor authentication"
      description="After your password, email link or linked account, signing in also asks for a code from an app on your phone, one of your recovery codes, or a passkey."
    >
      <TwoFactorPanel
        enabled={status.enabled}
        enabledAt={status.enabledAt ? status.enabledAt.toISOString() : null}
        renderedAt={new Date().toISOString()}
        recoveryCodesLeft={status.recoveryCodesLeft}
        confirmAddressFirst={confirmAddressFirst}
        mailOff={mailOff}
      />
    </Card>
  )
}
