"use client"

/**
 * The header's organization switcher, on the kit's Menu. The trigger
 * names the organization the page is in: an organization page announces
 * its own (OrganizationOfPage, below), anywhere else the one the server
 * knew from the session. The list of the user's organizations is read when
 * the menu opens (organizationListAction), not on every page. Choosing one
 * posts its slug to the switch action, which checks the membership itself.
 * Without a script the menu cannot open: a link to /orgs lists the same
 * organizations with plain forms.
 */
import { usePathname, useRouter } from "next/navigation"
import { useEffect, useState, useSyncExternalStore } from "react"
import { useFormStatus } from "react-dom"
import { OrganizationAvatar } from "@/components/organization-avatar"
import { Menu, MenuContent, MenuItem, MenuLabel, MenuLink, MenuSeparator, MenuTrigger, Spinner } from "@/components/ui"
import type { SwitcherListEntry } from "./organization-switch-actions"

export interface SwitcherEntry {
  name: string
  slug: string
}

// The organization the shown page belongs to. Module state, not context: the header renders before
// (and outside) the page that knows it, and both live in one browser tab.
let pageOrganization: SwitcherEntry | null = null
const listeners = new Set<() => void>()
function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
function announce(organization: SwitcherEntry | null) {
  pageOrganization = organization
  for (const listener of listeners) listener()
}

/**
 * Rendered by an organization's pages: tells the header which organization
 * the URL names, and (when the session names another) makes it the
 * session's active one, then refreshes what the server rendered from the
 * session.
 */
export function OrganizationOfPage({ name, slug, activate }: SwitcherEntry & { activate?: (slug: string) => Promise<boolean> }) {
  const router = useRouter()
  useEffect(() => {
    announce({ name, slug })
  }, [name, slug])
  useEffect(() => {
    if (!activate) return
    let live = true
    void activate(slug).then((done) => {
      if (done && live) router.refresh()
    })
    return () => {
      live = false
    }
  }, [activate, slug, router])
  return null
}

function SwitchItem({ name }: { name: string }) {
  const { pending } = useFormStatus()
  return (
    // The click submits the form; the menu stays open on "Switching…" until the organization's page arrives.
    <MenuItem asChild onSelect={(event) => event.preventDefault()} disabled={pending}>
      <button type="submit" aria-busy={pending || undefined}>
        {pending ? <Spinner /> : <OrganizationAvatar name={name} />}
        <span className="truncate">{pending ? `Switching to ${name}…` : name}</span>
      </button>
    </MenuItem>
  )
}

function Chevrons() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 shrink-0 text-muted" fill="none" stroke="currentColor" strokeWidth="1.75">
      <path d="m5 6 3-3 3 3M5 10l3 3 3-3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

function BuildingIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-5 shrink-0 text-muted" fill="none" stroke="currentColor" strokeWidth="1.5">
      <path d="M3 14V3.5A1.5 1.5 0 0 1 4.5 2h5A1.5 1.5 0 0 1 11 3.5V14M11 7h1.5A1.5 1.5 0 0 1 14 8.5V14M1.5 14h13M6 5h2M6 8h2M6 11h2" strokeLinecap="round" />
    </svg>
  )
}

export function OrganizationSwitcher({
  initial,
  switchAction,
  loadList,
}: {
  /** The organization the server knew for this page (the URL's, or the session's active one). */
  initial: SwitcherEntry | null
  switchAction: (form: FormData) => Promise<void>
  loadList: () => Promise<{ organizations: SwitcherListEntry[]; failed?: boolean }>
}) {
  const pathname = usePathname() ?? ""
  const page = useSyncExternalStore(subscribe, () => pageOrganization, () => null)
  const onItsPage = (slug: string) => pathname === `/o/${slug}` || pathname.startsWith(`/o/${slug}/`)
  const current = page && onItsPage(page.slug) ? page : initial
  const [open, setOpen] = useState(false)
  const [list, setList] = useState<{ organizations: SwitcherListEntry[]; failed?: boolean } | null>(null)
  // A new page closes the menu (the header stays mounted across client navigations) and forgets the list.
  const [shownAt, setShownAt] = useState(pathname)
  if (shownAt !== pathname) {
    setShownAt(pathname)
    setOpen(false)
    setList(null)
  }
  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (next && !list) void loadList().then(setList)
  }
  const label = current?.name ?? "Organizations"
  const others = list?.organizations.filter((organization) => organization.slug !== current?.slug) ?? []
  const mine = list?.organizations.find((organization) => organization.slug === current?.slug)
  return (
    <>
      <noscript>
        <a href="/orgs" className="px-2 py-1.5 text-sm font-medium underline">
          Organizations
        </a>
      </noscript>
      {/* Not modal: a modal menu hides the rest of the page from assistive technology while parts of it stay focusable. */}
      <Menu modal={false} open={open} onOpenChange={onOpenChange}>
        <MenuTrigger aria-label={`${label}: switch organization`} data-testid="organization-switcher" className="min-w-0 px-1.5 sm:px-2">
          {current ? <OrganizationAvatar name={current.name} /> : <BuildingIcon />}
          {/* A phone shows the avatar alone: a name cut to three letters says nothing. */}
          <span className="max-w-48 truncate max-sm:sr-only" data-testid="organization-switcher-current">
            {label}
          </span>
          <Chevrons />
        </MenuTrigger>
        <MenuContent align="start" className="w-72 max-w-[calc(100vw-1rem)]" data-testid="organization-switcher-items">
          {current ? (
            <>
              <MenuLabel className="flex items-center gap-3">
                <OrganizationAvatar name={current.name} size="md" />
                <span className="min-w-0">
                  <span className="block truncate font-medium text-fg">{current.name}</span>
                  <span className="block text-xs">{mine ? mine.role : "Current organization"}</span>
                </span>
              </MenuLabel>
              <MenuLink href={`/o/${current.slug}`}>Open {current.name}</MenuLink>
              <MenuLink href={`/o/${current.slug}/members`}>Members</MenuLink>
              <MenuLink href={`/o/${current.slug}/settings`}>Settings</MenuLink>
              <MenuSeparator />
            </>
          ) : null}
          {list === null ? (
            <p role="status" className="flex items-center gap-2 px-3 py-2 text-sm text-muted" data-testid="organization-switcher-loading">
              <Spinner /> Loading organizations…
            </p>
          ) : list.failed ? (
            <p role="status" className="px-3 py-2 text-sm text-muted">
              The list could not be read just now.
            </p>
          ) : others.length > 0 ? (
            <div data-testid="organization-switcher-list">
              <MenuLabel>{current ? "Switch to" : "Your organizations"}</MenuLabel>
              {others.map((organization) => (
                <form key={organization.slug} action={switchAction}>
                  <input type="hidden" name="organization" value={organization.slug} />
                  <SwitchItem name={organization.name} />
                </form>
              ))}
            </div>
          ) : (
            <p className="px-3 py-2 text-sm text-muted" data-testid="organization-switcher-list">
              {current ? "No other organizations." : "No organizations yet."}
            </p>
          )}
          <MenuSeparator />
          <MenuLink href="/orgs">All organizations</MenuLink>
          <MenuLink href="/orgs/new">Create organization</MenuLink>
        </MenuContent>
      </Menu>
    </>
  )
}
