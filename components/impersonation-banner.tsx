import type { Impersonation } from "@/server/admin/impersonator"
import { Button } from "@/components/ui"
import { stopImpersonatingAction } from "./impersonation-actions"

/**
 * On every page while an admin impersonates a user: whose
 * account this is, who is looking, and the way back. Impersonation is never
 * hidden, from the admin nor (in Security activity and Sessions) from the user.
 */
export function ImpersonationBanner({ impersonation }: { impersonation: Impersonation }) {
  return (
    <div role="region" aria-label="Impersonation" data-testid="impersonation-banner" className="border-b border-warning-text/40 bg-warning-soft text-warning-soft-text">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-2 text-sm sm:px-6">
        <p>
          You are signed in as <strong data-testid="impersonated-user">{impersonation.user}</strong>. {impersonation.admin} (administrator) is
          impersonating this account; changes to its password, email, two-factor, passkeys and sessions are refused.
        </p>
        <form action={stopImpersonatingAction}>
          <Button type="submit" kind="secondary" size="sm">
            Stop impersonating
          </Button>
        </form>
      </div>
    </div>
  )
}
