import Link from "next/link"
import { signInPath } from "@/auth"
import { sessionState } from "@/server/session-state"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { ProviderButtons } from "@/components/provider-buttons"
import { HomeIntro } from "@/components/home-intro"
import { buttonClass } from "@/components/ui"

export default async function HomePage({ searchParams }: { searchParams: Promise<{ account?: string | string[] }> }) {
  const { session, unavailable } = await sessionState()
  if (unavailable) return <ServiceUnavailable />
  // Where Settings › Delete account sends the former user. Anyone can add the parameter; it only shows this line.
  const deleted = (await searchParams).account === "deleted" && !session?.user
  return (
    <div className="max-w-2xl space-y-10">
      {deleted ? (
        <p role="status" data-testid="account-deleted-notice" className="rounded-control bg-surface-muted px-4 py-3 text-sm">
          Your account was deleted. You are signed out everywhere.
        </p>
      ) : null}
      <section className="space-y-4">
        <HomeIntro />
        <div className="flex flex-wrap gap-3">
          {session?.user ? (
            <Link href="/dashboard" className={buttonClass({ kind: "primary" })}>
              Go to your dashboard
            </Link>
          ) : (
            <>
              <Link href="/signup" className={buttonClass({ kind: "primary" })}>
                Create an account
              </Link>
              {/* A plain link: the sign-in page is served by the auth route handler, not the router,
                  and a router prefetch of it never settles. */}
              <a href={signInPath()} className={buttonClass({ kind: "secondary" })}>
                Sign in
              </a>
            </>
          )}
        </div>
        {session?.user ? null : <ProviderButtons />}
        <p data-testid="session-state" className="text-sm text-muted">
          {session?.user ? `Signed in as ${session.user.email}` : "Not signed in"}
        </p>
      </section>
    </div>
  )
}
