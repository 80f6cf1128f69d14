"use client"
/**
 * The error boundary of every page under the root layout: the header stays,
 * the page's content is replaced by a short notice (components/error-notice.tsx).
 */
import Link from "next/link"
import { ErrorNotice, errorButtonClass } from "@/components/error-notice"

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <ErrorNotice
      digest={error.digest}
      onRetry={reset}
      homeLink={
        <Link href="/" className={`${errorButtonClass} border border-zinc-300 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800`}>
          Back to the home page
        </Link>
      }
    />
  )
}
