import type { Metadata } from "next"
import { signInPath } from "@/auth"
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
    <div className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Choose a new password</h1>
      {email ? (
        <>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            For <span data-testid="reset-password-email">{email}</span>.
          </p>
          <ResetPasswordForm token={value} email={email} signInHref={signInPath("/dashboard")} />
        </>
      ) : (
        <InvalidResetLink />
      )}
    </div>
  )
}
