"use client"

/**
 * The forms of an organization's settings. Each posts the organization's
 * slug (the page's URL) as a hidden field: the action resolves it against
 * the caller's own memberships, so the field names the organization but
 * grants nothing. Outcomes are announced (StatusMessage, or the field's
 * error); a refused entry stays in its field.
 */
import { useActionState, useEffect } from "react"
import { toast } from "@/components/flash-toaster"
import { StatusMessage } from "@/components/status-message"
import { SubmitButton } from "@/components/submit-button"
import { TextField } from "@/components/text-field"
import { Button, Card } from "@/components/ui"
import type { OrganizationActionState } from "@/server/organizations/organization-action"
import { changeSlugAction, deleteOrganizationAction, renameOrganizationAction } from "./actions"

function OrganizationField({ slug }: { slug: string }) {
  return <input type="hidden" name="organization" value={slug} />
}

export function RenameOrganizationForm({ slug, name }: { slug: string; name: string }) {
  const [state, action, pending] = useActionState<OrganizationActionState, FormData>(renameOrganizationAction, {})
  useEffect(() => {
    if (state.ok) toast.success("Settings saved.")
  }, [state])
  return (
    <Card id="organization-name-settings" headingLevel={2} title="Name" description="How the organization appears to its members, in the header and in mails.">
      <form action={action} className="space-y-4">
        <OrganizationField slug={slug} />
        <TextField name="name" label="Organization name" type="text" required maxLength={100} defaultValue={name} autoComplete="organization" />
        <StatusMessage ok={state.ok} text={state.message} testId="organization-rename-message" />
        <SubmitButton pending={pending} label="Rename" pendingLabel="Saving…" />
      </form>
    </Card>
  )
}

export function ChangeSlugForm({ slug, host }: { slug: string; host: string }) {
  const [state, action, pending] = useActionState<OrganizationActionState, FormData>(changeSlugAction, {})
  return (
    <Card
      id="organization-slug-settings"
      headingLevel={2}
      title="Address"
      description={`The organization's pages live at /o/${slug}. Changing the slug moves them: bookmarks and links to the old address stop working.`}
    >
      <form action={action} className="space-y-4">
        <OrganizationField slug={slug} />
        <TextField
          name="slug"
          label="Slug"
          type="text"
          required
          maxLength={48}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={state.ok === false ? state.typed : slug}
          // The error takes the hint's place rather than stacking under it.
          hint={state.ok === false ? undefined : `URL: ${host}/o/${slug} · 2 to 48 lower-case letters, digits and hyphens.`}
          error={state.ok === false ? state.message : undefined}
        />
        {state.ok ? <StatusMessage ok text={state.message} testId="organization-slug-message" /> : null}
        <SubmitButton pending={pending} label="Change slug" pendingLabel="Changing…" />
      </form>
    </Card>
  )
}

export function DeleteOrganizationForm({ slug }: { slug: string }) {
  const [state, action, pending] = useActionState<OrganizationActionState, FormData>(deleteOrganizationAction, {})
  return (
    <Card
      as="section"
      id="delete-organization"
      headingLevel={2}
      tone="danger"
      title="Delete organization"
      description="Deletes the organization for good: its members lose access at once, its pending invitations stop working and its activity log goes with it. Members' own accounts stay. You will be asked to confirm it's you. This cannot be undone."
    >
      <form action={action} className="space-y-4">
        <OrganizationField slug={slug} />
        <TextField
          name="confirmation"
          label="Type the organization's slug to confirm"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          hint={state.ok === false ? undefined : `Type ${slug} to confirm.`}
          defaultValue={state.ok === false ? state.typed : undefined}
          error={state.ok === false ? state.message : undefined}
        />
        <Button type="submit" kind="danger" pending={pending} pendingLabel="Deleting…">
          Delete organization
        </Button>
      </form>
    </Card>
  )
}
