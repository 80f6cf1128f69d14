// The starter's 404 page (app/not-found.tsx): Next.js puts it into every page's payload.
import type { Metadata } from "next"
import Link from "next/link"

export const metadata: Metadata = { title: "Page not found", robots: { index: false } }

export default function NotFound() {
  return (
    <section className="space-y-4" data-testid="not-found">
      <p className="text-sm font-semibold text-indigo-600 dark:text-indigo-400">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="text-zinc-600 dark:text-zinc-400">
        There is no page at this address. Check the link, or start again from the home page.
      </p>
      <Link
        href="/"
        className="inline-block rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        Back to the home page
      </Link>
    </section>
  )
}
