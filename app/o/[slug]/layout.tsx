import type { ReactNode } from "react"
import { organizations } from "@/auth"
import { OrganizationAvatar } from "@/components/organization-avatar"
import { activateOrganizationAction } from "@/components/organization-switch-actions"
import { OrganizationOfPage } from "@/components/organization-switcher"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { organizationPage } from "@/server/organizations/organization-page"
import { readsActivity, rolesInWords } from "@/server/organizations/roles-display"
import { sessionState } from "@/server/session-state"
import { OrganizationNav } from "./organization-nav"

/** The session's active organization id, or null when it cannot be told (it only decides whether to switch). */
async function activeOrganizationId(): Promise<string | null> {
  try {
    return await organizations.activeId()
  } catch {
    return null
  }
}

/**
 * The one frame of every page of an organization: the guard first
 * (organizationPage: a non-member, an unknown and a malformed slug are one
 * 404, signed out goes to sign-in), then the organization's name as the
 * page's only h1, the viewer's role, and the tabs. Every tab shares this
 * frame's width; a page adds sections, never another title. Opening any of
 * its pages makes the organization the session's active one. Each page and
 * each action checks again for itself.
 */
export default async function OrganizationLayout({ children, params }: { children: ReactNode; params: Promise<{ slug: string }> }) {
  const { unavailable } = await sessionState()
  if (unavailable) return <ServiceUnavailable />
  const { slug } = await params
  const { organization, member } = await organizationPage(slug)
  const active = (await activeOrganizationId()) === organization.id
  return (
    <div className="space-y-6">
      <OrganizationOfPage name={organization.name} slug={organization.slug} {...(active ? {} : { activate: activateOrganizationAction })} />
      <div className="space-y-4">
        <div className="flex min-w-0 items-center gap-4">
          <OrganizationAvatar name={organization.name} size="lg" />
          <div className="min-w-0">
            <h1 className="text-title truncate" data-testid="organization-name">
              {organization.name}
            </h1>
            <p className="text-sm text-muted">
              <span className="sr-only">Your role: </span>
              {rolesInWords(member.roles)} · /o/{organization.slug}
            </p>
          </div>
        </div>
        <OrganizationNav slug={organization.slug} activity={readsActivity(member.roles)} />
      </div>
      {children}
    </div>
  )
}
