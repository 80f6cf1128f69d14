"use client"

/** A member's role as an inline select with its "Change role" button, for those who may change it. */
import { Button } from "@/components/ui"
import { MemberActionForm } from "./member-action-form"
import { RoleSelect, type RoleChoice } from "./role-select"

export function RoleCell({ fields, roles, current, id }: { fields: Record<string, string>; roles: RoleChoice[]; current: string; id: string }) {
  return (
    <MemberActionForm intent="change-role" fields={fields} scope="members" className="flex flex-wrap items-center gap-2">
      {(pending) => (
        <>
          <RoleSelect id={id} roles={roles} defaultValue={current} inline />
          <Button type="submit" kind="secondary" size="sm" pending={pending} pendingLabel="Changing…">
            Change role
          </Button>
        </>
      )}
    </MemberActionForm>
  )
}
