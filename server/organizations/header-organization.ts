/**
 * What the header's organization switcher needs on every page: whether the
 * user belongs to any organization and the current one's name and slug.
 * The session read of the request usually knows it already (an
 * organization page's membership under the database strategy, the active
 * organization's snapshot under jwt): then it costs no statement. The list
 * of organizations is not read here: the switcher reads it when it opens.
 * A failure never breaks a page: the header then shows no switcher.
 */
import { cache } from "react"
import { organizations, organizationsEnabled } from "@/auth"
import type { Session } from "@/lib/auth"

export interface HeaderOrganization {
  current: { name: string; slug: string } | null
  /** Whether the user belongs to any organization. */
  any: boolean
}

export const headerOrganization = cache(async (session: Session | null): Promise<HeaderOrganization | null> => {
  if (!session?.user || !organizationsEnabled) return null
  try {
    return await organizations.headerOrganization()
  } catch (error) {
    console.error("[organizations] the header's organization could not be read:", error instanceof Error ? error.message : error)
    return null
  }
})
