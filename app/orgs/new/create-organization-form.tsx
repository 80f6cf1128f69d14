"use client"

/**
 * /orgs/new's form: "Organization name" and "Slug". While the slug has not
 * been edited it follows the name (slugFromName, the library's own rule);
 * without JavaScript an empty Slug is filled in the same way by the action.
 * A refusal shows under the field it is about, with both entries kept.
 */
import { startTransition, useActionState, useState } from "react"
import { StatusMessage } from "@/components/status-message"
import { SubmitButton } from "@/components/submit-button"
import { TextField } from "@/components/text-field"
import { slugFromName } from "@/lib/auth/organizations/slug"
import { createOrganizationAction, type CreateOrganizationState } from "./actions"

export function CreateOrganizationForm({ host }: { host: string }) {
  const [state, action, pending] = useActionState<CreateOrganizationState, FormData>(createOrganizationAction, {})
  // Without the script the server renders the entries the refusal gave back; with it, these states hold them.
  const [name, setName] = useState(state.name ?? "")
  const [slug, setSlug] = useState("")
  const [slugEdited, setSlugEdited] = useState(false)
  const shownSlug = slugEdited ? slug : slugFromName(name)
  return (
    <form
      action={action}
      // With the script, the action runs from here: a form action would reset these controlled fields after a refusal.
      onSubmit={(event) => {
        event.preventDefault()
        const data = new FormData(event.currentTarget)
        startTransition(() => action(data))
      }}
      className="space-y-4"
    >
      <TextField
        name="name"
        label="Organization name"
        type="text"
        required
        maxLength={100}
        autoComplete="organization"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={state.field === "name" ? state.message : undefined}
      />
      <TextField
        name="slug"
        label="Slug"
        type="text"
        maxLength={48}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={shownSlug}
        onChange={(event) => {
          setSlugEdited(true)
          setSlug(event.target.value)
        }}
        // The error takes the hint's place rather than stacking under it.
        hint={state.field === "slug" ? undefined : `URL: ${host}/o/${shownSlug || "your-slug"} · 2 to 48 lower-case letters, digits and hyphens, made from the name until you edit it.`}
        error={state.field === "slug" ? state.message : undefined}
      />
      {state.field ? null : <StatusMessage ok={state.ok} text={state.message} testId="create-organization-message" />}
      <SubmitButton pending={pending} label="Create organization" pendingLabel="Creating…" />
    </form>
  )
}
