import type { Metadata } from "next"
import { Alert, Card } from "@/components/ui"
import { SLUG_CHANGED_QUERY } from "@/server/organizations/notice-paths"
import { organizationPage } from "@/server/organizations/organization-page"
import { isOwner } from "@/server/organizations/roles-display"
import { ChangeSlugForm, DeleteOrganizationForm, RenameOrganizationForm } from "./settings-forms"

export const metadata: Metadata = { title: "Organization settings" }

/**
 * An organization's settings: rename and change the slug for
 * those whose roles grant organization:update, delete for its owners. Others
 * read what the settings are and who may change them; the actions check
 * again for themselves.
 */
export default async function OrganizationSettingsPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const { slug } = await params
  const page = await organizationPage(slug)
  const { organization, member } = page
  const query = await searchParams
  const slugChanged = `saved=${query.saved}` === SLUG_CHANGED_QUERY
  const mayUpdate = page.can({ organization: ["update"] })
  const mayDelete = page.can({ organization: ["delete"] }) && isOwner(member.roles)
  return (
    <div className="max-w-2xl space-y-6">
      <h2 className="text-title">Settings</h2>
      {slugChanged ? (
        <Alert tone="success" data-testid="organization-slug-changed">
          Slug changed. The organization&apos;s pages are now at /o/{organization.slug}; links to the old address no longer work.
        </Alert>
      ) : null}
      {mayUpdate ? (
        <>
          <RenameOrganizationForm slug={organization.slug} name={organization.name} />
          <ChangeSlugForm slug={organization.slug} />
        </>
      ) : (
        <Card title="Name and address" headingLevel={3}>
          <p className="text-sm text-muted">
            Only the organization&apos;s owners and admins can rename it or change its address (/o/{organization.slug}).
          </p>
        </Card>
      )}
      {mayDelete ? (
        <DeleteOrganizationForm slug={organization.slug} />
      ) : mayUpdate ? (
        <Card title="Deleting the organization" headingLevel={3}>
          <p className="text-sm text-muted">Only an owner can delete the organization.</p>
        </Card>
      ) : null}
    </div>
  )
}
