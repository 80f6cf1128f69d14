import { type ReactNode, useId } from "react"

/**
 * Around what the library refuses during an impersonation (password, email,
 * two-factor, passkeys, sessions, deleting the account): while an admin
 * impersonates, the controls are shown disabled with the reason, instead of
 * offered and then refused after the admin filled them in. The server still
 * refuses on its own; this only says so first.
 */
export function RefusedWhileImpersonating({ impersonating, children }: { impersonating: boolean; children: ReactNode }) {
  const reasonId = useId()
  if (!impersonating) return <>{children}</>
  return (
    <div className="space-y-3" data-testid="impersonation-refused">
      <p id={reasonId} className="rounded-control border border-warning-text/40 bg-warning-soft px-3 py-2 text-sm text-warning-soft-text">
        Not available while impersonating: only the account&apos;s owner can change this.
      </p>
      {/* A disabled fieldset disables every input and button inside it, dialogs' triggers included. */}
      <fieldset disabled aria-describedby={reasonId} className="m-0 min-w-0 space-y-4 border-0 p-0 opacity-70 lg:space-y-6">
        {children}
      </fieldset>
    </div>
  )
}
