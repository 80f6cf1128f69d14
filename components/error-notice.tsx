/**
 * What the error boundaries show: what happened in plain words, a way to
 * retry and a way home. Never the error's message or stack (they can hold
 * internals); only Next's digest, which matches the server log line without
 * revealing it.
 */
import type { ReactNode } from "react"
import { Button } from "./ui/button"

export interface ErrorNoticeProps {
  digest?: string
  onRetry: () => void
  /** The link home: next/link inside the app's layout, a plain <a> where the layout itself failed. */
  homeLink: ReactNode
}

export function ErrorNotice({ digest, onRetry, homeLink }: ErrorNoticeProps) {
  return (
    <section role="alert" data-testid="error-page" className="mx-auto w-full max-w-md">
      <div className="rounded-card border border-border bg-surface px-6 py-8 text-center shadow-card">
        <p className="text-sm font-semibold text-danger-text">Error</p>
        <h1 className="mt-2 text-title">Something went wrong</h1>
        <div className="mt-3 space-y-2 text-muted">
          <p>This page hit a problem on our side while it was being prepared, so it could not be shown. It was not caused by anything you typed.</p>
          <p>Try again: most such problems pass. If it keeps happening, come back in a few minutes, or go back to the home page.</p>
        </div>
        {/* A digest is a hash of the server-side error: safe to show, and enough to find the log line. */}
        {digest ? (
          <p className="mt-4 text-sm text-muted">
            If you contact support, quote this reference: <code data-testid="error-digest">{digest}</code>
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button onClick={onRetry}>Try again</Button>
          {homeLink}
        </div>
      </div>
    </section>
  )
}
