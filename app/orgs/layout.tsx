import { notFound } from "next/navigation"
import type { ReactNode } from "react"
import { organizationsEnabled } from "@/auth"

/** Organizations off (AUTH_ADAPTER=drizzle): their pages do not exist, as under app/o (organizationPage). */
export default function OrganizationsLayout({ children }: { children: ReactNode }) {
  if (!organizationsEnabled) notFound()
  return children
}
