"use client"

/** A pending invitation's actions: send a new link, or cancel it (asked first). Both post without a script too. */
import { Button } from "@/components/ui"
import { MemberActionForm } from "./member-action-form"
import { ConfirmedAction, RowMenu } from "./row-menu"

export function InvitationActions({ fields, email, mayCancel }: { fields: Record<string, string>; email: string; mayCancel: boolean }) {
  return (
    <div className="flex items-center justify-end gap-2">
      <MemberActionForm intent="resend" fields={fields} scope="invitations">
        {(pending) => (
          <Button type="submit" kind="secondary" size="sm" pending={pending} pendingLabel="Sending…" aria-label={`Resend the invitation to ${email}`}>
            Resend
          </Button>
        )}
      </MemberActionForm>
      {mayCancel ? (
        <RowMenu label={`More actions for the invitation to ${email}`}>
          <ConfirmedAction
            intent="cancel"
            fields={fields}
            scope="invitations"
            label="Cancel invitation"
            question={`Cancel the invitation of ${email}? Its link stops working.`}
            confirmLabel="Yes, cancel invitation"
            pendingLabel="Cancelling…"
            danger
          />
        </RowMenu>
      ) : null}
    </div>
  )
}
