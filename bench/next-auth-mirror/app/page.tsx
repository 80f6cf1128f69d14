import Link from "next/link"
import { auth } from "@/auth"
import { HomeIntro } from "../../../components/home-intro"
import { buttonClass } from "../../../components/ui"

// The starter's home page (app/page.tsx) as a signed-in user sees it, on next-auth's auth(). The
// bench is always signed in: the signed-out links and provider buttons are a plain link here.
export default async function HomePage() {
  const session = await auth()
  return (
    <div className="mx-auto max-w-2xl space-y-10 py-6 text-center sm:py-12">
      <section className="flex flex-col items-center space-y-6">
        <HomeIntro />
        {session?.user ? (
          <Link href="/dashboard" className={buttonClass({ kind: "primary", size: "lg" })}>
            Go to your dashboard
          </Link>
        ) : (
          <a href="/api/auth/signin">Sign in</a>
        )}
        <p data-testid="session-state" className="text-sm text-muted">
          {session?.user ? `Signed in as ${session.user.email}` : "Not signed in"}
        </p>
      </section>
    </div>
  )
}
