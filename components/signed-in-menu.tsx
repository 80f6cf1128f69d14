"use client"
import type { ReactNode } from "react"
import { Menu, MenuContent, MenuLabel, MenuLink, MenuSeparator, MenuTrigger } from "@/components/ui"
import { sectionLinks } from "./section-links"

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => [...part][0])
    .join("")
    .slice(0, 2)
    .toUpperCase()
}

/**
 * The header's menu for a signed-in user, on the kit's Menu (Radix: arrow
 * keys, typeahead, Escape and focus return): who is signed in, Dashboard,
 * Settings, Admin when `admin` (the caller checked the permission),
 * "Create organization" when `createOrganization` (a user in no organization
 * yet, who has no switcher to find it in) and the sign-out item it is given. Markup only, with no auth import, so that
 * bench:http's reference app renders this very menu around next-auth's
 * sign-out (bench/next-auth-app).
 *
 * A client component: the server sends the few facts it shows, not the
 * menu's items, which nobody sees before it opens (and a closed menu renders
 * as its button alone, see components/ui/menu.tsx).
 */
export function SignedInMenu({
  label,
  email,
  signOut,
  admin = false,
  createOrganization = false,
}: {
  label: string
  email: string | null | undefined
  signOut: ReactNode
  admin?: boolean
  createOrganization?: boolean
}) {
  return (
    // Not modal: a modal menu hides the rest of the page from assistive technology (aria-hidden)
    // while parts of it (the toaster, the skip link) stay focusable, which axe rightly flags.
    // Focus still moves into the open menu and back to the trigger on Escape.
    <Menu modal={false}>
      <MenuTrigger aria-label={`Account menu for ${label}`} className="-mr-2">
        <span aria-hidden="true" className="grid size-8 place-items-center rounded-full bg-accent text-xs font-semibold text-accent-fg">
          {initials(label) || "?"}
        </span>
        <span className="hidden max-w-40 truncate sm:inline" data-testid="header-user-name">
          {label}
        </span>
        <svg aria-hidden="true" viewBox="0 0 16 16" className="hidden size-4 text-muted sm:block" fill="none" stroke="currentColor" strokeWidth="1.75">
          <path d="m4 6 4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </MenuTrigger>
      <MenuContent data-testid="account-menu-items" className="w-64">
        <MenuLabel>
          <span className="block truncate font-medium text-fg">{label}</span>
          {email && email !== label ? <span className="block truncate">{email}</span> : null}
        </MenuLabel>
        <MenuSeparator />
        {sectionLinks({ admin }).map(({ href, label: text }) => (
          <MenuLink key={href} href={href}>
            {text}
          </MenuLink>
        ))}
        {createOrganization ? <MenuLink href="/orgs/new">Create organization</MenuLink> : null}
        <MenuSeparator />
        {signOut}
      </MenuContent>
    </Menu>
  )
}
