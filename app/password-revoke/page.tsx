import type { Metadata } from "next"
import type { ReactNode } from "react"
import { AuthPage, LinkProblem } from "@/components/auth-page"
import { Alert } from "@/components/ui/alert"
import { ButtonLink } from "@/components/ui/button-link"
import { SubmitButton } from "@/components/ui/submit-button"
import { getPrisma } from "@/lib/db/client"
import { readPasswordRevokeToken } from "@/server/accounts/password-revoke-tokens"
import { revokePasswordAction } from "./actions"

export const metadata: Metadata = { title: "Remove your password", referrer: "no-referrer" }

type Search = { token?: string | string[]; outcome?: string | string[] }

/**
 * "It wasn't me" from the wrong two-factor codes notice. Opening the link
 * only shows what the button will do: mail scanners fetch links, so only the
 * form's POST (revokePasswordAction) removes the password.
 */
export default async function PasswordRevokePage({ searchParams }: { searchParams: Promise<Search> }) {
  const { token, outcome } = await searchParams
  if (outcome === "revoked") {
    return (
      <AuthPage title="Your password was removed">
        <Alert tone="success" data-testid="password-revoke-result">
          Whoever had your password can no longer sign in with it, and every session of your account was signed out. Sign in with a
          link mailed to you, a passkey or a linked account, or choose a new password with Forgot password.
        </Alert>
        <ButtonLink href="/forgot-password" fullWidth>
          Choose a new password
        </ButtonLink>
      </AuthPage>
    )
  }
  const value = typeof token === "string" ? token : ""
  const link = outcome === "expired" || outcome === "invalid" ? { status: outcome } : await readPasswordRevokeToken(getPrisma(), value)
  if (link.status === "expired") {
    return (
      <Problem title="Link expired">
        This link has expired and changed nothing. If someone still has your password, choose a new one with Forgot password.
      </Problem>
    )
  }
  if (link.status === "invalid") {
    return (
      <Problem title="Link not valid">
        This link has been used already, or your password changed since the email was sent: it changed nothing. If someone still has
        your password, choose a new one with Forgot password.
      </Problem>
    )
  }
  return (
    <AuthPage title="Remove your password">
      <Alert tone="info" data-testid="password-revoke-result">
        Someone entered your password and then wrong two-factor codes. If it was not you, remove the password: whoever has it can no
        longer use it, and every session of your account is signed out. You can choose a new password afterwards.
      </Alert>
      <form action={revokePasswordAction} className="space-y-3">
        <input type="hidden" name="token" value={value} />
        <SubmitButton kind="danger" fullWidth pendingLabel="Removing…" data-testid="revoke-password">
          It wasn&apos;t me: remove my password
        </SubmitButton>
      </form>
    </AuthPage>
  )
}

/** A link that can do nothing: what happened, and the way to a new password. */
function Problem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AuthPage title={title}>
      <LinkProblem
        data-testid="password-revoke-result"
        next={
          <ButtonLink href="/forgot-password" fullWidth>
            Choose a new password
          </ButtonLink>
        }
      >
        {children}
      </LinkProblem>
    </AuthPage>
  )
}
