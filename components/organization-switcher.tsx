"use client"

/**
 * The header's organization switcher, on the kit's Menu: the
 * organization the user works in, the others they belong to (choosing one
 * makes it the session's active organization and opens its home), and
 * "Create organization". Each organization is a form posting its slug to the
 * switch action, which checks the membership itself.
 */
import { usePathname } from "next/navigation"
import { useFormStatus } from "react-dom"
import { Menu, MenuContent, MenuItem, MenuLabel, MenuLink, MenuSeparator, MenuTrigger, Spinner } from "@/components/ui"

export interface SwitcherEntry {
  name: string
  slug: string
}

function SwitchItem({ name }: { name: string }) {
  const { pending } = useFormStatus()
  return (
    // The click submits the form; the menu stays open on "Switching…" until the organization's page arrives.
    <MenuItem asChild onSelect={(event) => event.preventDefault()} disabled={pending}>
      <button type="submit" aria-busy={pending || undefined}>
        {pending ? <Spinner /> : null}
        <span className="truncate">{pending ? `Switching to ${name}…` : name}</span>
      </button>
    </MenuItem>
  )
}

export function OrganizationSwitcher({
  current,
  others,
  switchAction,
}: {
  current: SwitcherEntry | null
  others: SwitcherEntry[]
  switchAction: (form: FormData) => Promise<void>
}) {
  // A new page closes the menu (the header stays mounted across client navigations).
  const pathname = usePathname()
  const label = current?.name ?? "Choose organization"
  return (
    <>
      {/* Without a script the menu cannot open: /orgs lists the same organizations with plain forms. */}
      <noscript>
        <a href="/orgs" className="px-2 py-1.5 text-sm font-medium underline">
          Organizations
        </a>
      </noscript>
      <Menu key={pathname}>
      <MenuTrigger aria-label={`${label}: switch organization`} data-testid="organization-switcher" className="min-w-0">
        <span className="max-w-32 truncate sm:max-w-48" data-testid="organization-switcher-current">
          {label}
        </span>
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 shrink-0 text-muted" fill="none" stroke="currentColor" strokeWidth="1.75">
          <path d="m5 6 3-3 3 3M5 10l3 3 3-3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </MenuTrigger>
      <MenuContent align="start" className="w-64" data-testid="organization-switcher-items">
        {current ? (
          <>
            <MenuLabel>
              <span className="block text-xs uppercase tracking-wide">Current organization</span>
              <span className="block truncate font-medium text-fg">{current.name}</span>
            </MenuLabel>
            <MenuLink href={`/o/${current.slug}`}>Open {current.name}</MenuLink>
            <MenuSeparator />
          </>
        ) : null}
        {others.length > 0 ? <MenuLabel>{current ? "Switch to" : "Your organizations"}</MenuLabel> : null}
        {others.map((organization) => (
          <form key={organization.slug} action={switchAction}>
            <input type="hidden" name="organization" value={organization.slug} />
            <SwitchItem name={organization.name} />
          </form>
        ))}
        {others.length > 0 ? <MenuSeparator /> : null}
        <MenuLink href="/orgs/new">Create organization</MenuLink>
      </MenuContent>
      </Menu>
    </>
  )
}
