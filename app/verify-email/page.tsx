import type { Metadata } from "next"
import Link from "next/link"
import { confirmEmailAddress } from "@/lib/accounts/email-verification"
import { getPrisma } from "@/lib/db/client"

export const metadata: Metadata = { title: "Confirm your email address", referrer: "no-referrer" }

/**
 * The verification link. Following it proves the mail arrived, so a mail
 * scanner using it up confirms the address just the same.
 */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams
  const confirmed = await confirmEmailAddress(getPrisma(), typeof token === "string" ? token : "")
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">{confirmed ? "Email address confirmed" : "Link not valid"}</h1>
      <p data-testid="verify-email-result" role={confirmed ? "status" : "alert"}>
        {confirmed
          ? "Thank you: your email address is confirmed."
          : "This confirmation link has been used or has expired. You can send a new one from Settings."}
      </p>
      <Link href="/settings" className="font-medium text-indigo-700 underline dark:text-indigo-400">
        Go to Settings
      </Link>
    </div>
  )
}
