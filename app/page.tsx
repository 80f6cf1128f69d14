import Link from "next/link"
import { signInPath } from "@/auth"
import { sessionState } from "@/server/session-state"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { ProviderButtons } from "@/components/provider-buttons"
import { HomeIntro } from "@/components/home-intro"

export default async function HomePage({ searchParams }: { searchParams: Promise<{ account?: string | string[] }> }) {
  const { session, unavailable } = await sessionState()
  if (unavailable) return <ServiceUnavailable />
  // Where Settings › Delete account sends the former user. Anyone can add the parameter; it only shows this line.
  const deleted = (await searchParams).account === "deleted" && !session?.user
  return (
    <div className="max-w-2xl space-y-10">
      {deleted ? (
        <p role="status" data-testid="account-deleted-notice" className="rounded-md bg-zinc-100 px-4 py-3 text-sm dark:bg-zinc-800">
          Your account was deleted. You are signed out everywhere.
        </p>
      ) : null}
      <section className="space-y-4">
        <HomeIntro />
        <div className="flex flex-wrap gap-3">
          {session?.user ? (
            <Link
              href="/dashboard"
              className="rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500"
            >
              Go to your dashboard
            </Link>
          ) : (
            <>
              <Link
                href="/signup"
                className="rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500"
              >
                Create an account
              </Link>
              {/* A plain link: the sign-in page is served by the auth route handler, not the router,
                  and a router prefetch of it never settles. */}
              <a
                href={signInPath()}
                className="rounded-md border border-zinc-300 px-4 py-2 font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
              >
                Sign in
              </a>
            </>
          )}
        </div>
        {session?.user ? null : <ProviderButtons />}
        <p data-testid="session-state" className="text-sm text-zinc-500 dark:text-zinc-400">
          {session?.user ? `Signed in as ${session.user.email}` : "Not signed in"}
        </p>
      </section>
    </div>
  )
}
