import type { Metadata } from "next"
import { AuthPage } from "@/components/auth-page"
import { setPasswordTokenEmail } from "@/server/accounts/set-password"
import { getPrisma } from "@/lib/db/client"
import { InvalidSetPasswordLink, SetPasswordForm } from "./set-password-form"

export const metadata: Metadata = { title: "Set a password", referrer: "no-referrer" }

// The link mailed from Settings › Password. Opening it only shows the form (mail scanners fetch
// links too); the token is used when the form is submitted.
export default async function SetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams
  const value = typeof token === "string" ? token : ""
  const email = await setPasswordTokenEmail(getPrisma(), value)
  return (
    <AuthPage
      title="Set a password"
      description={
        email ? (
          <p>
            For <span data-testid="set-password-email" className="font-medium text-fg">{email}</span>.
          </p>
        ) : undefined
      }
    >
      {email ? <SetPasswordForm token={value} email={email} /> : <InvalidSetPasswordLink missing={token === undefined} />}
    </AuthPage>
  )
}
