import type { Metadata } from "next"
import { notFound } from "next/navigation"
import { Card, TextLink } from "@/components/ui"
import { organizationPage } from "@/server/organizations/organization-page"
import { assignableRoles, roleLabel } from "@/server/organizations/role-labels"
import { isOwner } from "@/server/organizations/roles-display"
import { InviteForm } from "../invite-form"

export const metadata: Metadata = { title: "Invite member" }

/** The invite form on a page of its own: where "Invite member" leads a browser without a script (with one it opens as a dialog). */
export default async function InviteMemberPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params
  const page = await organizationPage(slug, `/o/${slug}/members/invite`)
  if (!page.can({ member: ["invite"] })) notFound()
  const roles = assignableRoles(isOwner(page.member.roles)).map((value) => ({ value, label: roleLabel([value]) }))
  return (
    <Card as="section" id="invite" title="Invite member" description="The invitation link goes to this address and works once, for 7 days.">
      <InviteForm slug={page.organization.slug} roles={roles} />
      <p className="mt-4 text-sm">
        <TextLink href={`/o/${page.organization.slug}/members`}>Back to members</TextLink>
      </p>
    </Card>
  )
}
