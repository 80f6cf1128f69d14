import type { Metadata } from "next"
import { signInPath } from "@/auth"
import { AuthPage } from "@/components/auth-page"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { getPrisma } from "@/lib/db/client"
import { peekEmailChange } from "@/server/accounts/email-change"
import { sessionState, unlessUnavailable } from "@/server/session-state"
import { ConfirmEmailForm, EmailChanged, InvalidEmailChangeLink } from "./confirm-email-form"

export const metadata: Metadata = { title: "Confirm your new email address", referrer: "no-referrer", robots: { index: false } }

/**
 * The link mailed to the new address. Opening it only shows what would change
 * (mail scanners fetch links too); the button's POST makes the change.
 */
export default async function ConfirmEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[]; outcome?: string | string[] }> }) {
  const { token, outcome } = await searchParams
  if (outcome === "changed") {
    // Signed in (the user's own browser, kept): the address as the session now has it.
    const { session } = await sessionState()
    return (
      <AuthPage title="Email address changed">
        <EmailChanged email={session?.user?.email ?? null} signInHref={signInPath("/settings")} />
      </AuthPage>
    )
  }
  const value = typeof token === "string" ? token : ""
  const read = await unlessUnavailable(() => peekEmailChange(getPrisma(), value))
  if ("unavailable" in read) return <ServiceUnavailable />
  const binding = read.value
  return (
    <AuthPage title={binding ? `Confirm the change to ${binding.newEmail}` : "Confirm your new email address"}>
      {binding ? (
        <ConfirmEmailForm token={value} newEmail={binding.newEmail} />
      ) : (
        <InvalidEmailChangeLink reason={token === undefined ? "missing" : "invalid"} />
      )}
    </AuthPage>
  )
}
