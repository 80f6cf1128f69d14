import type { Metadata } from "next"
import { signInPath } from "@/auth"
import { AuthPage } from "@/components/auth-page"
import { linkClass } from "@/components/ui/text-link"
import { mailMode } from "@/server/mail/deliver"
import { ForgotPasswordForm } from "./forgot-password-form"

export const metadata: Metadata = { title: "Forgot password" }
// Whether mail is configured is read at request time, not at build time.
export const dynamic = "force-dynamic"

export default function ForgotPasswordPage() {
  const mail = mailMode()
  return (
    <AuthPage
      title="Forgot your password?"
      description={
        mail === "off" ? (
          // One statement, no form: without mail there is no way to send the link the intro would promise.
          <p data-testid="forgot-password-mail-off">
            Email is not configured on this site, so it cannot send you a link to choose a new password. Sign in another way (a
            passkey or a linked account), or ask the site&apos;s administrator for help.
          </p>
        ) : (
          <p>Enter your account&apos;s email address and we will mail you a link to choose a new password.</p>
        )
      }
      footer={
        // A plain link: the sign-in page is the library's, outside the app router.
        <a href={signInPath()} className={linkClass}>
          Back to sign in
        </a>
      }
    >
      {mail === "off" ? null : <ForgotPasswordForm devMailbox={mail === "dev-mailbox"} />}
    </AuthPage>
  )
}
