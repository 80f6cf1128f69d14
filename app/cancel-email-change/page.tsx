import type { Metadata } from "next"
import { AuthPage } from "@/components/auth-page"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { getPrisma } from "@/lib/db/client"
import { peekEmailChangeCancel } from "@/server/accounts/email-change"
import { unlessUnavailable } from "@/server/session-state"
import { CancelEmailChangeForm, InvalidCancelLink } from "./cancel-form"

export const metadata: Metadata = { title: "Cancel the change of email address", referrer: "no-referrer", robots: { index: false } }

const SECURITY_HREF = "/settings#security-activity"

/** The cancel link from the notice mailed to the old address; a POST (the button) cancels, never the GET. */
export default async function CancelEmailChangePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams
  const value = typeof token === "string" ? token : ""
  const read = await unlessUnavailable(() => peekEmailChangeCancel(getPrisma(), value))
  if ("unavailable" in read) return <ServiceUnavailable />
  const binding = read.value
  return (
    <AuthPage title="Cancel the change of email address">
      {binding ? (
        <CancelEmailChangeForm token={value} newEmail={binding.newEmail} securityHref={SECURITY_HREF} />
      ) : (
        <InvalidCancelLink reason={token === undefined ? "missing" : "invalid"} securityHref={SECURITY_HREF} />
      )}
    </AuthPage>
  )
}
