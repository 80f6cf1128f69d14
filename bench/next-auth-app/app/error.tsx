"use client"
// As the starter has one (app/error.tsx): an error boundary under the root layout, part of every page's payload.
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <section role="alert" className="space-y-4">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <button type="button" onClick={reset}>Try again</button>
    </section>
  )
}
