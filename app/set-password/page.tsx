import type { Metadata } from "next"
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
    <div className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Set a password</h1>
      {email ? (
        <>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            For <span data-testid="set-password-email">{email}</span>.
          </p>
          <SetPasswordForm token={value} email={email} />
        </>
      ) : (
        <InvalidSetPasswordLink />
      )}
    </div>
  )
}
