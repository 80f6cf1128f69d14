"use client"

/**
 * "Invite member": a link to the invite page (what a browser without a
 * script follows) that, with one, opens the same form in a dialog over the
 * members table instead.
 */
import { useState } from "react"
import { buttonClass, Dialog } from "@/components/ui"
import { InviteForm } from "./invite-form"
import type { RoleChoice } from "./role-select"

export function InviteDialog({ slug, roles }: { slug: string; roles: RoleChoice[] }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <a
        href={`/o/${slug}/members/invite`}
        className={buttonClass({ kind: "primary", size: "sm" })}
        data-testid="invite-member-open"
        onClick={(event) => {
          event.preventDefault()
          setOpen(true)
        }}
      >
        Invite member
      </a>
      <Dialog open={open} onOpenChange={setOpen} title="Invite member" description="The invitation link goes to this address and works once, for 7 days.">
        <InviteForm slug={slug} roles={roles} />
      </Dialog>
    </>
  )
}
