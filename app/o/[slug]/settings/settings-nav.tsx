/**
 * The settings' own navigation (General, and whatever sections follow):
 * a column beside the forms on a wide screen, a row above them on a phone;
 * hidden while there is one section.
 */
import { SectionNav } from "@/components/section-nav"
import type { SettingsSection } from "@/server/organizations/settings-sections"

export function SettingsNav({ base, sections }: { base: string; sections: readonly SettingsSection[] }) {
  if (sections.length < 2) return null
  const links = sections.map(({ path, label }) => (path ? { href: `${base}/${path}`, label } : { href: base, label, exact: true }))
  return <SectionNav label="Settings sections" links={links} className="md:w-44 md:shrink-0" listClassName="md:flex-col" currentClassName="bg-surface-muted text-fg" />
}
