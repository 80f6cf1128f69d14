import type { Metadata } from "next"
import Link from "next/link"
import { signInPath } from "@/auth"
import { mailMode } from "@/lib/mail/deliver"
import { ForgotPasswordForm } from "./forgot-password-form"

export const metadata: Metadata = { title: "Forgot password" }
// Whether mail is configured is read at request time, not at build time.
export const dynamic = "force-dynamic"

export default function ForgotPasswordPage() {
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">Forgot your password?</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Enter your account&apos;s email address and we will mail you a link to choose a new password.
        </p>
      </div>
      {mailMode() === "off" ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Password reset needs email, which this site has not set up (EMAIL_SERVER).
        </p>
      ) : (
        <ForgotPasswordForm />
      )}
      <p className="text-sm">
        <Link href={signInPath()} className="font-medium text-indigo-700 underline dark:text-indigo-400">
          Back to sign in
        </Link>
      </p>
    </div>
  )
}
