import Link from "next/link"
import { auth } from "@/auth"
import { HomeIntro } from "../../../components/home-intro"

// The starter's home page (app/page.tsx) as a signed-in user sees it, on next-auth's auth(). The
// bench is always signed in: the signed-out links and provider buttons are a plain link here.
export default async function HomePage() {
  const session = await auth()
  return (
    <div className="space-y-10">
      <section className="space-y-4">
        <HomeIntro />
        <div className="flex flex-wrap gap-3">
          {session?.user ? (
            <Link href="/dashboard" className="rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500">
              Go to your dashboard
            </Link>
          ) : (
            <a href="/api/auth/signin">Sign in</a>
          )}
        </div>
        <p data-testid="session-state" className="text-sm text-zinc-500 dark:text-zinc-400">
          {session?.user ? `Signed in as ${session.user.email}` : "Not signed in"}
        </p>
      </section>
    </div>
  )
}
