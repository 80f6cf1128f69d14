"use client"
/** A member's initials in a circle, on Radix's Avatar (a picture can take its place once accounts have one). */
import * as Avatar from "@radix-ui/react-avatar"
import { organizationInitials } from "@/server/organizations/initials"

export function PersonAvatar({ name }: { name: string }) {
  return (
    <Avatar.Root aria-hidden="true" className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-surface-muted text-xs font-semibold text-fg">
      <Avatar.Fallback>{organizationInitials(name.replace(/@.*/, ""))}</Avatar.Fallback>
    </Avatar.Root>
  )
}
