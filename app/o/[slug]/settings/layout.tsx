import type { ReactNode } from "react"
import { organizationPage } from "@/server/organizations/organization-page"
import { SETTINGS_SECTIONS } from "@/server/organizations/settings-sections"
import { SettingsNav } from "./settings-nav"

/** The settings' frame: its sections' navigation beside whichever section is open (the organization layout checked membership). */
export default async function OrganizationSettingsLayout({ children, params }: { children: ReactNode; params: Promise<{ slug: string }> }) {
  const { slug } = await params
  const manages = (await organizationPage(slug)).can({ organization: ["update"] })
  const sections = SETTINGS_SECTIONS.filter((section) => manages || !section.managersOnly)
  return (
    <div className="flex flex-col gap-6 md:flex-row">
      <SettingsNav base={`/o/${slug}/settings`} sections={sections} />
      <div className="min-w-0 flex-1 space-y-6">{children}</div>
    </div>
  )
}
