import type { Metadata } from "next"
import { redirect } from "next/navigation"
import { signInPath } from "@/auth"
import { ServiceUnavailable } from "@/components/service-unavailable"
import { Card } from "@/components/ui"
import { publicHost } from "@/server/organizations/public-host"
import { sessionState } from "@/server/session-state"
import { CreateOrganizationForm } from "./create-organization-form"

export const metadata: Metadata = { title: "Create organization" }

/** /orgs/new: a new organization with the user as its owner, then its home. */
export default async function NewOrganizationPage() {
  const { session, unavailable } = await sessionState()
  if (unavailable) return <ServiceUnavailable />
  // The middleware sends signed-out visitors to sign-in; this checks again.
  if (!session?.user) redirect(signInPath("/orgs/new"))
  return (
    <div className="max-w-xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-display">Create organization</h1>
        <p className="text-muted">An organization is where a team works together. You will be its owner, and can invite colleagues from its Members page.</p>
      </div>
      <Card>
        <CreateOrganizationForm host={await publicHost()} />
      </Card>
    </div>
  )
}
