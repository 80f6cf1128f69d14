/**
 * An organization's sub-navigation: Home, Members, Teams, Settings and (for its
 * owners and admins, who alone may read it) Activity.
 */
import { SectionNav } from "@/components/section-nav"

export function OrganizationNav({ slug, activity }: { slug: string; activity: boolean }) {
  const base = `/o/${slug}`
  const links = [
    { href: base, label: "Home", exact: true },
    { href: `${base}/members`, label: "Members" },
    { href: `${base}/teams`, label: "Teams" },
    { href: `${base}/settings`, label: "Settings" },
    ...(activity ? [{ href: `${base}/activity`, label: "Activity" }] : []),
  ]
  return (
    <SectionNav
      label="Organization"
      links={links}
      className="-mx-4 border-b border-border px-4 sm:-mx-6 sm:px-6"
      listClassName="pb-2"
      currentClassName="bg-accent-soft text-accent-text"
    />
  )
}
