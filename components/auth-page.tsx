import type { ReactNode } from "react"

/**
 * The frame of every sign-in-family page the app renders (sign-up, forgot and
 * reset password, set password, email confirmations, cancel a change): one
 * centred card with the title in it, the same proportions as the library's
 * built-in pages (lib/auth/pages/styles.ts `.page` and `.card`), so going
 * from "Sign in" to "Create an account" stays in one product.
 */
export function AuthPage({
  title,
  description,
  children,
  footer,
  "data-testid": testId,
}: {
  title: ReactNode
  /** The lead sentence under the title. */
  description?: ReactNode
  children?: ReactNode
  /** Links to elsewhere (back to sign in), under a rule. */
  footer?: ReactNode
  "data-testid"?: string
}) {
  return (
    <div className="mx-auto w-full max-w-md" data-testid={testId}>
      <div className="rounded-card border border-border bg-surface px-6 py-8 shadow-card">
        <h1 className="text-center text-title">{title}</h1>
        {description ? <div className="mt-3 text-center text-muted">{description}</div> : null}
        {children ? <div className="mt-6 space-y-5">{children}</div> : null}
        {footer ? (
          <div className="mt-6 flex flex-wrap justify-center gap-x-5 gap-y-2 border-t border-border pt-5 text-sm">{footer}</div>
        ) : null}
      </div>
    </div>
  )
}

/**
 * What a link page shows when its link cannot be used: what happened (an
 * alert, so it is announced) and the next step, as the page's one button.
 */
export function LinkProblem({
  children,
  next,
  "data-testid": testId,
}: {
  children: ReactNode
  /** The way on: usually a ButtonLink. */
  next?: ReactNode
  "data-testid"?: string
}) {
  return (
    <div className="space-y-5">
      <div role="alert" data-testid={testId} className="rounded-control border border-danger-text/40 bg-danger-soft px-4 py-3 text-sm text-danger-soft-text">
        {children}
      </div>
      {next ? <div className="flex flex-col gap-3">{next}</div> : null}
    </div>
  )
}
