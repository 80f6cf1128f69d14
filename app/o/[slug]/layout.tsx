import type { ReactNode } from "react"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { organizationPage } from "@/server/organizations/organization-page"
import { readsActivity } from "@/server/organizations/roles-display"
import { sessionState } from "@/server/session-state"
import { OrganizationNav } from "./organization-nav"

/**
 * Every page of an organization: the guard first
 * (organizationPage: a non-member, an unknown and a malformed slug are one
 * 404, signed out goes to sign-in), then the organization's name and its
 * navigation. Each page and each action checks again for itself.
 */
export default async function OrganizationLayout({ children, params }: { children: ReactNode; params: Promise<{ slug: string }> }) {
  const { unavailable } = await sessionState()
  if (unavailable) return <ServiceUnavailable />
  const { slug } = await params
  const { organization, member } = await organizationPage(slug)
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <p className="text-sm font-medium text-muted">Organization</p>
        <h1 className="text-display truncate" data-testid="organization-name">
          {organization.name}
        </h1>
        <OrganizationNav slug={organization.slug} activity={readsActivity(member.roles)} />
      </div>
      {children}
    </div>
  )
}
