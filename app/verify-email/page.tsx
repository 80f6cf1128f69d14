import type { Metadata } from "next"
import type { ReactNode } from "react"
import { auth, signInPath } from "@/auth"
import { AuthPage, LinkProblem } from "@/components/auth-page"
import { Alert } from "@/components/ui/alert"
import { ButtonLink } from "@/components/ui/button-link"
import { buttonClass } from "@/components/ui/button-styles"
import { SubmitButton } from "@/components/ui/submit-button"
import { confirmEmailAddress, isVerificationNext } from "@/server/accounts/email-verification"
import { getPrisma } from "@/lib/db/client"
import { disownSignUpAction } from "./actions"

export const metadata: Metadata = { title: "Confirm your email address", referrer: "no-referrer" }

type Search = { token?: string | string[]; outcome?: string | string[]; next?: string | string[] }

/**
 * The verification link. It verifies only in a browser signed in to the
 * account it was sent for (docs/decisions/account-model-and-passwords.md, "Account model"): anywhere
 * else the person holding the mail may be the address's owner looking at a
 * sign-up someone else made, so the page offers signing in to confirm, or
 * "This wasn't me", which takes that account back. A mail scanner following
 * the link changes nothing.
 */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { token, outcome, next } = await searchParams
  if (outcome === "disowned") {
    return (
      <Result title="Thank you" tone="success" next={{ href: "/", label: "Go to the home page" }}>
        The account made with your address can no longer be used: its password, passkeys and linked accounts were removed and
        every session of it was ended. You can now sign in with a link mailed to you, or reset the password.
      </Result>
    )
  }
  const value = typeof token === "string" ? token : ""
  // No token at all: the address was typed or the link cut short. Nothing was used or expired.
  if (token === undefined && outcome === undefined) {
    return (
      <Problem title="Open the link from your email">
        This page confirms an email address, and needs the link from the confirmation email to do it. Open that link again (all of
        it: some mail apps break long links), or send a new one from Settings.
      </Problem>
    )
  }
  const userId = (await auth())?.user?.id ?? null
  const result = outcome === "invalid" ? "invalid" : await confirmEmailAddress(getPrisma(), value, userId)
  if (result === "confirmed") {
    // Asked for from Settings' two-factor section: the way back carries on turning it on.
    return isVerificationNext(next) ? (
      <Result
        title="Email address confirmed"
        tone="success"
        next={{ href: "/settings#two-factor-heading", label: "Continue turning on two-factor authentication" }}
      >
        Thank you: your email address is confirmed. You can now turn on two-factor authentication.
      </Result>
    ) : (
      <Result title="Email address confirmed" tone="success">
        Thank you: your email address is confirmed.
      </Result>
    )
  }
  if (result === "invalid") {
    return (
      <Problem title="Link not valid">
        This confirmation link has been used or has expired. You can send a new one from Settings.
      </Problem>
    )
  }
  const back = `/verify-email?${new URLSearchParams({ token: value, ...(isVerificationNext(next) ? { next } : {}) })}`
  return (
    <AuthPage title="Confirm your email address">
      <Alert tone="info" data-testid="verify-email-result">
        Someone created an account with this email address. If it was you, sign in to that account to confirm the address.
      </Alert>
      {/* A plain link: the sign-in page is the library's, outside the app router. */}
      <a href={signInPath(back)} className={buttonClass({ fullWidth: true })}>
        Sign in to confirm
      </a>
      <form action={disownSignUpAction} className="space-y-3 border-t border-border pt-5">
        <input type="hidden" name="token" value={value} />
        <p className="text-sm text-muted">
          If you did not create it, someone else used your address. This removes every way into that account.
        </p>
        <SubmitButton kind="danger" fullWidth pendingLabel="Removing…" data-testid="not-me">
          This wasn&apos;t me
        </SubmitButton>
      </form>
    </AuthPage>
  )
}

const SETTINGS_LINK = { href: "/settings", label: "Go to Settings" }

function Result({
  title,
  tone,
  next = SETTINGS_LINK,
  children,
}: {
  title: string
  tone: "success" | "info"
  next?: { href: string; label: string }
  children: ReactNode
}) {
  return (
    <AuthPage title={title}>
      <Alert tone={tone} data-testid="verify-email-result">
        {children}
      </Alert>
      <ButtonLink href={next.href} fullWidth>
        {next.label}
      </ButtonLink>
    </AuthPage>
  )
}

/** A link that cannot confirm anything: what happened, and the way to a new link. */
function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AuthPage title={title}>
      <LinkProblem
        data-testid="verify-email-result"
        next={
          <ButtonLink href="/settings" fullWidth>
            Go to Settings
          </ButtonLink>
        }
      >
        {children}
      </LinkProblem>
    </AuthPage>
  )
}
