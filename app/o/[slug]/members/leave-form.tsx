"use client"

/** "Leave organization": asks first (a <details>, so it works without a script), then posts. */
import { Button } from "@/components/ui"
import { MemberActionForm } from "./member-action-form"

export function LeaveForm({ slug, organizationName }: { slug: string; organizationName: string }) {
  return (
    <details className="space-y-3">
      <summary className="inline-flex cursor-pointer list-none rounded-control border border-danger-text px-3 py-1.5 text-sm font-medium text-danger-text [&::-webkit-details-marker]:hidden">
        Leave organization
      </summary>
      <MemberActionForm intent="leave" fields={{ slug }} scope="leave" className="space-y-3 pt-3">
        {(pending) => (
          <>
            <p className="text-sm">{`Leave ${organizationName}? You lose access at once; only a new invitation brings you back.`}</p>
            <Button type="submit" kind="danger" size="sm" pending={pending} pendingLabel="Leaving…">
              Yes, leave organization
            </Button>
          </>
        )}
      </MemberActionForm>
    </details>
  )
}
