import type { Impersonation } from "@/server/admin/impersonator"
import { MinutesLeft } from "./minutes-left"
import { stopImpersonatingAction } from "./impersonation-actions"

/**
 * On every page while an admin impersonates a user: one line, in inverted
 * colours so it cannot pass for part of the page, saying whose account this
 * is, how long is left and the way back. Impersonation is never hidden, from
 * the admin nor (in Security activity and Sessions) from the user. What the
 * library refuses meanwhile is shown disabled where it is offered
 * (components/impersonation-refusal.tsx), not here.
 */
export function ImpersonationBanner({ impersonation }: { impersonation: Impersonation }) {
  return (
    <div role="region" aria-label="Impersonation" data-testid="impersonation-banner" className="bg-warning-soft-text text-warning-soft">
      <div className="mx-auto flex min-h-11 max-w-5xl items-center gap-2 px-4 py-1 text-[13px] leading-5 sm:gap-3 sm:px-6 sm:text-sm">
        <svg aria-hidden="true" viewBox="0 0 16 16" className="hidden size-4 shrink-0 sm:block" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round">
          <path d="M1.5 8s2.5-4.5 6.5-4.5S14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8Z" />
          <circle cx="8" cy="8" r="2" />
        </svg>
        <p className="min-w-0 flex-1 truncate">
          Viewing as <strong data-testid="impersonated-user">{impersonation.user}</strong>
          <span className="sr-only"> ({impersonation.admin}, administrator, is impersonating this account)</span>
          {impersonation.endsAt ? (
            <>
              <span aria-hidden="true"> · </span>
              <MinutesLeft endsAt={impersonation.endsAt} renderedAt={new Date().toISOString()} />
            </>
          ) : null}
          <span className="hidden lg:inline" aria-hidden="true">
            {" "}
            · by {impersonation.admin} (administrator)
          </span>
        </p>
        <form action={stopImpersonatingAction} className="shrink-0">
          <button
            type="submit"
            className="inline-flex min-h-8 cursor-pointer items-center rounded-control border border-current px-2.5 font-semibold whitespace-nowrap hover:bg-warning-soft hover:text-warning-soft-text focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
          >
            Stop impersonating
          </button>
        </form>
      </div>
    </div>
  )
}
