import type { Metadata } from "next"
import { signInPath } from "@/auth"
import { AuthPage } from "@/components/auth-page"
import { resetTokenEmail } from "@/server/accounts/password-reset"
import { getPrisma } from "@/lib/db/client"
import { InvalidResetLink, ResetPasswordForm } from "./reset-password-form"

export const metadata: Metadata = { title: "Choose a new password", referrer: "no-referrer" }

// Opening the link only shows the form (mail scanners fetch links too); the token is used on submit.
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams
  const value = typeof token === "string" ? token : ""
  const email = await resetTokenEmail(getPrisma(), value)
  return (
    <AuthPage
      title="Choose a new password"
      description={
        email ? (
          <p>
            For <span data-testid="reset-password-email" className="font-medium text-fg">{email}</span>.
          </p>
        ) : undefined
      }
    >
      {email ? <ResetPasswordForm token={value} email={email} signInHref={signInPath("/dashboard")} /> : <InvalidResetLink missing={token === undefined} />}
    </AuthPage>
  )
}
