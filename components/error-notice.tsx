/**
 * What the error boundaries show: a plain explanation, a way to retry and a
 * way home. Never the error's message or stack (they can hold internals);
 * only Next's digest, which matches the server log line without revealing it.
 */
import type { ReactNode } from "react"

export interface ErrorNoticeProps {
  digest?: string
  onRetry: () => void
  /** The link home: next/link inside the app's layout, a plain <a> where the layout itself failed. */
  homeLink: ReactNode
}

export const errorButtonClass =
  "inline-block rounded-md px-4 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"

export function ErrorNotice({ digest, onRetry, homeLink }: ErrorNoticeProps) {
  return (
    <section role="alert" className="space-y-4" data-testid="error-page">
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="text-zinc-600 dark:text-zinc-400">
        This page could not be shown. Try again; if it keeps happening, come back in a few minutes.
      </p>
      {/* A digest is a hash of the server-side error: safe to show, and enough to find the log line. */}
      {digest ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          Reference: <code data-testid="error-digest">{digest}</code>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={onRetry} className={`${errorButtonClass} cursor-pointer bg-indigo-600 text-white hover:bg-indigo-500`}>
          Try again
        </button>
        {homeLink}
      </div>
    </section>
  )
}
