import Link from "next/link"
import { signInPath } from "@/auth"
import { sessionState } from "@/server/session-state"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { ProviderButtons } from "@/components/provider-buttons"
import { HomeIntro } from "@/components/home-intro"
import { buttonClass } from "@/components/ui"

/**
 * The landing page: the welcome, and one call to action (create an account,
 * or back to the dashboard once signed in). Signing in stays a quiet link,
 * with the providers' one-click buttons beside it for returning users.
 */
export default async function HomePage({ searchParams }: { searchParams: Promise<{ account?: string | string[] }> }) {
  const { session, unavailable } = await sessionState()
  if (unavailable) return <ServiceUnavailable />
  // Where Settings › Delete account sends the former user. Anyone can add the parameter; it only shows this line.
  const deleted = (await searchParams).account === "deleted" && !session?.user
  return (
    <div className="mx-auto max-w-2xl space-y-10 py-6 text-center sm:py-12">
      {deleted ? (
        <p role="status" data-testid="account-deleted-notice" className="rounded-control bg-surface-muted px-4 py-3 text-sm">
          Your account was deleted. You are signed out everywhere.
        </p>
      ) : null}
      <section className="flex flex-col items-center space-y-6">
        <HomeIntro />
        {session?.user ? (
          <Link href="/dashboard" className={buttonClass({ kind: "primary", size: "lg" })}>
            Go to your dashboard
          </Link>
        ) : (
          <Link href="/signup" className={buttonClass({ kind: "primary", size: "lg" })}>
            Create an account
          </Link>
        )}
        {session?.user ? null : (
          <div className="flex flex-col items-center gap-3 text-sm text-muted">
            <p>
              Already have an account?{" "}
              {/* A plain link: the sign-in page is served by the auth route handler, not the router,
                  and a router prefetch of it never settles. */}
              <a href={signInPath()} className="font-medium text-accent-text underline-offset-4 hover:underline">
                Sign in
              </a>
            </p>
            <ProviderButtons />
          </div>
        )}
        <p data-testid="session-state" className="text-sm text-muted">
          {session?.user ? `Signed in as ${session.user.email}` : "Not signed in"}
        </p>
      </section>
    </div>
  )
}
