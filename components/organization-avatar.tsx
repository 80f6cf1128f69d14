import { cx } from "@/components/ui"
import { organizationInitials } from "@/server/organizations/initials"

/** An organization's initials in a rounded square (decorative: its name always stands beside it). */
export function OrganizationAvatar({ name, size = "sm", className }: { name: string; size?: "sm" | "md" | "lg"; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        "inline-flex shrink-0 items-center justify-center rounded-control bg-accent-soft font-semibold text-accent-text",
        size === "sm" ? "size-6 text-[0.6875rem]" : size === "md" ? "size-8 text-xs" : "size-12 text-base",
        className,
      )}
    >
      {organizationInitials(name)}
    </span>
  )
}
