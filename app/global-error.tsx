"use client"
/**
 * The last-resort boundary: the root layout itself failed, so this renders the
 * whole document (its own <html> and <body>) with the app's stylesheet and the
 * same notice as app/error.tsx. A full reload is the retry, since the layout
 * that failed is what has to run again.
 */
import { ErrorNotice } from "@/components/error-notice"
import { buttonClass } from "@/components/ui/button-styles"
import "./globals.css"

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <head>
        <title>Something went wrong · Next.js Auth Starter</title>
      </head>
      <body className="min-h-screen font-sans">
        <header className="border-b border-border bg-surface">
          <div className="mx-auto flex max-w-3xl items-center px-4 py-3 sm:px-6">
            {/* Plain links: a full load runs the failed layout afresh, which a router navigation would not. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a href="/" className="font-semibold tracking-tight">
              Auth Starter
            </a>
          </div>
        </header>
        <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-12">
          <ErrorNotice
            digest={error.digest}
            onRetry={() => window.location.reload()}
            homeLink={
              // eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load, see the header link
              <a href="/" className={buttonClass({ kind: "secondary" })}>
                Back to the home page
              </a>
            }
          />
        </main>
      </body>
    </html>
  )
}
