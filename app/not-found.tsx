/**
 * The app's 404 page: any unknown path, and every `notFound()` call, inside the
 * root layout (header and account menu included) rather than Next's bare default.
 */
import type { Metadata } from "next"
import { ButtonLink } from "@/components/ui/button-link"

export const metadata: Metadata = { title: "Page not found", robots: { index: false } }

export default function NotFound() {
  return (
    <section className="mx-auto w-full max-w-md" data-testid="not-found">
      <div className="rounded-card border border-border bg-surface px-6 py-8 text-center shadow-card">
        <p className="text-sm font-semibold text-accent-text">404</p>
        <h1 className="mt-2 text-title">Page not found</h1>
        <p className="mt-3 text-muted">
          There is no page at this address. If you typed it, check the spelling; if you followed a link, it may be out of date.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <ButtonLink href="/">Back to the home page</ButtonLink>
        </div>
      </div>
    </section>
  )
}
