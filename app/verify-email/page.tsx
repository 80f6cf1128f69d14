import type { Metadata } from "next"
import Link from "next/link"
import { auth, signInPath } from "@/auth"
import { confirmEmailAddress, isVerificationNext } from "@/server/accounts/email-verification"
import { getPrisma } from "@/lib/db/client"
import { disownSignUpAction } from "./actions"

export const metadata: Metadata = { title: "Confirm your email address", referrer: "no-referrer" }

type Search = { token?: string | string[]; outcome?: string | string[]; next?: string | string[] }

/**
 * The verification link. It verifies only in a browser signed in to the
 * account it was sent for (docs/decisions.md, "Account model"): anywhere
 * else the person holding the mail may be the address's owner looking at a
 * sign-up someone else made, so the page offers signing in to confirm, or
 * "This wasn't me", which takes that account back. A mail scanner following
 * the link changes nothing.
 */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { token, outcome, next } = await searchParams
  if (outcome === "disowned") {
    return (
      <Result title="Thank you" role="status">
        The account made with your address can no longer be used: its password, passkeys and linked accounts were removed and
        every session of it was ended. You can now sign in with a link mailed to you, or reset the password.
      </Result>
    )
  }
  const value = typeof token === "string" ? token : ""
  const userId = (await auth())?.user?.id ?? null
  const result = outcome === "invalid" ? "invalid" : await confirmEmailAddress(getPrisma(), value, userId)
  if (result === "confirmed") {
    // Asked for from Settings' two-factor section: the way back carries on turning it on.
    return isVerificationNext(next) ? (
      <Result title="Email address confirmed" role="status" link={{ href: "/settings#two-factor-heading", label: "Continue turning on two-factor authentication" }}>
        Thank you: your email address is confirmed. You can now turn on two-factor authentication.
      </Result>
    ) : (
      <Result title="Email address confirmed" role="status">Thank you: your email address is confirmed.</Result>
    )
  }
  if (result === "invalid") {
    return (
      <Result title="Link not valid" role="alert">
        This confirmation link has been used or has expired. You can send a new one from Settings.
      </Result>
    )
  }
  const back = `/verify-email?${new URLSearchParams({ token: value, ...(isVerificationNext(next) ? { next } : {}) })}`
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">Confirm your email address</h1>
      <p data-testid="verify-email-result" role="status">
        Someone created an account with this email address. If it was you, sign in to that account to confirm the address.
      </p>
      <Link href={signInPath(back)} className="font-medium text-indigo-700 underline dark:text-indigo-400">
        Sign in to confirm
      </Link>
      <form action={disownSignUpAction} className="space-y-2">
        <input type="hidden" name="token" value={value} />
        <p>If you did not create it, someone else used your address. This removes every way into that account.</p>
        <button type="submit" className="rounded-md border px-3 py-1.5 font-medium" data-testid="not-me">
          This wasn&apos;t me
        </button>
      </form>
    </div>
  )
}

const SETTINGS_LINK = { href: "/settings", label: "Go to Settings" }

function Result({
  title,
  role,
  link = SETTINGS_LINK,
  children,
}: {
  title: string
  role: "status" | "alert"
  link?: { href: string; label: string }
  children: React.ReactNode
}) {
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p data-testid="verify-email-result" role={role}>
        {children}
      </p>
      <Link href={link.href} className="font-medium text-indigo-700 underline dark:text-indigo-400">
        {link.label}
      </Link>
    </div>
  )
}
