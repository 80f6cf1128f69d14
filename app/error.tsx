"use client"
/**
 * The error boundary of every page under the root layout: the header stays,
 * the page's content is replaced by a short notice (components/error-notice.tsx).
 */
import { ErrorNotice } from "@/components/error-notice"
import { ButtonLink } from "@/components/ui/button-link"

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <ErrorNotice
      digest={error.digest}
      onRetry={reset}
      homeLink={
        <ButtonLink href="/" kind="secondary">
          Back to the home page
        </ButtonLink>
      }
    />
  )
}
