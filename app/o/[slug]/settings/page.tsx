import type { Metadata } from "next"
import { Alert, Card } from "@/components/ui"
import { SLUG_CHANGED_QUERY } from "@/server/organizations/notice-paths"
import { organizationPage } from "@/server/organizations/organization-page"
import { publicHost } from "@/server/organizations/public-host"
import { isOwner, rolesInWords } from "@/server/organizations/roles-display"
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
  const host = await publicHost()
  return (
    <>
      {slugChanged ? (
        <Alert tone="success" data-testid="organization-slug-changed">
          Slug changed. The organization&apos;s pages are now at /o/{organization.slug}; links to the old address no longer work.
        </Alert>
      ) : null}
      {mayUpdate ? (
        <>
          <RenameOrganizationForm slug={organization.slug} name={organization.name} />
          <ChangeSlugForm slug={organization.slug} host={host} />
        </>
      ) : (
        <Card as="section" id="organization-details" title="Name and address" headingLevel={2} data-testid="organization-settings-read-only">
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted">Name</dt>
            <dd className="font-medium break-words">{organization.name}</dd>
            <dt className="text-muted">URL</dt>
            <dd className="font-medium break-all">
              {host}/o/{organization.slug}
            </dd>
            <dt className="text-muted">Your role</dt>
            <dd className="font-medium">{rolesInWords(member.roles)}</dd>
          </dl>
          <p className="mt-4 text-sm text-muted">Only the organization&apos;s owners and admins can rename it or change its address.</p>
        </Card>
      )}
      {mayDelete ? (
        <DeleteOrganizationForm slug={organization.slug} />
      ) : mayUpdate ? (
        <Card title="Deleting the organization" headingLevel={2}>
          <p className="text-sm text-muted">Only an owner can delete the organization.</p>
        </Card>
      ) : null}
    </>
  )
}
