"use client"

/**
 * A team's own settings, for those whose organization role allows them
 * (owners and admins by default; a team's lead manages its members, not the
 * team): rename it, and delete it after a question. Each posts the
 * organization's slug, which the action resolves against the caller's own
 * memberships, and the team's id, only ever looked up inside it.
 */
import Link from "next/link"
import { useActionState, useEffect, useSyncExternalStore } from "react"
import { toast } from "@/components/flash-toaster"
import { StatusMessage } from "@/components/status-message"
import { SubmitButton } from "@/components/submit-button"
import { TextField } from "@/components/text-field"
import { Card, ConfirmDialog } from "@/components/ui"
import type { OrganizationActionState } from "@/server/organizations/organization-action"
import { deleteTeamAction, renameTeamAction } from "../actions"

interface TeamRef {
  slug: string
  teamId: string
  name: string
}

export function RenameTeamForm({ slug, teamId, name }: TeamRef) {
  const [state, action, pending] = useActionState<OrganizationActionState, FormData>(renameTeamAction, {})
  useEffect(() => {
    if (state.ok && state.message) toast.success(state.message)
  }, [state])
  return (
    <Card as="section" id="rename-team" title="Rename team" description="The team's name is unique within the organization.">
      <form action={action} className="space-y-4">
        <input type="hidden" name="organization" value={slug} />
        <input type="hidden" name="teamId" value={teamId} />
        <TextField
          // A new name from the server (after a rename) resets the field; a refusal keeps what was typed.
          key={name}
          name="name"
          label="Team name"
          type="text"
          required
          maxLength={100}
          autoComplete="off"
          defaultValue={state.ok === false ? state.typed : name}
          error={state.ok === false ? state.message : undefined}
        />
        {/* Without a script the page is rendered again with the outcome: it is said here, where the toast would be. */}
        {state.ok ? <StatusMessage ok text={state.message} testId="team-rename-message" /> : null}
        <SubmitButton pending={pending} label="Rename team" pendingLabel="Saving…" />
      </form>
    </Card>
  )
}

const never = () => () => {}
/** False in the server's HTML and during hydration, true once the page's script runs. */
function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false)
}

const DANGER_OUTLINE = "inline-flex min-h-9 items-center justify-center rounded-control border border-danger-text/70 bg-surface px-3 py-1.5 text-sm font-medium text-danger-text hover:bg-danger-soft"

/**
 * "Delete team": with a script, a dialog asks and the action runs from it;
 * before the script runs (or without one), a link to the confirm page, whose
 * plain form posts to the same action.
 */
export function DeleteTeam({ slug, teamId, name }: TeamRef) {
  const hydrated = useHydrated()
  const confirmPage = `/o/${slug}/teams/${encodeURIComponent(teamId)}/delete`
  return (
    <Card as="section" id="delete-team" tone="danger" title="Delete team" description="Deletes the team for good. Its members stay members of the organization.">
      {hydrated ? (
        <ConfirmDialog
          trigger={
            <button type="button" className={`cursor-pointer ${DANGER_OUTLINE}`}>
              Delete team
            </button>
          }
          title={`Delete ${name}?`}
          description="The team and its list of members go for good. Nobody loses access to the organization. This cannot be undone."
          confirmLabel="Yes, delete team"
          pendingLabel="Deleting…"
          action={deleteTeamAction}
          fields={{ organization: slug, teamId }}
        />
      ) : (
        <Link href={confirmPage} className={DANGER_OUTLINE}>
          Delete team
        </Link>
      )}
    </Card>
  )
}
