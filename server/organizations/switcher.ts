/**
 * What the header's organization switcher shows: the session's
 * active organization and the user's others, by name and slug. Read once
 * per request: one query for the list, and (database strategy) one for the
 * session's active organization; a user in no organization costs the one. A failure here
 * never breaks a page: the header then shows no switcher.
 */
import { cache } from "react"
import { organizations, organizationsEnabled } from "@/auth"
import type { Session } from "@/lib/auth"

export interface SwitcherOrganization {
  name: string
  slug: string
}

export interface SwitcherData {
  /** The session's active organization, when it is still one of the user's. */
  current: SwitcherOrganization | null
  /** The user's other organizations, oldest membership first. */
  others: SwitcherOrganization[]
}

export const switcherData = cache(async (session: Session | null): Promise<SwitcherData | null> => {
  if (!session?.user || !organizationsEnabled) return null
  try {
    const overview = await organizations.overview()
    if (!overview || overview.organizations.length === 0) return overview ? { current: null, others: [] } : null
    const all = overview.organizations.map(({ organization }) => ({ id: organization.id, name: organization.name, slug: organization.slug }))
    const current = all.find((organization) => organization.id === overview.activeId) ?? null
    return {
      current: current ? { name: current.name, slug: current.slug } : null,
      others: all.filter((organization) => organization !== current).map(({ name, slug }) => ({ name, slug })),
    }
  } catch (error) {
    console.error("[organizations] the organization switcher could not be read:", error instanceof Error ? error.message : error)
    return null
  }
})
