import type { Metadata } from "next"
import Link from "next/link"
import { redirect } from "next/navigation"
import { organizations, signInPath } from "@/auth"
import { switchOrganizationAction } from "@/components/organization-switch-actions"
import { OrganizationAvatar } from "@/components/organization-avatar"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { Alert, buttonClass, Card, SubmitButton } from "@/components/ui"
import { rolesInWords } from "@/server/organizations/roles-display"
import { sessionState, unlessUnavailable } from "@/server/session-state"

export const metadata: Metadata = { title: "Organizations" }

/**
 * /orgs: the user's organizations, each with "Open" (the switcher's switch,
 * as a plain form: this page is the switcher without a script), and
 * "Create organization". Where a deleted organization's owner lands.
 */
export default async function OrganizationsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { session, unavailable } = await sessionState()
  if (unavailable) return <ServiceUnavailable />
  if (!session?.user) redirect(signInPath("/orgs"))
  const read = await unlessUnavailable(() => organizations.list())
  if ("unavailable" in read) return <ServiceUnavailable />
  const query = await searchParams
  return (
    <div className="max-w-2xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-display">Organizations</h1>
        <Link href="/orgs/new" className={buttonClass({ kind: "primary" })}>
          Create organization
        </Link>
      </div>
      {query.deleted === "1" ? (
        <Alert tone="success" data-testid="organization-deleted-notice">
          The organization was deleted. Its members no longer have access to it.
        </Alert>
      ) : null}
      {query.switch === "failed" ? (
        <Alert tone="error" data-testid="organization-switch-failed">
          That organization could not be opened: it no longer exists, or you are no longer a member of it.
        </Alert>
      ) : null}
      <Card>
        {read.value.length === 0 ? (
          <p className="text-sm text-muted">You do not belong to any organization yet.</p>
        ) : (
          <ul className="divide-y divide-border" data-testid="organization-list">
            {read.value.map(({ organization, roles }) => (
              <li key={organization.id} className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
                <div className="flex min-w-0 items-center gap-3">
                  <OrganizationAvatar name={organization.name} size="md" />
                  <div className="min-w-0">
                    <p className="truncate font-medium">{organization.name}</p>
                    <p className="text-sm text-muted">{rolesInWords(roles)}</p>
                  </div>
                </div>
                <form action={switchOrganizationAction}>
                  <input type="hidden" name="organization" value={organization.slug} />
                  <SubmitButton kind="secondary" size="sm" aria-label={`Open ${organization.name}`}>
                    Open
                  </SubmitButton>
                </form>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}
