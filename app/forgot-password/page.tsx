import type { Metadata } from "next"
import Link from "next/link"
import { signInPath } from "@/auth"
import { mailMode } from "@/server/mail/deliver"
import { ForgotPasswordForm } from "./forgot-password-form"

export const metadata: Metadata = { title: "Forgot password" }
// Whether mail is configured is read at request time, not at build time.
export const dynamic = "force-dynamic"

export default function ForgotPasswordPage() {
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">Forgot your password?</h1>
        {mailMode() === "off" ? (
          // One statement, no form: without mail there is no way to send the link the intro would promise.
          <p data-testid="forgot-password-mail-off" className="text-sm text-zinc-600 dark:text-zinc-400">
            Email is not configured on this site, so it cannot send you a link to choose a new password. Sign in
            another way (a passkey or a linked account), or ask the site&apos;s administrator for help.
          </p>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Enter your account&apos;s email address and we will mail you a link to choose a new password.
          </p>
        )}
      </div>
      {mailMode() === "off" ? null : <ForgotPasswordForm devMailbox={mailMode() === "dev-mailbox"} />}
      <p className="text-sm">
        <Link href={signInPath()} className="font-medium text-indigo-700 underline dark:text-indigo-400">
          Back to sign in
        </Link>
      </p>
    </div>
  )
}
